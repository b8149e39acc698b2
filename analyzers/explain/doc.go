// Package explain defines an analyzer that reports, for each retry site
// of a package and each loop the retry model looked at and kept silent,
// the model's decisions. It is not a check: `retrylint explain` runs it.
//
// # Analyzer explain
//
// explain: report the retry model's decisions about each retry site and each loop it kept silent
//
// Each diagnostic is one site, or one loop the model looked at (it waits,
// or calls a function that returns an error) and did not make a site. Its
// message is the entry as JSON: the head ("retry loop (loop)", or "not a
// retry"), and one step per decision, in the order the model made them:
// what made the place a site, or kept it from being one, then how each
// property the checks read was judged (jitter, the attempt and
// elapsed-time caps, cancellation, classification, and the supervisor,
// best-effort and poller marks), each with the rule that decided it, the
// value it gave, what the rule read and where. For each property the
// last step is the one that holds. A site in a _test.go file or in a
// test-support package says that its findings are not reported there.
//
// The rules are listed in docs/architecture.md; the command is described
// in the README's "Why is this a retry?".
package explain
