// Package unbounded defines an Analyzer that reports retries that never
// give up.
//
// # Analyzer unbounded
//
// unbounded: report retries with no attempt cap, no elapsed-time cap and no cancellation
//
// An error that will not clear (a bad credential, a dropped table, a
// partner that has turned the integration off) meets a retry that never
// stops: the work hangs, holds its resources, keeps loading the failing
// dependency, and nobody is told. A retry needs a way to give up: a count
// of attempts, a bound on the elapsed time, or a context whose
// cancellation it obeys.
//
// The check reports, at the retry site:
//
//   - hand-written retry loops (for {}, a goto loop, a range over an
//     iterator that waits) that neither count attempts (a counter, a
//     field the loop increments, or a value derived from one, compared
//     with a bound), nor compare the
//     elapsed time, nor look at a context's Done or Err, nor stop on a
//     stop channel in their select (case <-s.done: return) or a stop
//     signal (if p.closed() { return }, for b.Ongoing(), a flag, an error
//     that says the client was closed, a state the loop does not set
//     compared with a constant: for atomic.LoadUint32(&c.stop) == 0),
//     nor hand a context to their
//     operation and leave on an error, nor hand their attempt counter to
//     the call that decides whether to go on; a comparison with a
//     backoff's stop value bounds only a backoff that can return it;
//   - redeliveries (a handler that sends a failed message back to its
//     queue, counting the round trips in the message's metadata or
//     headers) whose count is written back but never compared with a
//     limit, and that look at no context but the message's own: a
//     message that always fails goes round forever. Reported at the
//     function, with the write-back of the count as related information;
//   - avast/retry-go with Attempts(0) or UntilSucceeded() and no Context;
//   - cenkalti/backoff with MaxElapsedTime = 0, a ConstantBackOff or a
//     ZeroBackOff, and neither WithMaxRetries nor WithContext; in v5,
//     WithMaxElapsedTime(0) with no WithMaxTries and a context that cannot
//     end;
//   - sethvargo/go-retry with no WithMaxRetries or WithMaxDuration and a
//     context that cannot end (context.Background or context.TODO);
//   - failsafe-go with WithMaxRetries(-1) and no WithMaxDuration;
//   - a call of the project's own retry helper whose only bound is the
//     context, when the caller passes context.Background or context.TODO.
//
// A context that comes from the caller is assumed to end: the check is
// silent on it, rather than guess. A retried closure that answers success
// when its owner has stopped (if h.state() == closed { return nil }, a
// stop signal) ends the library's or the helper's retry with its owner. A function declared retried from
// outside the code (a retried: entry of .retrylint.yml, a
// //retrylint:retried directive) declares its attempts, and the
// orchestrator's caps are its configuration: not judged.
//
// # Temporal activities
//
// A Temporal activity dispatched (workflow.ExecuteActivity,
// ExecuteLocalActivity) under options with neither MaximumAttempts nor
// ScheduleToCloseTimeout is retried without limit: Temporal's default
// RetryPolicy has no attempt cap (MaximumAttempts 0 is unlimited). The
// workflow's context is not a cap: its cancellation ends the workflow's
// wait, not a failing activity's attempts, and a workflow has no deadline
// unless its starter gives it one, which is not in sight. Reported at the
// ExecuteActivity call; the remedy is to set RetryPolicy.MaximumAttempts
// or ScheduleToCloseTimeout in the ActivityOptions. The options are read
// as the nonidempotent check's docs say; options not known here, or a
// timeout that is not a constant, are not judged.
// Nor is an activity's registration (worker RegisterActivity): its
// callers choose its caps, out of sight.
// A workflow's run or execution timeout ends its activities' retries; it
// is set by whoever starts the workflow, usually out of sight, and
// Temporal's default has none. Where the package itself starts workflows
// with one (a client.StartWorkflowOptions literal with WorkflowRunTimeout
// or WorkflowExecutionTimeout), any of its workflows may be bounded by it,
// and the check is silent on their activities.
//
// # Retried transactions
//
// cockroach-go's crdb.ExecuteTx, its variants and crdb.ExecuteCtx stop
// after 50 retries by default (defaultRetries, crdb/tx.go at v2.4.2):
// bounded. crdb.WithMaxRetries(ctx, 0) removes the cap of ExecuteTx, and
// crdb.Execute has none and takes no context: reported. Before the v2
// module (github.com/cockroachdb/cockroach-go@v2.0.1+incompatible)
// ExecuteTx has no cap either, and stops only when a statement fails
// for its context having ended: reported under context.Background. Cloud Spanner's
// ReadWriteTransaction retries an aborted transaction until the context
// ends (client.go at v1.96.1); its elapsed time is left unknown (the
// RPCs under it have deadlines of their own), so it is not reported.
package unbounded
