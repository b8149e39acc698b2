// Package effects defines an Analyzer that finds, for every function,
// whether running it performs a non-idempotent effect. It reports
// nothing; it exports facts, so that the analysis crosses packages, and a
// Result that the nonidempotent check reads.
//
// # Analyzer effects
//
// effects: find the functions whose second execution appends, increments or acts outside the platform again
//
// An effect is one of three classes, after the seeds' vocabulary:
//
//   - appends: a write that adds every time: an INSERT with no conflict
//     clause (ON CONFLICT; in MySQL ON DUPLICATE KEY UPDATE, INSERT IGNORE
//     or REPLACE; in SQLite INSERT OR IGNORE or OR REPLACE too), as the
//     onconflict check reads it, a COPY (into a table named at run
//     time too, outside a transaction), a write to a file opened with
//     os.O_APPEND;
//   - increments: a write relative to the current value: UPDATE ... SET n =
//     n + 1, an upsert that adds, a counter increment in Redis;
//   - external: an act outside the platform that cannot be taken back: an
//     HTTP POST or PATCH without an idempotency key from the input, an
//     e-mail, a published message.
//
// Direct effects come from the rule packs (effects, http-requests,
// non-idempotent-methods, idempotency-headers) and from the SQL that
// sqlextract resolves. A function has the effect of any function it calls
// that has one, through any depth of calls, in this package (a worklist
// to the fixed point; recursion ends) or another (facts, exported on the
// function's generic origin, with a witness chain of at most eight hops).
// Calls through function values are not guessed at (but for a local
// variable assigned one function literal, whose call does what the
// literal does, the variable its first hop), nor calls through
// interfaces, except one the package declares and implements exactly
// once, with no value of another implementing type in sight: the call
// runs that implementation, which the chain names. Test doubles do not
// count as implementations: types declared in _test.go files or in
// generated mocks (MockGen, mockery, counterfeiter headers), and values
// of types of packages whose path has a mock, mocks, fake, fakes or
// testutil element. An interface implemented only in other packages is
// not followed. Such an interface's
// methods carry that implementation's effects as facts, so a call
// through it from another package has them too.
//
// One thing is told of such a call from its signature alone: a call that
// takes a request (an *http.Request, or a value that holds one, as a
// pipeline's request type does) and returns an *http.Response is a round
// trip, whatever it runs: it sends that request (next(req) in a
// middleware chain, nextPolicy.Do(req) in a pipeline, a transport held
// as a function value), as client.Do(req) does. A request that is a
// parameter of a function literal is not followed: who calls the
// literal, with which requests, cannot be told there.
//
// A request's method decides whether sending it is an effect: a constant
// method, through the request constructors of the rules and the
// functions of the package that return what they build. A request whose
// method the caller chooses (a request parameter, a field of one, a
// method parameter, also one the function sets to a default only when
// the caller passes none: if method == "" { method = "POST" }) is no
// effect of the function that sends it: the
// function forwards it (a SendsFact, across packages), and a call of it
// has the effect of the request it passes, POST or GET. The sending call
// itself is AnyMethod in the Result, for the check to report where it is
// retried: never a function's effect, so that forwarding a request makes
// no caller non-idempotent.
//
// A command protocol's wire writer (a rule of class any-command, with the
// argument that carries the command) sends whatever command its caller
// built. A function that passes it a command from one of its parameters
// (the parameter itself, a method's result or field of it, an element of
// it, a local assigned one; not the receiver) sends its caller's command
// (a CommandFact, across packages), and so does a function that passes
// its parameter on to one that does, or calls a function-valued struct
// field to which the package assigns one (a hook). A call that sends the
// command of its function's caller is AnyCommand in the Result, reported
// only where that call is retried; like AnyMethod it is never a
// function's effect. A command the function builds itself is not
// followed.
//
// A request (or its method) held in a field of a value the function
// makes, a struct that wraps the *http.Request with a body it can
// rewind, is followed to every value stored in that field: in the
// composite literal that makes a local variable, in what a function of
// this package returns for it (read there, its parameters mapped to the
// call's arguments), and in assignments to the field in the function.
// A GET wrapped so stays no effect. What the struct's methods store in
// the field (r.Request = r.WithContext(ctx)) is not read: a derived
// request keeps its method.
//
// A function's doc comment can declare its class where the analysis
// cannot see through it (a stored procedure, a receiver that
// deduplicates):
//
//	//retrylint:effect idempotent the ledger deduplicates on the transfer id
//	//retrylint:effect appends the procedure inserts a row per call
//	//retrylint:effect external it charges the card
//
// An effects row of class idempotent says the first of these from a rule
// pack, for a function one cannot annotate (telegraf's InfluxDB outputs,
// whose write endpoint replaces a point of the same series and time):
// the function has no effect, and a call of it none, in every package.
// The builtin rows say so of golang.org/x/oauth2's credential exchanges
// ((*Config).Exchange, PasswordCredentialsToken, TokenSource's Token,
// clientcredentials' Token): a token endpoint issues a new token for
// every request and keeps nothing a second one duplicates.
//
// A request to a path of the rules' idempotent-endpoints (/token: an
// OAuth2 token endpoint, /oauth/token, an STS's /v1/token) is no effect
// either, whatever its method: the URL argument of a request constructor
// or of a sending call that takes one (http.Post, client.PostForm) is
// read as far as constants spell its end (a literal, a constant, base +
// "/oauth/token", what follows fmt.Sprintf's last verb, a local variable
// that is one on every assignment). A URL from a parameter, a field or a
// call is not followed, and the request is judged by its method.
package effects
