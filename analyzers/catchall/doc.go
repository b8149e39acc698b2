// Package catchall defines an Analyzer that reports retries that retry
// every error, terminal ones included.
//
// # Analyzer catchall
//
// catchall: report retries that retry every error, terminal ones included
//
// A deterministic failure does not become a success on a second
// execution. A retry that catches everything turns a parse error, a failed
// validation or a permission denial into the same failure three times,
// separated by backoff: the response window is spent and the page comes
// late. The fix is to classify: retry transport errors and throttling,
// fail fast on the rest.
//
// The check reports, at the retry site, a retry that does not classify,
// and names the terminal errors its operation can return where it finds
// them (a JSON decoding error, a number parsing error, sql.ErrNoRows, a
// missing file: the rule packs' terminal-sources), in the operation or in
// the functions of the package it calls. What counts as classification,
// per library:
//
//   - avast/retry-go: a RetryIf option whose predicate is not constantly
//     true, or an operation that returns retry.Unrecoverable(err) on some
//     path. The library's trap is reported with its own message: a custom
//     RetryIf replaces the Unrecoverable check, so an operation that relies
//     on Unrecoverable while a RetryIf is set retries its terminal errors.
//   - cenkalti/backoff v4 and v5: the operation returns
//     backoff.Permanent(err) on some path.
//   - sethvargo/go-retry (opt-in): the operation wraps some error paths in
//     retry.RetryableError and returns others plainly; wrapping every error
//     path is a catch-all.
//   - k8s.io/apimachinery wait conditions (opt-in): the condition returns
//     an error on some path; one that returns (false, nil) on every error
//     swallows them all.
//   - client-go retry.OnError: a predicate that does not retry every
//     error; RetryOnConflict is classified.
//   - failsafe-go: HandleErrors, HandleErrorTypes, HandleIf, AbortOnErrors,
//     AbortOnErrorTypes or AbortIf on the policy.
//   - retrying HTTP clients with a classified default policy
//     (go-retryablehttp) are classified, unless their CheckRetry retries
//     every error.
//   - hand-written loops: on failure the loop looks at the error before
//     going round, and what it sees can end the loop: errors.Is or
//     errors.As (also in a loop inside it that retries nothing, a walk
//     over policies whose handlers judge the error; a predicate taken
//     from a range over the caller's list is the caller's), any
//     predicate that takes the error and returns a bool (in
//     this package or another), first or last among its results (a gax
//     Retryer's Retry(err) (pause time.Duration, retry bool); one of this
//     package that answers true for every error does not classify), a
//     type switch or assertion, a comparison
//     with a particular error, a status code; also errors.AsType, a switch
//     on the error's text, a match of that text against a constant or
//     with a package variable made from one (strings.Contains(err.Error(),
//     "database is locked"), a regexp.MustCompile pattern's MatchString;
//     the text held in a variable or not: an embedded database that
//     reports a lock only in its text), a test in the loop's
//     condition, a result
//     asked whether to retry (verdict.ShouldRetry()), and a flag the loop
//     leaves on that the package sets only where it tells errors apart
//     (if lastErr == err { c.abort = true }, then if c.abort { break }).
//     A look that only picks the delay or logs, and a check for
//     cancellation (ctx.Err(), context.Canceled), do not classify, except
//     a go-round taken only when a context the loop made for the attempt
//     was cancelled (if attemptCtx.Err() == context.Canceled { continue
//     }: a switchover, every error of the operation returns); nor
//     does a look that sets one error apart only to treat it as success
//     (if err != nil && err != ErrAlreadyConnected { continue }; break:
//     every other error is retried), nor a status test when the loop
//     hands its errors to a predicate that retries them all (a status
//     test classifies responses, not transport errors).
//   - a loop whose every error returns (if err != nil { return err }) and
//     that goes round only on a status worth another try (a code from
//     300 to 399, 5xx, 408, 425, 429): it retries no error at all. One
//     that goes round on every status but 200 (code != 200) retries the
//     terminal 4xx and is reported.
//   - a roko callback that calls r.Break() on a failure's side; one that
//     hands the retrier to a function taking it is not known, and a
//     Break after success classifies nothing.
//   - a helper that goes round on its operation's verdict (again, err :=
//     f(i); if !again { return err }): the operation classifies. The
//     call retries every error when the operation it passes returns true
//     beside an error under a mere test of its presence (if err != nil {
//     return true, err }) and never false beside an error it got.
//
// Classification written as a policy (a predicate, a RetryIf, a
// CheckRetry, a ShouldRetry, a helper's classifier parameter) retries
// every error when it answers "retry" whatever the error: it ignores its
// error argument (and every other input but a context), it returns
// err != nil, it returns true whenever err != nil (before looking at
// anything else), or it answers a setting whenever err != nil (return
// c.retryServerErrors: with the setting on, every error is retried). A
// predicate held in a field or package variable that the package leaves
// nil unless its user configures one, called as p == nil || p(err) where
// true means retry, retries every error by default. It is followed through functions of the package, local
// variables, package-level variables and fields assigned one value in the
// package. One that looks at the error (errors.Is or As, a type switch, a
// status code, a predicate of the error) classifies. The message names
// the classifier.
//
// A retry loop can hand its error to a method of an interface, a policy,
// and go round or leave on the answer: a switch on it whose constant
// cases go round (continue) or leave (return, break), or an if that
// leaves on a boolean answer (if !p.Retryable(err) { return err }). The
// answers after which it goes round are its retry values. A method of
// the package, or of another through the interface method's fact, that
// implements that interface method and returns a retry value on every
// path, whatever the error (it ignores the error, or only logs it), is
// reported once, at its declaration: every loop that consults it retries
// terminal errors. One that can answer a stop value (it looks at the
// error, or never retries) classifies, and a method of the same name
// that no retry loop consults is not a policy. An implementation whose
// answer depends on its configuration and not on the error is left
// alone.
//
// Reported:
//
//	retry.Do(func() error { return json.Unmarshal(body, &v) })
//
//	func (Fixed) Decide(err error) Decision { return OtherNode }
//
//	retry.Do(ctx, b, func(ctx context.Context) error {
//		return retry.RetryableError(fetch(ctx))
//	})
//
// Accepted:
//
//	backoff.Retry(func() error {
//		if err := json.Unmarshal(body, &v); err != nil {
//			return backoff.Permanent(err)
//		}
//		return send(v)
//	}, b)
//
//	for attempt := 0; attempt < 3; attempt++ {
//		err := send(v)
//		if err == nil || !isTransient(err) {
//			return err
//		}
//		time.Sleep(jitter(attempt))
//	}
//
// Where it is mechanical, a fix wraps the errors a closure returns
// straight from a terminal source in the library's terminal wrapper,
// and never the nil of a success. backoff.Permanent(nil) is nil, so
// return json.Unmarshal(body, &v) becomes
// return backoff.Permanent(json.Unmarshal(body, &v)). retry-go's
// Unrecoverable(nil) is an error that fails the attempt, so the call
// goes behind a test of its own:
//
//	if err := json.Unmarshal(body, &v); err != nil {
//		return retry.Unrecoverable(err)
//	}
//	return nil
//
// An err just assigned from a terminal source and returned under
// if err != nil is wrapped where it is returned. A return of a value
// beside the call's error (DoWithData) is left alone when the wrapper
// does not keep nil. The wrappers a fix may write, and whether each keeps
// nil, are a pack's terminal-wrappers rows, each proved against the
// library at its pinned version (internal/realmodtest); a wrapper
// without a row (River's JobCancel, Temporal's
// NewNonRetryableApplicationError) is named in the message and not
// written.
//
// A catch-all retry loop that hands a context to its operation but never
// looks at the context's Done or Err retries context.Canceled too, and
// the message says so: a cancelled context is a terminal error.
//
// A supervisor (a loop with no attempt or elapsed-time cap that its
// owner's cancellation ends, and that then leaves quietly: a reconnect,
// a refresh, a watch) retries until it is shut down by design. It is
// reported only when its operation can return a terminal error the check
// can name: a transient error clears, and an owner that shuts it down
// ends it.
//
// A best-effort wait (a loop that, when it runs out, goes on as if it had
// succeeded: its function then returns nil or its context's error, and
// only logs or tests the last error) is reported only for a terminal
// error it can name, like a supervisor: failing fast would end it the
// same way, and no caller is told of a failure late.
//
// A retry helper's classification is checked in the helper, not at its
// calls, except where the helper classifies only with a predicate its
// caller passes (in this package or another, through its fact): then the
// call is reported when its predicate retries every error, or when it
// passes nil and the helper replaces nil with "retry every error"
// (if isRetryable == nil { isRetryable = func(error) bool { return true } }).
// A nil the helper treats as "never retry" classifies. A helper that
// retries every error of the operation its caller passes, with no
// classifier of its own (for { if res, err := op(); err == nil { return
// res, nil } ... }), or that hands that operation (itself, or a closure
// whose errors are only the operation's) to a library that stops on the
// operation's own terminal mark (backoff.Retry, which stops on
// backoff.Permanent), cannot tell errors apart itself: each call is
// reported when its operation returns every error it meets, and is
// silent when the operation looks at its errors and returns only those
// to retry (nil on a topic that does not exist), or a library's
// terminal mark on some path. An operation that was
// not written for the retry (a method value, another package's function)
// returns its errors as they come, and is reported; one handed on from
// the caller's own parameter is judged at the caller's calls. An
// unexported helper that nothing in its package calls is judged at its
// loop.
//
// A function declared retried from outside the code (a retried: entry of
// .retrylint.yml, a //retrylint:retried directive) is not judged: the
// orchestrator decides which failures it retries (a Kubernetes Job's
// podFailurePolicy on exit codes, Airflow's AirflowFailException), in
// its configuration, not in code the check can read.
//
// # Task queues: asynq and River
//
// asynq and River run a handler again whatever error it returns, unless
// the handler marks it terminal, so a handler that can fail with a
// terminal error (a payload that does not decode: json.Unmarshal, a
// strconv parse) and never marks one is retried to the end of its
// attempts for nothing. The registration is reported, with the
// terminal error named; a handler with no terminal error in sight is
// not, since retrying is what the queue is for. A terminal source called
// in the handler's own body counts only when its failure makes the
// handler return (return err, if err != nil { return ... }): a decode
// error the handler logs and goes on from is not one it fails with.
//
// asynq (github.com/hibiken/asynq@v0.26.0): up to 25 retries by default
// (defaultMaxRetry, client.go); the markers are the error variables
// asynq.SkipRetry and asynq.RevokeTask (processor.go), returned as they
// are or wrapped (fmt.Errorf("...: %w", asynq.SkipRetry), errors.Join).
//
// River (github.com/riverqueue/river@v0.51.2): 25 attempts by default
// (MaxAttemptsDefault, internal/rivercommon/river_common.go); the marker
// is river.JobCancel(err) (error.go).
//
// Registrations whose every enqueue in sight runs the task once are not
// retry sites (see nonidempotent).
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
// Temporal retries every error except a non-retryable ApplicationError
// (temporal.NewNonRetryableApplicationError, or
// NewApplicationErrorWithOptions with NonRetryable: true, returned by the
// activity) and the types listed in NonRetryableErrorTypes. The check
// reports an ExecuteActivity call only where the activity, in this
// package, can fail with a terminal error it names (a JSON decoding
// error) and marks none, and no type is listed: every activity is retried
// on every error by default, and naming that alone would report them all.
// An activity of another package is not read for its marks: not judged.
// An activity's registration (worker RegisterActivity) is not judged:
// its callers choose NonRetryableErrorTypes, out of sight.
//
// # Retried transactions
//
// The retried-transaction clients retry only the errors that say the
// transaction was aborted: cockroach-go's only SQLSTATE 40001 (and
// CR000), errIsRetryable in crdb/tx.go at v2.4.2; Cloud Spanner's
// ABORTED, and INTERNAL and RESOURCE_EXHAUSTED only when they say they
// are transient (spannerRetryer.Retry in retry.go at v1.96.1). Their
// retries are classified, and the check does not report them.
package catchall
