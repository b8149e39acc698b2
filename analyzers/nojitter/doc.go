// Package nojitter defines an Analyzer that reports retries whose backoff
// has no jitter.
//
// # Analyzer nojitter
//
// nojitter: report backoff without jitter
//
// Clients that failed together (one outage, one deploy, one saturated
// database) retry together. Without a random component in the delay,
// every retry wave arrives at the same instant, and the dependency that
// is already failing meets a load spike each time it tries to recover.
// Exponential growth spreads nothing: 1s, 2s, 4s is the same schedule for
// every client.
//
// The check reports, at the delay expression or at the configuration that
// turned jitter off:
//
//   - hand-written retry loops whose delay does not depend on a random
//     source (math/rand, math/rand/v2, crypto/rand, or a function that
//     returns a randomised duration, in this package or another), fixed
//     (time.Sleep(2*time.Second)) or growing (delay *= 2, 1<<attempt);
//   - the pause of a redelivery (a handler that waits before it sends a
//     failed message back to its queue, counting the round trips in the
//     message) that does not depend on a random source;
//   - retry libraries configured without jitter: cenkalti/backoff with
//     RandomizationFactor 0, an ExponentialBackOff literal that omits it, or
//     a ConstantBackOff; avast/retry-go with DelayType(BackOffDelay) or
//     DelayType(FixedDelay); sethvargo/go-retry backoffs not wrapped in
//     WithJitter, WithJitterPercent or WithFullJitter; a wait.Backoff with
//     no Jitter; a jpillora/backoff.Backoff without Jitter: true; a
//     retryablehttp client whose Backoff stays DefaultBackoff; a
//     failsafe-go retry policy with no jitter;
//   - backoff functions: a function that returns a time.Duration computed
//     from an attempt count, from a previous delay it grows, or from
//     state it keeps (base * math.Pow(2, attempt), attempt*attempt*unit, a
//     fixed interval, a fixed table of intervals, b.next()), used as a
//     retry delay: called in a loop's wait, set as a library's delay
//     function (a retryablehttp Client's Backoff, avast's DelayType), or
//     held in a field, an option or a package-level default the retry
//     reads. One with no random component on any path is reported once,
//     at its declaration (or its func literal), not at each retry that
//     uses it. Another package's backoff function is judged by its fact
//     and reported where the retry uses it, unless its own package uses
//     and reports it. One that defers to a delay function or an
//     interface its caller may set (if cfg.Backoff != nil { return
//     cfg.Backoff(n) }; return cfg.Interval) is judged on its other
//     paths, the delays it computes when none is set: reported, with the
//     hook named, when they have no random component.
//
// A retry loop with no wait at all is reported at the loop, with no fix
// (there is no delay to randomise), when it goes round at once on the
// failure of an operation that reaches another process: a call of the
// packs' remote packages (net, net/http, database/sql, gRPC), of a
// method of one of their interfaces, or of a function that makes one,
// in this package or in another (a fact). The clients that failed
// together come back together, the same instant. It stays silent when
// the loop goes round only on a refusal the service answered (a 401
// before a new token), when the operation is a call through an interface
// of the code or a function value (it may reach anything), when
// something in the loop may pause (a select, a receive, a call named
// for waiting: limiter.Wait, b.Backoff()), and on a failover to the
// next address (a range over a list of candidates: servers, database
// names). A retry by recursion or redelivery with no wait is not
// judged.
//
// Delays, caps and classifiers are followed through fields: a field
// assigned one value in the package (in a struct literal, a constructor,
// a default set when the caller left it nil) has that value; one assigned
// several is not judged, but each backoff function without jitter among
// its values is. A delay asked of an interface (policy.Interval(n)) whose
// value is one concrete type in the package (the default a constructor
// assigns) is that type's method's delay.
//
// A backoff object of the project's own whose random part is added only
// when one of its fields is set (if b.Jitter > 0 { ... rand.N(b.Jitter)
// ... }), built by a struct literal that leaves that field zero and
// never sets it after, has no jitter: reported at the literal.
//
// A library's jitter setting copied from an exported field of one of the
// package's own structs that nothing in the package assigns
// (b.RandomizationFactor = cfg.RandomizationFactor) has, unless the
// caller sets it, the field's zero value: reported when zero turns the
// jitter off. A field with a struct tag, which a decoder may give a
// default, is not judged.
//
// Library defaults that jitter are not reported: avast/retry-go's default
// delay, cenkalti's NewExponentialBackOff(), client-go's DefaultRetry and
// DefaultBackoff.
//
// Where the fix is mechanical it is offered: full jitter with
// math/rand/v2 for a hand-written time.Sleep(d), and restoring or adding
// the library's jitter setting in a configuration. The jitter calls
// math/rand/v2 by the name the file imports it under; a file that does
// not import it gets one import line, as rand, or, when something is
// already called rand (crypto/rand, a variable), under a name nothing in
// the file or its package is called (mathrand, randv2). rand.N panics on
// 0, so a delay that is not a constant is drawn from at least 1ns
// (rand.N(max(d, 1))), and no fix is offered where max is another's name.
// A ticker's period gets no fix: drawn once, it is no jitter between the
// ticks, and NewTicker refuses 0. A loop a ticker paces is a retry when
// it goes round on the error of an operation aimed at another machine
// (not localhost); one that goes round on an answer polls a state. A
// loop that restarts a session that returns no error until its context
// is done goes round only on failures: its wait after one is a backoff.
//
// A poller or a consumer that waits only after a failure (if err != nil {
// time.Sleep(d); continue }), or that arms a timer there and waits on
// it later (backoff = time.After(d) in the default of a switch whose
// first case is err == nil, then case <-backoff), backs off too: those
// waits are judged,
// though its loop is not a retry for the other checks.
//
// Only a wait between attempts of a failed operation is a backoff: the
// waits of heartbeats, pollers, schedules and deadlines, and waits on a
// loop's success path, are not judged; nor is a delay read from the clock
// (time.Until(next), minAge - time.Since(last)), which is a schedule or a
// deadline (but a backoff cut short by the time left, min(backoff,
// budget-elapsed), is the backoff, and so is a variable that holds the
// server's Retry-After on some attempts and the client's delay on the
// others), nor the wait of a loop whose attempts reach no dependency:
// the operation that takes it round, or every attempt, is a call of the
// packs' local rows (a listener's Accept, a file or directory of this
// machine, a socket bound here, a lock file or an advisory lock) or a
// function of the package that makes such calls and no other call that
// can fail. A delay the peer asked for
// (a value named for Retry-After) is the server's pace, not the client's
// backoff, and is not reported; but in max(retryAfter, own) the client's
// own delay is judged: it is the delay whenever the peer asks for none.
// Nor is a wait the loop enters only after its operation returned a
// sentinel error of the package that the package returns on a verdict of
// its own computation (if version == 0 { return errUnchanged }, version
// computed by a function of the package): it waits for local state, a
// clock tick or a merge, and no dependency failed. A sentinel returned on
// another package's answer (if resp.StatusCode == 429 { return
// errThrottled }) or on a failure keeps the wait a backoff.
//
// The check stays silent where it cannot see the delay: a backoff passed
// in through an interface the package gives no single value, a delay
// function it cannot read (a backoff function whose result comes from a
// function value or an interface, with no default of its own, may be
// random), a retry helper's policy that depends on its caller (then the
// caller's argument is checked instead). A function declared retried
// from outside the code (a retried: entry of .retrylint.yml, a
// //retrylint:retried directive) is not judged: the orchestrator's
// delays are its configuration, not code.
package nojitter
