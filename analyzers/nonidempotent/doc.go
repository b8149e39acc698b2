// Package nonidempotent defines an Analyzer that reports retries whose
// operation is not idempotent.
//
// # Analyzer nonidempotent
//
// nonidempotent: report retries that repeat an append, an increment or an external side effect
//
// A retry is a second execution, not a second attempt: the failure it
// answers is usually "the report of the work did not arrive", not "the
// work did not happen". A retry is safe exactly when what it repeats is
// idempotent over its unit. The check reports a retry site (a library
// call, a hand-written loop, a call of the project's own retry helper,
// declared or returned by a function and kept in a variable or a field,
// as retrysite defines them) whose operation, directly or through any
// depth of calls in any package,
//
//   - appends: INSERTs without a conflict clause (ON CONFLICT, or MySQL's
//     and SQLite's merges: see onconflict) whose table has no key from the
//     input in the module's schema, COPYs (into a table named at run time
//     too, outside a transaction), writes to a file opened with
//     os.O_APPEND. An INSERT or COPY in the retry's own package is
//     onconflict's to report, at the statement with the retry, so that a
//     defect is reported once (here only when onconflict is disabled);
//     one in another package is reported here;
//   - increments: UPDATE ... SET n = n + 1, upserts that add;
//   - acts outside the platform: an HTTP POST or PATCH with no
//     Idempotency-Key from the input, an e-mail, a published message.
//
// Some effects are idempotent by their protocol, and the rule packs say
// so: a credential exchange (golang.org/x/oauth2's Exchange,
// PasswordCredentialsToken, TokenSource's Token, clientcredentials'
// Token, and any request to a URL whose path ends in /token, as
// /oauth/token does, a query added after it or not: a token endpoint
// issues a new token for every request and keeps nothing a second one
// duplicates); a write the
// receiver stores by key (a Prometheus remote write,
// prometheus/prometheus's storage/remote WriteClient and Client Store:
// a sample is stored by its series and timestamp, and one written twice
// is stored once); and a PUT of a whole resource or a DELETE, which are
// no effect at all (only POST and PATCH are). InfluxDB's line protocol is
// keyed by series and time only for points that carry their time: a
// point without one takes the server's clock on arrival, and a second
// write is a second point. Which points a write holds is not read, so
// influxdb-client-go's writes are judged as the POSTs they are; telegraf's
// InfluxDB output, whose metrics always carry their time, is exempt (see
// telegraf below). A cloud metadata service's credential fetch is a GET (GCE,
// Azure IMDS) or a PUT (the AWS IMDSv2 session token): no effect either.
//
// A retrying HTTP client is a retry site too, whether retryablehttp.NewClient
// or a &retryablehttp.Client{...} literal builds it, or a call makes an
// existing client retry (resty's c.SetRetryCount(3)): a POST sent through
// it is reported at the constructor, the literal or the configuring call,
// wherever the package sends it: through the variables and struct fields
// that hold the client, the functions that return it, its StandardClient,
// and the requests it makes (c.R().SetBody(b).Post(url)).
//
// A request executor, the one function of an SDK that sends every
// request and retries it (a loop around c.httpClient.Do(req), a retry
// library's call, a retrying client), takes the request or its method
// from its caller: it re-sends a POST as readily as a GET. It is reported
// at the retry,
//
//	retry loop re-sends requests of any method through (*http.Client).Do, POST included, with no idempotency key
//
// The send may be the next step of a chain it cannot see: the next
// handler of a middleware, the next policy of a pipeline, a function
// value; any call that takes the request and returns an *http.Response
// sends it. It is reported unless the retry decides on the method (if
// req.Method != http.MethodGet { return resp, err } before it goes round
// again, the same with the method read in the if's init statement, an
// allowlist, a predicate of the package or a CheckRetry that reads the
// method), or the package sets an idempotency key on its requests: from
// the input, or made once for the request before the retry, since every
// attempt then re-sends the same key. A key made inside the retried
// operation (uuid.New in the loop) is new at every attempt, and no key.
// A function that only passes its caller's request on is no effect for
// its callers; a call of it is, when the request it passes is a POST.
//
// A command protocol's client works the same way: the user's call builds
// the command (Incr builds INCR) and hands it down, through functions
// that take it as a parameter and through hooks held in struct fields,
// to the wire writer, a rule of class any-command (go-redis's
// proto.Writer.WriteArgs). A retry of the call that passes the command
// its own caller built re-sends whatever that command is, and is
// reported there,
//
//	retry loop re-sends commands of any kind through (*redis.baseClient)._process, which sends a Redis command its caller built, non-idempotent ones (an increment, a push, a publish) included
//
// A retry of a command the function builds itself (a read helper's GET,
// a handshake's AUTH and SELECT) is silent: which command it is, is not
// read. So is a command passed through a function value or an interface,
// and one a per-command flag may exempt (go-redis's NoRetry, which the
// library sets only for commands that write to the caller's buffer): the
// flag is not read as an idempotency mark.
//
// A function that something outside the code retries (an Airflow task,
// a Kubernetes Job's command, a cron wrapper, a queue's redelivery) is a
// retry site once the project declares it, in the configuration's
// retried: entries or by a directive in its doc comment:
//
//	//retrylint:retried 3 Airflow task retries
//
// Its operation is the function itself. It is reported at the function,
// naming the declaration,
//
//	Exporter.Run (retried by Airflow task retries: 3 attempts, declared in .retrylint.yml:2) repeats export.Day, which inserts into daily_orders (no ON CONFLICT)
//
// and a directive that declares nothing (a count that is not a whole
// number of 2 or more, no one named as retrying, a directive that is not
// in a function's doc comment) is reported at the directive, and a
// retried: entry that names no function of its package at that
// package's clause.
//
// The call chain to the effect is in the diagnostic's related
// information, one hop each. A chain of more than eight calls shows its
// first seven, a line "... N more calls", and the call that has the
// effect.
//
// Reported:
//
//	err := retry.Do(func() error { return store.AppendOrder(ctx, o) })
//
//	for attempt := 0; attempt < 3; attempt++ {
//		if err := mailer.SendReceipt(o); err == nil {
//			return nil
//		}
//		time.Sleep(jitter(attempt))
//	}
//
// Where the analysis cannot see through a function, its doc comment
// declares its class, and the declaration replaces what is inferred:
//
//	//retrylint:effect idempotent the ledger deduplicates on the transfer id
//	//retrylint:effect appends|increments|external <reason>
//
// Accepted: retries of upserts on input keys, MERGE, delete-then-insert
// in one transaction, GETs, POSTs that carry an idempotency key derived
// from the input, UPDATEs to constants, DELETEs; and functions declared
// //retrylint:effect idempotent <reason>.
//
// An idempotency key the execution makes (uuid.NewString(), time.Now())
// once, before the retry, is a key too: every attempt of the retry sends
// the same one, so the receiver deduplicates them,
//
//	key := uuid.NewString()
//	err := retry.Do(func() error {
//		req.Header.Set("Idempotency-Key", key) // made before: accepted
//		...
//	})
//
// A key made inside the retried operation (the closure, the loop's body)
// is new at every attempt, and no key; so is one a function makes for
// itself, when what is retried is a call of that function.
//
// A POST wrapped in a struct of the package (a request field beside a
// rewindable body, built by a function of the package) is a POST when
// sent through the field.
//
// Calls through function values are not followed, but for the round
// trips above, the retry helpers held in variables, and a local variable
// assigned one function literal (batch := func(ctx) error {...}, called
// by the retry's operation: it does what the literal does), nor calls through
// interfaces, except an interface its package declares and implements
// exactly once, with no other implementation in sight: its calls, in
// that package or any other, have that implementation's effects
// (p.publisher.Publish(ctx, msg) publishes when the package's one
// publisher does). Test doubles are not implementations here: types
// declared in _test.go files or in generated mocks (a file whose
// "Code generated" header names MockGen, mockery or counterfeiter), and
// values of types from packages whose path has a mock, mocks, fake,
// fakes or testutil element. An interface whose implementations are in
// other packages (a driver that registers itself, an adapter package)
// cannot be followed from the package that declares it, and the check
// stays silent on its calls, as on the rest.
//
// A retry helper may retry only what its caller declares idempotent: it
// takes a flag or a policy under which it calls the operation once,
//
//	func do(ctx context.Context, op func(context.Context) error, idempotent bool) error {
//		if !idempotent {
//			return op(ctx)
//		}
//		for attempt := 0; ; attempt++ { ... }
//	}
//
// A caller that passes false is not retried; one that passes true
// declares its operation safe to repeat, and is trusted, as a
// //retrylint:effect idempotent declaration is. A call of such a helper
// is not judged: the helper is gated when an if outside its loops reads
// a boolean parameter (or a boolean field of one, opts.Idempotent) and
// one branch calls the operation with no loop, or holds the loop while
// the code after it calls the operation once. A flag read only inside
// the loop (verbose) is no gate. Only a helper of the call's own package
// is read for a gate: a gated helper of another package is judged as
// any helper.
//
// A loop that goes round only when the service answered with a refusal
// (the request's status compared with a 4xx code: 401 before a token is
// renewed, 429), and never on an error of the call, is not judged: no
// attempt follows a silence in which the last one may have taken effect,
// and a 4xx says the service did not act. A loop that goes round on a
// 5xx, or on any status but success, is judged: a server may fail after
// it acted.
//
// A goroutine a function starts is not part of its effect: a retry of the
// function waits for none of its work. And a library's calls of its own
// API, inside its own module, are its implementation (a flow-control
// reply, a handshake), not judged by the builtin rows that describe that
// API to its users; a project's own rows for its own API apply. So do the
// builtin rows marked own-module: a primitive that carries the user's data
// and that the library calls only on the user's behalf (kafka-go's
// Client.Produce, which its Writer retries), where the library's own retry
// repeats the user's effect. A library's own retry entry point, in turn,
// is a retry site where the library hands it work of its own rather than
// delegating (retrysite's library.own-use): resty's Request.Execute sends
// its caller's request, whatever its method, through resty's own Backoff,
// and is judged as any caller's retry of a POST would be.
//
// # Task queues: asynq and River
//
// A task queue runs the handler registered for a task's kind and runs it
// again when it returns an error: the registration is the retry site,
// the handler its operation, and its effects are judged as for any other
// retry, with the queue's policy in the message.
//
// asynq (github.com/hibiken/asynq): a handler registered with
// (*ServeMux).HandleFunc or Handle (a value's ProcessTask method;
// asynq.HandlerFunc(fn) is fn), or passed to (*Server).Run or Start. A
// ServeMux passed to Run is not a site: its handlers are. A failed task
// is retried up to 25 times by default (defaultMaxRetry in client.go of
// github.com/hibiken/asynq@v0.26.0), or as asynq.MaxRetry(n) says at
// NewTask or at (*Client).Enqueue, which overrides the task's.
//
// River (github.com/riverqueue/river): a worker registered with
// AddWorker or AddWorkerSafely, whose Work method is the operation (or
// the function of river.WorkFunc(fn)). A
// job is attempted 25 times in all by default (MaxAttemptsDefault in
// internal/rivercommon/river_common.go of
// github.com/riverqueue/river@v0.51.2), or as the MaxAttempts of the
// InsertOpts given at (*Client).Insert or InsertTx says, or else that of
// the job args type's InsertOpts() method. A worker's Timeout bounds one
// attempt, not their number.
//
// The enqueues are linked to the registration by the task's kind: asynq's
// task type when both are constants (a registered pattern matches the
// types it prefixes), River's job args type. They are read in the
// registering package and in the packages it imports (tasks built by a
// shared package, through a fact). An asynq task built by a function
// (NewEmailTask returning asynq.NewTask(...)) and enqueued by its caller
// (client.Enqueue(task, asynq.MaxRetry(0))) is one enqueue, with the
// enqueue's options over the task's; a task built and not enqueued in
// sight stands for an enqueue out of sight, with the options it was
// built with, until an enqueue of its kind is seen. When every enqueue of the kind in
// sight runs it once (asynq.MaxRetry(0), MaxAttempts 1, an InsertOpts()
// returning MaxAttempts 1), nothing retries the handler and it is not
// judged; otherwise the message names the option of the first enqueue
// that retries, or the default. An enqueue the analysis does not see (in
// another service, a client's config: river.Config's MaxAttempts is not
// read) leaves the default in place: a handler whose only enqueues are
// out of sight is judged under the default.
//
// # Temporal activities
//
// workflow.ExecuteActivity(ctx, activity, args...) and
// workflow.ExecuteLocalActivity are retry sites whose operation is the
// activity, given as a function or a method value (a.Charge); an activity
// named by a string is not known here and is not judged. The policy is the
// RetryPolicy of the ActivityOptions on ctx: the options of the last
// workflow.WithActivityOptions (WithLocalActivityOptions) call that made
// ctx in the same workflow function, followed through the function's
// assignments of ctx and the workflow package's functions that derive a
// context from another (WithTaskQueue, WithCancel,
// WithScheduleToCloseTimeout, WithRetryPolicy). The options may be a
// composite literal, a local or package-level variable holding one (with
// the fields set on it before the call), or a call of a function of the
// package that returns one. With no RetryPolicy, or MaximumAttempts 0,
// Temporal's default applies: unlimited attempts, ended only by
// ScheduleToCloseTimeout, delays from 1s doubling to 100s, no jitter
// (the server fills the policy in: DefaultDefaultRetrySettings in
// common/retrypolicy/retry_policy.go of go.temporal.io/server v1.30.4,
// documented on RetryPolicy in internal/client.go of go.temporal.io/sdk
// v1.51.0). MaximumAttempts 1 makes one attempt: not a retry site.
// The message names the policy: "workflow.ExecuteActivity (Temporal's
// default RetryPolicy: unlimited attempts)", "(RetryPolicy
// MaximumAttempts 5)".
//
// Where the options are not known here (a context the function was
// given, options from another package) or MaximumAttempts is not a
// constant, the activity may make one attempt, and the check is silent.
//
// An activity whose effects are not idempotent (a POST with no key from
// its input, a publish, an append) is reported at the ExecuteActivity
// call under every policy that retries, MaximumAttempts 5 included.
//
// A registration ((worker.ActivityRegistry).RegisterActivity,
// RegisterActivityWithOptions) makes a function, or every exported method
// of a struct, an activity retried under the policy its callers choose.
// Where a dispatch of the activity is in sight (an ExecuteActivity in the
// package, or in a package it imports, by the activity's name, which a
// package-level fact carries), the dispatch is judged with its policy and
// the registration is not, so that one defect is reported once. An
// activity no dispatch in sight names is reported at its registration,
// since Temporal's default policy retries it, with the activity's name in
// the message; where some dispatch in sight names its activity by a value
// not known here (a function-typed parameter), no registration is
// judged. A workflow in a package the worker does not import, or in
// another service, is not in sight: its activity is judged at the
// registration.
//
// # Retried transactions
//
// A database client that runs a function in a transaction and runs it
// again when the database aborts the transaction is a retry nobody wrote.
// The statements the function runs on the transaction are rolled back
// before the next attempt; everything else it does is done again: a
// request, a publish, an e-mail, and SQL run on another handle (the
// outer *sql.DB, a store with a handle of its own). The check reports
// those at the transaction call, with the client's policy in the message:
//
//	crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
//		if err := ledger.Insert(ctx, tx, e); err != nil { // rolled back: silent
//			return err
//		}
//		_, err := http.Post(chargesURL, "application/json", body) // reported
//		return err
//	})
//
// "the transaction's statements roll back, http.Post does not; move it
// after the commit, or key it by the input". A call runs on the
// transaction when its receiver or one of its arguments mentions the
// transaction or a local variable made from it (tx.Stmt(st),
// queries.New(tx), a context that carries it): tx.ExecContext,
// tx.Create(&row) on the transaction's *gorm.DB, store.insertOrder(ctx,
// tx, o), and the statements that helper runs. Its SQL effects are not
// judged; its other effects are. A helper given the transaction is taken
// to run its SQL on it, and a transaction function passed by name
// (crdb.ExecuteTx(ctx, db, nil, s.saveTx)) is taken to run its SQL on the
// transaction it is given: where that is wrong the check is silent,
// never loud. A function that wraps the client (func (s *Store) inTx(ctx,
// fn func(*sql.Tx) error) error) passes the retry and the transaction's
// parameters on to its callers, across packages; through
// crdb.ExecuteInTx, the parameters its function is called with that
// mention the transaction (popx.Transaction's context and connection).
// A function whose first effect is SQL also records its first effect
// that is not: a helper given the transaction that runs its statement
// and then posts (store.saveAndNotify(ctx, tx, o)) is reported for the
// POST. SQL on another handle after SQL on the transaction, in one
// helper, is not seen.
//
// The clients and their policies:
//
//   - cockroach-go (github.com/cockroachdb/cockroach-go/v2@v2.4.2):
//     crdb.ExecuteTx and the ExecuteTx of crdbpgx, crdbpgxv5, crdbsqlx
//     and crdbgorm begin a transaction and hand it to crdb.ExecuteInTx,
//     which on a retryable error (SQLSTATE 40001, or CR000) rolls back to
//     the savepoint cockroach_restart and runs the function again, up to
//     50 retries (defaultRetries, crdb/tx.go; the loop is in
//     crdb/common.go). crdb.WithMaxRetries(ctx, n) on the context sets n,
//     read when the context is the call's, a local variable's or wrapped
//     by the context package; n = 0 means without limit.
//   - crdb.ExecuteCtx (crdb/tx.go) retries a function that is not a
//     transaction, up to the same 50 retries: everything in it repeats,
//     judged as in any retry. With WithMaxRetries(ctx, 0) it makes one
//     attempt and is not a retry. crdb.Execute retries its function on
//     every retryable error without limit.
//   - cockroach-go before its v2 module
//     (github.com/cockroachdb/cockroach-go@v2.0.1+incompatible, imported
//     as github.com/cockroachdb/cockroach-go/crdb): crdb.ExecuteTx,
//     crdbsqlx.ExecuteTx and crdb.ExecuteInTx, the same savepoint retry
//     with no cap (crdb/common.go), and crdb.Execute. Its crdbpgx (pgx
//     v3) and crdbgorm are not described.
//   - Cloud Spanner (cloud.google.com/go/spanner@v1.96.1):
//     (*spanner.Client).ReadWriteTransaction and
//     ReadWriteTransactionWithOptions (client.go) run the function in a
//     read-write transaction and, each time Spanner aborts it (or it
//     fails with a transient INTERNAL or RESOURCE_EXHAUSTED), roll it
//     back and run the function again with backoff
//     (runWithRetryOnAbortedOrFailedInlineBegin, retry.go), until it
//     commits or the context ends: no attempt cap. Mutations buffered
//     with BufferWrite and DML run with Update are the transaction's.
//
// # telegraf
//
// telegraf's agent (github.com/influxdata/telegraf@v1.37.2) retries an
// output plugin's Write. At every flush (models/running_output.go, run by
// agent/agent.go's flushLoop) it hands Write a batch from the output's
// buffer; when Write returns an error the batch stays in the buffer
// (KeepAll) and is written again, with newer metrics, at the next flush,
// whatever the error, until it is written or the full buffer drops its
// oldest metrics. Only an *internal.PartialWriteError says otherwise: the
// metrics in its MetricsAccept are done, those in MetricsReject dropped.
// The flush loop ends when the agent stops, after a last flush. The rule
// pack's outputs.Add row (rules/packs/telegraf.yaml) makes each
// registration a retry whose operation is the Write method of the type
// the registered creator returns (func() telegraf.Output { return
// &SQL{...} }, or a function of the package that returns one, directly or
// through a constructor of the package); a creator that returns an
// interface value it cannot see through, or values of two types, is not
// judged. A Write that posts, publishes or appends is reported at
// outputs.Add; SQL appends in the output's own package are onconflict's,
// reported at the statement. The registration is judged inside
// telegraf's own module too (own-module): that is where its plugins live.
//
// InfluxDB stores a point by its measurement, tag set and timestamp: a
// point written again replaces the stored one, so a batch written twice
// duplicates nothing. The pack says so of the influxdb_v2 output's Write
// with an effects row of class idempotent; the 1.x output writes through
// a Client interface with two implementations, which is not followed.
package nonidempotent
