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
//     the field assignments made to the client in the same function;
//   - a hand-written loop that runs an error-returning operation, leaves on
//     success, and on failure waits (time.Sleep, time.After, a timer, a
//     wait helper) and goes round again; a ticker-driven poller that does
//     not repeat on error is not one;
//   - a call of a retry helper: a function, in this package or another,
//     that hands one of its function-typed parameters to a retry site.
//     Helpers are exported as facts, with the parameter's index and the
//     parts of the policy that depend on the caller's arguments.
//
// Delays are followed through local variables, field assignments, option
// lists and simple functions of the same package; a function that returns
// a randomised duration is exported as a fact, so jitter added by a helper
// in another package is seen.
package retrysite
