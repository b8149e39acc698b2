// Package retrysite defines an Analyzer that finds the retry sites of a
// package and describes each: where it is, what kind it is, the operation
// it repeats, its delays, its caps and its jitter. It reports nothing; the
// checks read its Result.
//
// # Analyzer retrysite
//
// retrysite: find retry sites (library calls, hand-written loops, retrying clients, project retry helpers)
//
// A retry site is one of:
//
//   - a call of a retry library's entry point, from the rule packs
//     (backoff.Retry, retry.Do, wait.ExponentialBackoff, ...), with its
//     policy read from the arguments, options and configuration values;
//   - a constructor of a retrying client (retryablehttp.NewClient), with
//     the field assignments made to the client in the same function, or a
//     call that makes an existing client retry (resty's
//     c.SetRetryCount(3)); a client configured to make one attempt (a
//     count of 0, a gRPC retry interceptor without WithMax) is none, nor
//     is a setter that hands its parameter on as the count (the retry is
//     judged where its caller chooses the count);
//   - a hand-written loop, or a call of a function by itself, that the
//     definition of a retry calls one (analyzers/internal/failedge, on
//     the function's SSA form): every way from an operation back round
//     to it takes a failure edge of that operation (its error, a status
//     of its answer, a verdict it returns, a flag set on its failure),
//     and success leaves. A retry needs no wait. A loop that goes round
//     on success too (a poller, a heartbeat, an accept loop) is a site
//     only when a wait after a failure differs from its waits after
//     success: that wait is a backoff, and the site, a poller, is
//     judged for jitter only. A failover (each round runs on another
//     element), a read of the next value, a walk down a structure and a
//     loop paced by a ticker are not retries. Shapes the definition
//     cannot see keep named rules: a range over a function (decided by
//     its syntax: a success test that leaves; its waits and caps may be
//     its iterator's), a loop that keeps the items whose attempt failed
//     for its next round, and a recursion through a closure the
//     function calls on a failure. Which waits are between attempts is
//     read from the syntax: a wait on the success path, or a timer that
//     bounds a send, is not; a wait through a function of the package
//     (c.reopen() sleeps, then dials) is; a wait belongs to the
//     innermost loop around it that runs an attempt of its own. Like
//     every site, it is seen only in a package that imports a wait, a
//     random source or a retry library. The loop's operation tells
//     errors apart when it goes round on a verdict it returns beside its
//     error (again, err := f(attempt)), and a loop that passes its
//     attempt counter to a function that first waits on a delay
//     computed from it (if attempt > 0 { sleep(backoff(attempt)) }) has
//     that wait;
//   - a redelivery: a function that retries a failed message through its
//     queue. It reads an attempt count from a message it takes as a
//     parameter (from its metadata or headers, R.Get(K) or R[K], parsed or
//     asserted to an integer), moves the count on, writes it back under
//     the same key (R.Set(K, strconv.Itoa(n)), R[K] = n+1), and then hands
//     the message to a call outside the standard library (a publish back
//     to its topic), after a pause or in the body of an if that tests a
//     failure. A relay that stamps a hop count and forwards at once is not
//     one. The count caps it when it is compared with a limit; a call
//     outside the standard library it is handed to may compare it (the cap
//     is then unknown); a context that is not the message's own (whose
//     Done or Err it looks at) or a stop channel in a select ends it, but
//     the message's context (msg.Context()) lives for one delivery and
//     ends nothing. Its waits are judged as a loop's; its classification
//     and operation are left unknown;
//   - a call of a retry helper: a function, in this package or another,
//     that hands one of its function-typed parameters to a retry site.
//     Helpers are exported as facts, with the parameter's index and the
//     parts of the policy that depend on the caller's arguments;
//   - a call through a variable or a field that holds a retry helper: a
//     local variable whose every assignment in the function, or a
//     package-level variable or a field of one of the package's structs
//     whose every store in the package outside its tests, is a declared
//     helper or the result of a function that returns one (a factory: a
//     function that returns a closure holding a retry site of one of
//     the closure's own function-typed parameters, as a configuration's
//     RequestFunc() does). Factories are exported as facts, with the
//     closure's policy as far as it does not depend on the arguments of
//     the call through the holder; one that may return a closure that
//     runs the operation once (retries turned off) is a factory all the
//     same. A site inside a returned closure makes no helper of the
//     function that returns it: calling that function retries nothing;
//   - a function declared retried from outside the code (kind declared):
//     an orchestrator's task, a Kubernetes Job's command, a cron
//     wrapper's program, a redelivering queue's handler, named by a
//     retried: entry of the configuration (func, attempts, by) or by a
//     //retrylint:retried <attempts> <who retries> directive in its doc
//     comment. Its operation is its own body: everything it reaches is
//     retried. Its policy says only that its attempts are capped (at the
//     declared number); delays, other caps and the failures retried are
//     the orchestrator's configuration. A directive that declares
//     nothing (a count that is not a whole number of 2 or more, no one
//     named as retrying, a directive outside a function's doc comment)
//     is kept in the Result for the checks to report; the configuration
//     wins over a directive on the same function.
//
// A loop's bounds are a counted condition or exit (also on a value derived
// from the counter), a clock comparison, a context's Done or Err, a stop
// channel in a select or a stop signal (if p.closed() { return }, for
// b.Ongoing()), or a context handed to the operation when an error leaves
// the loop, or a context whose Done ends the pause of a function the loop
// waits through when that function's error leaves the loop. A comparison with a backoff's stop value bounds only a backoff
// that can stop. A loop with no attempt or elapsed-time cap that leaves
// quietly when told to stop is a supervisor: it retries, by design, until
// its owner shuts it down. A loop whose function, when the loop runs out,
// returns none of its attempts' errors (nil, or its context's error) and
// only logs or tests the last one is a best-effort wait: its caller goes
// on as if it had succeeded.
//
// A library's own package delegating to its own entry points, and, for
// the builtin rules, any package of the library's module doing so
// (failsafe-go's adapters), is its implementation, not a retry site: the
// rules describe those calls to its callers (notsite.own-entry). It
// delegates when it builds or configures its own client (retryablehttp's
// NewClient), when the caller is itself an entry point or client
// constructor of the rules (backoff's Retry running RetryNotify), or when
// the operation it hands on is a function the library was given (a
// parameter, a field or variable of a function or interface type, or a
// literal or wrapper call that runs one). Any other call hands the entry point work of the
// library's own, and is judged as any call of it (library.own-use):
// resty's Request.Execute sends its caller's request, of any method,
// through resty's Backoff. A project's own rows apply across its
// packages.
//
// An operation held in a local variable (op := func() error {...};
// backoff.Retry(op, b)) is the function assigned to it, and a helper that
// wraps its parameter in a closure before handing it to a retry is a
// helper all the same.
//
// Delays are followed through local variables, field assignments, option
// lists and simple functions of the same package, and through an
// interface method to the method of the one concrete type the package
// gives the value; a function that returns
// a randomised duration is exported as a fact, so jitter added by a helper
// in another package is seen.
//
// A Temporal activity's dispatch (workflow.ExecuteActivity,
// ExecuteLocalActivity) is a framework site whose policy is the
// RetryPolicy of the ActivityOptions last set on the context it passes,
// followed through the workflow function's assignments of that context
// (temporal.go); MaximumAttempts 1, or an activity named by a string,
// makes no site. A package's dispatched activities are exported, by name,
// as a package fact; an activity's registration (RegisterActivity) is a
// site only when no dispatch in sight names it.
//
// A registration whose row names a method (asynq's ProcessTask, River's
// Work, telegraf's Write) runs that method of the value it is given. A
// function whose type has no such method is a creator the framework
// calls for the value (telegraf's outputs.Add(name, func() telegraf.Output
// { return &SQL{} })): the method is the one of the concrete type every
// return of the creator makes, a func literal or a function of the
// package, directly or through a call of another function of the package
// (creators.go). A creator that returns an interface value it cannot see
// through, or values of two types, makes no site.
//
// What the package-wide readings gather (the values assigned to a field,
// the package-level variables assigned after their declaration, the flags
// set on errors, the options a package starts workflows with) comes from
// the package's files without its tests: a test that cuts a delay to a
// millisecond, or sets a policy that never waits, does not configure the
// code it tests. The test variant of a package, which is what go vet and
// the command report for it, is judged as the package itself is.
package retrysite
