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
//     count of 0, a gRPC retry interceptor without WithMax) is none;
//   - a hand-written loop that re-executes an operation because its last
//     execution failed, and waits (time.Sleep, time.After, a timer, a wait
//     helper, a backoff object's Wait) between attempts. The decision to
//     go round again depends on the failure: success leaves the loop (if
//     err == nil { return }; if err != nil { continue }; return; for err
//     != nil; for op() != nil, whose condition runs the attempt, the loop's
//     operation, and tests its error (for !ready() tests a state, and
//     is no retry); if !shouldRetry { break }, shouldRetry set from the error or
//     on failure, alone or or-ed with a cap: if !retryable(resp, err) ||
//     n == max { break }) or ends the retrying (a watch that resets its failure
//     count or backoff on success). A loop that runs the same whether its
//     last step failed or not is not a retry: a heartbeat, a poller, a
//     scheduler, an event loop, a deadline wait, or an error test that
//     is a test of work still in progress, or a wait for a state (err ==
//     nil && state == want). But a loop whose wait after a failure
//     differs from its wait after success backs off all the same, and
//     those waits are between attempts: a wait in a failure branch that
//     goes round, when the loop's other waits differ from it; a timer's
//     channel stored in a variable in a failure branch that does not
//     leave the loop (the cases of a switch after case err == nil, and
//     its default, are failure branches) and received from later
//     (backoff = time.After(d); ...; case <-backoff); a wait
//     that follows a failure branch whose else reads until a read fails
//     (a stream reopened after it broke); a wait whose delay variable the
//     loop sets after a failure to a value it never sets after success.
//     Waits on the success path, and timers that
//     bound a send, are not between attempts. A loop also waits through
//     a function of its package that it calls and that pauses outside any
//     loop of its own, in a select only a stop signal ends (c.reopen()
//     sleeps, then dials); a timer raced against a reply is a timeout,
//     not a pause. A wait belongs to the innermost loop around it that
//     runs an attempt of its own: a nested loop that only waits (sleeps
//     a number of times, or until a time) is a part of its outer loop's
//     wait, while the waits of a nested retry or poll are between that
//     loop's attempts, not the outer one's. A wait called through a
//     package-level variable or a field whose every store in the
//     package, outside its tests (which swap in a wait that returns at
//     once), names the same wait function
//     is that wait (var waitFunc = wait); one the package also sets
//     elsewhere (a setter, a second assignment) or whose address it
//     takes is not read. A loop that does not wait is a retry only when it
//     leaves on success and on an explicit decision not to retry (if err
//     == nil || !isRetryable(err) { return err }): it retries at once.
//     So is one that leaves on success and, past that exit, goes round
//     by a continue, which only a failure reaches (if p.failover() {
//     continue }; switch policy.Decide(err) { case SameNode: continue }),
//     whatever caps it (a decision handed the attempt count, such as
//     policy.Allow(attempt), caps it in the callee). So is one that
//     leaves on success and runs the same operation a counted number of
//     times: a for statement that counts with a variable of its own (for
//     i := 0; i < max; i++), or a range over an integer, whose body never
//     reads the counter (a compare-and-swap loop). A counted loop whose body reads its counter (hosts[i], a
//     page) moves on to another item, a failover or a scan, and is not
//     one; nor is one whose every call that can fail only takes the next
//     value another goroutine sends (a select of receives), nor one a
//     ticker or timer paces (a poll for a state).
//     Like every site, it is seen only in a package that imports a wait,
//     a random source or a retry library. The loop may go round by goto (its site is the
//     label), range over an iterator of the package that waits between
//     the values it yields (its caps and waits are the iterator's), or
//     keep the items whose attempt failed for its next round;
//   - a loop that goes round on its operation's verdict, returned beside
//     its error (again, err := f(attempt); if !again { return err }),
//     when its wait grows between attempts (a backoff; a loop that stops
//     when a source has no more and pauses between batches reads the
//     same with a fixed pause). The operation then tells errors apart,
//     so the loop is not judged a catch-all;
//   - a loop that passes its attempt counter to the function of its
//     package that runs one attempt, when that function first waits on
//     a delay computed from that parameter (if attempt > 0 {
//     sleep(backoff(attempt)) }) and then does the work: the wait is the
//     callee's, judged in its body. When the loop goes round on a
//     boolean that function returns beside its error (retry, err :=
//     c.attempt(ctx, cmd, n); if err == nil || !retry { return err }),
//     the function tells errors apart and the loop is not judged a
//     catch-all;
//   - a retry written as recursion: after a failure (in the body of an
//     if that tests one, or in a closure that takes the error) the
//     function waits and calls itself with an attempt count moved on
//     (time.Sleep(backoff); return c.refresh(topics, attemptsLeft-1)).
//     Only its waits are read: its caps and classification are left
//     unknown. A function that calls itself for the next page after a
//     success is paging, not retrying;
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
package retrysite
