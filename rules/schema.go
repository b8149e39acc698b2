package rules

import (
	"fmt"
	"strconv"

	"gopkg.in/yaml.v3"
)

// A Pack is one YAML file: the facts about one retry library, or the
// project-wide tables (waits, random sources). Every list is optional.
type Pack struct {
	// Library is the module or package path the pack describes, for
	// messages and docs only.
	Library string `yaml:"library"`
	Doc     string `yaml:"doc"`

	// Retries are the entry points that run an operation again on failure.
	Retries []Retry `yaml:"retries"`
	// Clients are constructors of retrying clients, and calls that make
	// an existing client retry (configures): every request made through
	// the client is retried.
	Clients []Retry `yaml:"clients"`
	// Values say what configuration expressions mean for the policy.
	Values []Value `yaml:"values"`
	// Waits are calls that block for a duration: what a hand-written loop
	// sleeps with.
	Waits []Wait `yaml:"waits"`
	// Random lists packages whose functions produce randomness; a delay
	// that depends on one has jitter.
	Random []Name `yaml:"random"`
	// Contexts say which context constructors give a context that never
	// ends, or one that ends when its parent does. Any other context is
	// assumed to end.
	Contexts []Context `yaml:"contexts"`
	// Clocks are functions and methods that read the clock: a loop that
	// leaves on a comparison of one is bounded in time.
	Clocks []Name `yaml:"clocks"`
	// Local are calls that reach no dependency (a listener's Accept): a
	// retry of them loads nothing remote, and its delay is not judged.
	Local []Name `yaml:"local"`
	// Remote are packages whose functions and methods (those of its
	// interfaces too) reach another process: a network client, a
	// database handle. A retry of an operation that calls one, itself or
	// through the functions of the code analysed, loads a dependency every
	// client shares. A call that Local names stays local.
	Remote []Name `yaml:"remote"`
	// Exits are calls that never return (os.Exit, log.Fatal): a loop
	// branch that makes one leaves the loop.
	Exits []Name `yaml:"exits"`
	// Growth are functions whose result grows with their argument: a
	// delay computed by one backs off.
	Growth []Name `yaml:"growth"`
	// Records are packages (every function and method of a package and
	// of the packages under it) and functions whose calls only record a
	// value: a log, a metric, a span, an error, a deadline. A unit of the
	// wall clock that only reaches one is neither written nor read.
	Records []Name `yaml:"records"`
	// Signs are packages (and those under them) that hash or sign what
	// they are given: a time of the clock that goes into one is the time
	// of a signature, which every attempt takes afresh.
	Signs []Name `yaml:"signs"`
	// TimeUnits are methods of a time type that make a calendar unit of
	// the time (a day, an hour, a date), and TimeKeeps those whose result
	// is the same time of the clock, moved or in another zone: wallclock
	// follows a read of the clock through the keeps to the units. The
	// receivers of their rows are the time types.
	TimeUnits []TimeUnit `yaml:"time-units"`
	TimeKeeps []TimeKeep `yaml:"time-keeps"`

	// Sinks are calls that run SQL: where the query is, where its bind
	// arguments start.
	Sinks []Sink `yaml:"sql-sinks"`
	// Inserts are ORM calls that insert a model's rows without SQL text
	// (gorm's Create): the table and columns come from the model's type.
	Inserts []Insert `yaml:"orm-inserts"`
	// Builders are query builders whose chained calls spell an INSERT
	// (squirrel's Insert("t").Columns(...).Values(...).Suffix(...)).
	Builders []Builder `yaml:"insert-builders"`
	// SQLExecutionFunctions are SQL functions whose value comes from the
	// execution, not the input: now(), gen_random_uuid(), nextval().
	SQLExecutionFunctions []Name `yaml:"sql-execution-functions"`
	// ExecutionValues are Go functions whose value comes from the
	// execution: uuid.New, time.Now. A random source's functions are
	// execution values too.
	ExecutionValues []Name `yaml:"execution-values"`
	// Transactions are the types whose values are a database transaction
	// (pkg.Type): statements run on one value commit together.
	Transactions []Name `yaml:"transactions"`
	// TransactionCallbacks are calls that run a callback inside a
	// transaction, passing it the transaction.
	TransactionCallbacks []TxCallback `yaml:"transaction-callbacks"`
	// SQLDrivers are the packages that talk to one database, with its SQL
	// dialect: a package that imports one, directly or through its
	// imports, sends SQL in that dialect.
	SQLDrivers []SQLDriver `yaml:"sql-drivers"`

	// TerminalSources are calls whose errors are terminal: a second
	// attempt fails the same way (a parse error, a missing file).
	TerminalSources []TerminalSource `yaml:"terminal-sources"`
	// TerminalWrappers are the wrappers a retry row's terminal names
	// that catchall's fix may call, with what each makes of a nil error.
	TerminalWrappers []TerminalWrapper `yaml:"terminal-wrappers"`

	// Effects are calls that are not idempotent: a second execution does
	// the work again.
	Effects []Effect `yaml:"effects"`
	// Requests are the constructors of HTTP requests, with their method
	// argument: a request's method decides whether sending it is an effect.
	Requests []Request `yaml:"http-requests"`
	// NonIdempotentMethods are the HTTP methods whose requests are effects
	// (POST, PATCH).
	NonIdempotentMethods []Name `yaml:"non-idempotent-methods"`
	// IdempotencyHeaders are the request headers that make a request safe
	// to send twice when their value comes from the input, or is made once
	// before the attempts; a header that ends in one after a vendor's
	// prefix counts too.
	IdempotencyHeaders []Name `yaml:"idempotency-headers"`
	// IdempotentEndpoints are URL paths whose POST is idempotent by the
	// protocol it speaks (an OAuth2 token endpoint): a request sent to
	// one, with a URL whose end is known, is no effect.
	IdempotentEndpoints []IdempotentEndpoint `yaml:"idempotent-endpoints"`

	// Enqueues are calls that submit a task to a framework's handlers,
	// and AttemptOptions the options that set how many times it runs
	// (queues.go).
	Enqueues       []Enqueue  `yaml:"enqueues"`
	AttemptOptions []Attempts `yaml:"attempts"`
	// RetryOptions say where a framework's retry policy is set when the
	// dispatch does not take it as an argument: on its context, in
	// fields of an options struct (retryoptions.go).
	RetryOptions []RetryOption `yaml:"retry-options"`

	file string
}

// Retry describes an entry point of a retry library.
type Retry struct {
	// Call is the full name of the function or method (types.Func.FullName
	// of its generic origin; type parameter lists may be omitted).
	Call string `yaml:"call"`
	// Builtin marks a row of the embedded packs: the library's own module
	// calling its entry points is not judged by it.
	Builtin bool `yaml:"-"`
	// Operation is the argument that holds the retried operation.
	Operation *Arg `yaml:"operation"`
	// Policy is the argument (or "receiver") whose value configures the
	// retry: a backoff, a policy, an executor.
	Policy *Arg `yaml:"policy"`
	// Options is the first of the variadic option arguments, applied in
	// order over Default.
	Options *Arg `yaml:"options"`
	// Context is the context argument: the retry ends when it is cancelled.
	Context *Arg `yaml:"context"`
	// Default is the policy before any configuration is read.
	Default Props `yaml:"default"`
	// Fix is offered when the default itself is the culprit.
	Fix *Fix `yaml:"fix"`
	// Remedy says what to do, in a message, where no fix is offered.
	Remedy string `yaml:"remedy"`

	// Classifier is the predicate argument that decides which errors are
	// retried (client-go OnError): classified unless it is constantly true.
	Classifier *Arg `yaml:"classifier"`
	// Terminal are the wrappers that mark an error terminal
	// (backoff.Permanent): an operation that returns one on some path is
	// classified.
	Terminal []Name `yaml:"terminal"`
	// Retryable are the wrappers of an opt-in library that mark an error
	// retryable (go-retry's RetryableError): an operation that wraps some
	// error paths and not others is classified; one that wraps every error
	// path retries everything.
	Retryable []Name `yaml:"retryable"`
	// Breaks are the methods of the handle the library gives the
	// operation that stop the retry from inside it (roko's r.Break()):
	// an operation that calls one on some path classifies, and one that
	// hands the handle on to another function may, which is not known.
	Breaks []Name `yaml:"breaks"`
	// Condition marks an opt-in condition (k8s wait): it retries on
	// (false, nil) and stops on a non-nil error; one that returns (false,
	// nil) on every error swallows them all.
	Condition bool `yaml:"condition"`
	// Poll, with condition, marks a wait for a state (k8s wait.Poll*):
	// the call is a retry site only when its condition answers "not
	// done" (false, nil) on nothing but a failure of what it asks (if
	// err != nil { return false, nil }). A condition that can answer not
	// done after a success polls a state, and the call is no site.
	Poll bool `yaml:"poll"`

	// Framework names the task framework or database client whose
	// dispatch, registration or transaction call this is (Temporal,
	// asynq, River, cockroach-go): a retry nobody wrote. Its delays are
	// the framework's, which the user cannot randomise.
	Framework string `yaml:"framework"`
	// Method: the operation argument is a value whose method of this
	// name is the operation (a handler registered as a type: asynq's
	// ProcessTask, River's Work).
	Method string `yaml:"method"`
	// Rollback is the operation's parameter that is the transaction: a
	// retried transaction rolls back what was run on it before the next
	// attempt, and repeats everything else.
	Rollback *Arg `yaml:"rollback"`
	// Kind, with framework, is the argument that names the task kind the
	// handler runs (asynq's pattern), which links it to the enqueues of
	// that kind; without it, the kind is the call's first type argument
	// (River's job args). Says tells messages how the framework retries
	// when no enqueue's option says otherwise.
	Kind *Arg   `yaml:"kind"`
	Says string `yaml:"says"`
	// Unwraps, with method, are calls that make the registered value of
	// a function (river.WorkFunc(fn)): the function is the operation.
	Unwraps []Name `yaml:"unwraps"`
	// Transaction is the call's argument that is the transaction, for a
	// call whose operation takes none (crdb.ExecuteInTx(ctx, tx, fn)):
	// what the operation runs on it is rolled back before the next
	// attempt.
	Transaction *Arg `yaml:"transaction"`
	// OwnModule, on a builtin row, judges the library's own calls too,
	// from its other packages: a registration its module makes for its
	// plugins (telegraf's outputs.Add, called by every output of the
	// telegraf module) is a user's. Without it a library's delegation to
	// its own entry points is its implementation: a call from another
	// entry point, or one that hands on an operation it was given. Its
	// other calls hand the entry point work of its own and are judged.
	OwnModule bool `yaml:"own-module"`
	// TerminalRemedy, with framework, says how an operation stops the
	// retries of an error that will not clear, when the framework's
	// marker is not a call or a variable that terminal can name
	// (telegraf's internal.PartialWriteError, a struct whose
	// MetricsReject lists the metrics to drop): catchall's remedy.
	TerminalRemedy string `yaml:"terminal-remedy"`
	// RetriesOn, with framework, names the error on which a database
	// client runs its operation again ("retryable error (SQLSTATE
	// 40001)"), for messages: the client retries on every one, without
	// limit, or on one up to its cap.
	RetriesOn string `yaml:"retries-on"`
	// DefaultRetries, with retries-on and context, is how many times the
	// client runs the operation again by default (cockroach-go's
	// defaultRetries, 50); an attempts row of its framework with context
	// sets another number on the context the call is given.
	DefaultRetries *int `yaml:"default-retries"`
	// Unlimited, with default-retries, is the number that, set by such an
	// option, lifts the cap (0 for crdb.ExecuteInTx). Without it the
	// number counts as it says: 0 retries is one attempt, no retry.
	Unlimited *int `yaml:"unlimited"`

	// Configures, on a client row, is the argument (or "receiver") that
	// holds an existing client the call makes retry (resty's
	// c.SetRetryCount(3)): the requests sent through that client are
	// retried, and the call is the site.
	Configures *Arg `yaml:"configures"`
	// Count, on a client row, is the argument that holds the number of
	// retries: a constant 0 or less leaves the client without retries,
	// and the call is no site.
	Count *Arg `yaml:"count"`

	Line int `yaml:"-"`
}

// Value says how one configuration expression shapes a policy. Exactly one
// of Call, Func, Var, Literal and Field names what it matches.
type Value struct {
	Call    string `yaml:"call"`    // a call of this function or method
	Func    string `yaml:"func"`    // this function used as a value
	Var     string `yaml:"var"`     // this package-level variable
	Literal string `yaml:"literal"` // a composite literal of this named type
	Field   string `yaml:"field"`   // pkg.Type.Field: a key in a literal or an assignment

	// Wraps inherits the policy of this argument (or "receiver"); for a
	// variadic argument, of all of them.
	Wraps *Arg `yaml:"wraps"`
	// Options is the first variadic option argument, applied in order.
	Options *Arg `yaml:"options"`
	// Context is a context argument: the policy ends when it is cancelled.
	Context *Arg `yaml:"context"`
	// Set is applied after Wraps and before When, Options and Context.
	Set Props `yaml:"set"`
	// Arg is the argument that When looks at: for a field, the assigned
	// value is argument 0.
	Arg *Arg `yaml:"arg"`
	// When chooses the first case whose Equals matches the constant value
	// of Arg; a case without Equals matches anything, including a value
	// that is not constant.
	When []Case `yaml:"when"`
	// Fix is offered when this value is what turned jitter off.
	Fix *Fix `yaml:"fix"`
	// Remedy says what to do, in a message, where no fix is offered.
	Remedy string `yaml:"remedy"`
	// Predicate is the argument holding an error predicate (avast
	// RetryIf): the value classifies unless the predicate is constantly
	// true.
	Predicate *Arg `yaml:"predicate"`
	// ReplacesTerminal says the value turns the library's terminal
	// wrappers off (avast: a RetryIf replaces the Unrecoverable check).
	ReplacesTerminal bool `yaml:"replaces-terminal"`

	Line int `yaml:"-"`
}

// Case is one branch of a Value's When.
type Case struct {
	Equals *Scalar `yaml:"equals"`
	Set    Props   `yaml:"set"`
	Fix    *Fix    `yaml:"fix"`

	Line int `yaml:"-"`
}

// Wait is a call that blocks for the duration in argument Delay.
type Wait struct {
	Call  string `yaml:"call"`
	Delay *Arg   `yaml:"delay"`

	Line int `yaml:"-"`
}

// Context describes a function that returns a context.
type Context struct {
	Call string `yaml:"call"`
	// Ends is false for a context that is never cancelled.
	Ends *bool `yaml:"ends"`
	// Parent is the argument whose context this one ends with.
	Parent *Arg `yaml:"parent"`

	Line int `yaml:"-"`
}

// Sink is a call that runs SQL.
type Sink struct {
	Call string `yaml:"call"`
	// Query is the argument that holds the SQL text.
	Query *Arg `yaml:"query"`
	// Args is the first bind argument ($1), if the call takes them.
	Args *Arg `yaml:"args"`
	// Table is the table-name argument of a call that loads rows without
	// SQL text (pgx CopyFrom); such a call appends.
	Table *Arg `yaml:"table"`
	// Rebinds says the call rewrites ? placeholders into the driver's own
	// (gorm): a ? in its text says nothing of the dialect.
	Rebinds bool `yaml:"rebinds"`
	// Named is the struct tag key of a call that binds the one argument
	// after the query by name (sqlx's NamedExec: :name takes the field
	// tagged db:"name"); empty for a call that binds by position.
	Named string `yaml:"named"`

	Line int `yaml:"-"`
}

// Insert is an ORM call that inserts the rows of a model: a struct, or
// a slice of structs, behind pointers.
type Insert struct {
	Call string `yaml:"call"`
	// Model is the argument holding the rows: of the call, or, with
	// ModelCall, of that call earlier in the receiver's chain (bun's
	// NewInsert().Model(&rows).Exec(ctx)).
	Model     *Arg   `yaml:"model"`
	ModelCall string `yaml:"model-call"`
	// Naming is how the ORM names a model's table and columns: gorm
	// (snake_case columns, the plural snake_case of the type or its
	// TableName method, the gorm tag's column, primaryKey,
	// autoIncrement and default settings, and an integer ID field
	// filled by the database) or bun (the bun tag's name, pk,
	// autoincrement, unique and default, and the table: setting of an
	// embedded bun.BaseModel).
	Naming string `yaml:"naming"`
	// BaseModel is a type a model embeds whose tag names the table (bun's
	// schema.BaseModel with bun:"table:users"), for the bun naming.
	BaseModel string `yaml:"base-model"`
	// Merges are calls earlier in the receiver's chain that turn the
	// insert into a merge: gorm's Clauses with a clause.OnConflict.
	Merges []InsertMerge `yaml:"merges"`
	// Remedy says how to merge with this ORM, for messages.
	Remedy string `yaml:"remedy"`

	Line int `yaml:"-"`
}

// Builder is a query builder whose calls, chained or through local
// variables, spell an INSERT: a start call names the table (and, for
// some builders, its columns and values as a map), later calls add
// columns, a row of values, a map of columns to values, words after
// INSERT and text after the statement; a run call executes it, a text
// call returns its SQL. Each call is named in full, as a sink is.
type Builder struct {
	// Starts are the calls that begin an INSERT; ReplaceStarts begin a
	// REPLACE (squirrel's Replace), UpsertStarts an upsert on the
	// conflict columns they are given (dbx's Upsert).
	Starts        []string `yaml:"starts"`
	ReplaceStarts []string `yaml:"replace-starts"`
	UpsertStarts  []string `yaml:"upsert-starts"`
	// Table is the start's table argument; Map, when the start takes the
	// columns as a map of column to value (dbx.Params), that argument;
	// Conflict, for an upsert start, the first of its conflict columns.
	Table    *Arg `yaml:"table"`
	Map      *Arg `yaml:"map"`
	Conflict *Arg `yaml:"conflict"`
	// The calls of the chain, by role: variadic column names, one row of
	// variadic values, a map of column to value, words after INSERT
	// (IGNORE), text after the statement (ON CONFLICT ...), the table.
	Columns []string `yaml:"columns"`
	Values  []string `yaml:"values"`
	SetMap  []string `yaml:"set-map"`
	Options []string `yaml:"options"`
	Suffix  []string `yaml:"suffix"`
	Into    []string `yaml:"into"`
	// ValueRows take rows, each a slice literal of one row's values
	// (goqu's Vals(goqu.Vals{a, b})); the first row gives the values.
	ValueRows []string `yaml:"value-rows"`
	// Merges take the conflict clause that makes the INSERT a merge
	// (goqu's OnConflict): a call of DoNothing (ON CONFLICT DO NOTHING)
	// or of DoUpdate (ON CONFLICT (target) DO UPDATE), whose MergeTarget
	// argument is the constant conflict target: columns separated by
	// commas, written in parentheses, or ON CONSTRAINT name.
	Merges      []string `yaml:"merges"`
	DoNothing   []string `yaml:"do-nothing"`
	DoUpdate    []string `yaml:"do-update"`
	MergeTarget *Arg     `yaml:"merge-target"`
	// Executors turn the builder into the value whose runs execute it
	// (goqu's Executor()).
	Executors []string `yaml:"executors"`
	// Unread are calls after which the INSERT is not read: a row from a
	// query (FromQuery), a clause cleared (ClearVals).
	Unread []string `yaml:"unread"`
	// Runs execute the statement; Text calls return its SQL as their
	// first result (ToSql), for a sink that runs it.
	Runs []string `yaml:"runs"`
	Text []string `yaml:"text"`
	// Remedy says how to merge with this builder, for messages.
	Remedy string `yaml:"remedy"`

	Line int `yaml:"-"`
}

// InsertMerge is a call that makes an ORM insert a merge: when one of
// its arguments has the type ArgType, or its first argument is a
// constant that starts with ArgPrefix, or, with neither, always.
type InsertMerge struct {
	Call      string `yaml:"call"`
	ArgType   string `yaml:"arg-type"`
	ArgPrefix string `yaml:"arg-prefix"`
	// What names the merge in messages: "clause.OnConflict".
	What string `yaml:"what"`
}

// TimeUnit is a method of a time type that makes a unit of its time.
type TimeUnit struct {
	// Call is the method: (time.Time).Truncate.
	Call string `yaml:"call"`
	// Makes says how: "component" (the result is a part of the date:
	// Year, Day, Date), "truncate" (Arg is a duration: an hour or more
	// makes an hour, a day or a period), or "format" (Arg is a Go layout:
	// one with a date and no minute makes a date, or an hour).
	Makes string `yaml:"makes"`
	// Arg is the duration's or the layout's argument.
	Arg *Arg `yaml:"arg"`

	Line int `yaml:"-"`
}

// The ways a TimeUnit makes a unit.
const (
	MakesComponent = "component"
	MakesTruncate  = "truncate"
	MakesFormat    = "format"
)

// TimeKeep is a method of a time type whose result is the same time of
// the clock: converted to a zone, or moved by a duration or a date.
type TimeKeep struct {
	Call string `yaml:"call"`
	// Back is the argument that, given a negative constant, moves the time
	// back a day or more (AddDate's days): messages say so.
	Back *Arg `yaml:"back"`

	Line int `yaml:"-"`
}

// TerminalSource is a call whose error is terminal.
type TerminalSource struct {
	Call string `yaml:"call"`
	// What names the error, for messages: "a JSON decoding error".
	What string `yaml:"what"`

	Line int `yaml:"-"`
}

// TerminalWrapper is a function that marks the error it is given
// terminal (backoff.Permanent): catchall's fix wraps a terminal error in
// it. A wrapper without a row is named in messages, never written by a
// fix.
type TerminalWrapper struct {
	Call string `yaml:"call"`
	// KeepsNil says whether the wrapper returns nil for a nil error
	// (backoff.Permanent) or a non-nil error (retry-go's Unrecoverable):
	// a wrapper that does not keep nil, put round an error that may be
	// nil, makes every success fail. Required.
	KeepsNil *bool `yaml:"keeps-nil"`

	Line int `yaml:"-"`
}

// Effect is a call that is not idempotent.
type Effect struct {
	Call string `yaml:"call"`
	// Builtin marks a row of the embedded packs: a library's own calls of
	// its API are not judged by it. A project's row for its own API is.
	Builtin bool `yaml:"-"`
	// Class is appends, increments, external, or any-command: the call
	// sends a command its caller built (a wire protocol's writer), any
	// command, non-idempotent ones included; or idempotent: the receiver
	// makes a repeat of the call harmless (InfluxDB's write replaces a
	// point of the same series and time), whatever the calls it makes
	// look like. What then says why.
	Class string `yaml:"class"`
	// What says what the call does, for messages: "sends an e-mail".
	What string `yaml:"what"`
	// Request is the *http.Request argument (or "receiver"): the call is an
	// effect only when the request's method is non-idempotent and it
	// carries no idempotency header from the input.
	Request *Arg `yaml:"request"`
	// Method is the argument that holds the HTTP method, for calls that
	// take one (resty's Execute).
	Method *Arg `yaml:"method"`
	// URL is the argument that holds the URL, for calls that take one
	// (http.Post): a call to an idempotent endpoint is no effect.
	URL *Arg `yaml:"url"`
	// Command is the argument (or "receiver") that carries the command an
	// any-command call sends: a call sends its caller's command when that
	// argument comes from a parameter of the function that calls it.
	Command *Arg `yaml:"command"`
	// AppendFile is the file argument (or "receiver"): the call is an
	// effect only on a file opened with os.O_APPEND.
	AppendFile *Arg `yaml:"append-file"`
	// SafeWith are calls that make the effect safe to repeat when their
	// value comes from the input: an option among the call's arguments
	// (nats.MsgId), or a step of the receiver's builder chain (resty's
	// SetHeader("Idempotency-Key", ...)).
	SafeWith []SafeWith `yaml:"safe-with"`
	// OwnModule makes a builtin row judge its library's own calls too: the
	// call is the primitive that carries the caller's data (a produce of
	// the user's records), which the library makes only on the user's
	// behalf, so a retry of it inside the library repeats the user's
	// effect. Without it, the library's calls of its API are its
	// implementation (a flow-control reply, a handshake).
	OwnModule bool `yaml:"own-module"`
	// TerminalRemedy, with framework, says how an operation stops the
	// retries of an error that will not clear, when the framework's
	// marker is not a call or a variable that terminal can name
	// (telegraf's internal.PartialWriteError, a struct whose
	// MetricsReject lists the metrics to drop): catchall's remedy.
	TerminalRemedy string `yaml:"terminal-remedy"`

	Line int `yaml:"-"`
}

// SafeWith is a call whose argument Value, when it comes from the input,
// makes an effect safe; with Header, only when the argument Header names
// an idempotency header.
type SafeWith struct {
	Call   string `yaml:"call"`
	Value  *Arg   `yaml:"value"`
	Header *Arg   `yaml:"header"`

	Line int `yaml:"-"`
}

// Request is an HTTP request constructor.
type Request struct {
	Call   string `yaml:"call"`
	Method *Arg   `yaml:"method"`
	// URL is the argument that holds the URL: a request to an idempotent
	// endpoint is no effect, whatever its method.
	URL *Arg `yaml:"url"`

	Line int `yaml:"-"`
}

// IdempotentEndpoint is a URL path whose requests are safe to repeat by
// the protocol it speaks, whatever their method.
type IdempotentEndpoint struct {
	// Path is the end of the URL's path, from a slash: /token matches
	// https://login.example/oauth/token and /v1/token?grant_type=x.
	Path string `yaml:"path"`
	// Why says what the protocol makes of a second request, for the docs.
	Why string `yaml:"why"`

	Line int `yaml:"-"`
}

// SQLDriver is a package that talks to one database: a database/sql
// driver, a client, an ORM's dialect package. Package matches the
// packages below it too (github.com/jackc/pgx: v5, v5/pgxpool...).
type SQLDriver struct {
	Package string `yaml:"package"`
	// Dialect is postgresql, mysql or sqlite.
	Dialect string `yaml:"dialect"`

	Line int `yaml:"-"`
}

// SQLDialects are the dialects an SQLDriver may name.
var SQLDialects = []string{"postgresql", "mysql", "sqlite"}

// TxCallback is a call that runs Callback in a transaction it passes as
// the callback's parameter Param.
type TxCallback struct {
	Call     string `yaml:"call"`
	Callback *Arg   `yaml:"callback"`
	Param    int    `yaml:"param"`

	Line int `yaml:"-"`
}

// Name is a function or package name in a plain list, with its line.
type Name struct {
	Name string
	Line int
}

func (n *Name) UnmarshalYAML(node *yaml.Node) error {
	if node.Kind != yaml.ScalarNode || node.Tag != "!!str" {
		return &lineError{node.Line, fmt.Sprintf("expected a name, found %s", describe(node))}
	}
	n.Name, n.Line = node.Value, node.Line
	return nil
}

// Fix is a suggested fix as a text template. In Replace, {arg} stands for
// the source text of the matched expression and {pkg} for the name under
// which the library's package is imported in the file. AddField adds a
// key to a composite literal.
type Fix struct {
	Label    string `yaml:"label"`
	Replace  string `yaml:"replace"`
	AddField string `yaml:"add-field"`

	Line int `yaml:"-"`
}

// Props is what a piece of configuration says about a retry policy. A nil
// field says nothing and leaves the earlier value in place.
type Props struct {
	Jitter   *bool `yaml:"jitter"`
	Attempts *bool `yaml:"attempts"` // an attempt cap
	Elapsed  *bool `yaml:"elapsed"`  // an elapsed-time cap
	Cancel   *bool `yaml:"cancel"`   // ends when a context ends
	// Classified is true when the retry tells terminal errors from
	// transient ones (a RetryIf, a HandleErrors), false when it retries
	// every error.
	Classified *bool `yaml:"classified"`
	// Retries is false when the configuration makes one attempt and no
	// retry (a gRPC retry interceptor without WithMax, an exporter's
	// RetryConfig with Enabled false): a client whose policy says so is
	// no retry site.
	Retries *bool `yaml:"retries"`
}

// Empty reports whether p says nothing.
func (p Props) Empty() bool {
	return p.Jitter == nil && p.Attempts == nil && p.Elapsed == nil && p.Cancel == nil && p.Classified == nil && p.Retries == nil
}

// Receiver is the Arg index that stands for a method's receiver.
const Receiver = -1

// Arg is an argument index, or Receiver, written "receiver" in YAML.
type Arg int

func (a *Arg) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode && n.Value == "receiver" {
		*a = Receiver
		return nil
	}
	i, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil || i < 0 {
		return &lineError{n.Line, fmt.Sprintf("argument must be an index >= 0 or \"receiver\", not %s", describe(n))}
	}
	*a = Arg(i)
	return nil
}

func (a Arg) String() string {
	if a == Receiver {
		return "receiver"
	}
	return strconv.Itoa(int(a))
}

// Scalar is a constant a case compares with: a number or a boolean.
type Scalar string

func (s *Scalar) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float" && n.Tag != "!!bool") {
		return &lineError{n.Line, fmt.Sprintf("equals takes a number or true/false, not %s", describe(n))}
	}
	*s = Scalar(n.Value)
	return nil
}
