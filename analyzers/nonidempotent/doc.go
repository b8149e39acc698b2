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
// call, a hand-written loop, a call of the project's own retry helper)
// whose operation, directly or through any depth of calls in any package,
//
//   - appends: INSERTs without ON CONFLICT, COPYs, writes to a file opened
//     with os.O_APPEND;
//   - increments: UPDATE ... SET n = n + 1, upserts that add;
//   - acts outside the platform: an HTTP POST or PATCH with no
//     Idempotency-Key from the input, an e-mail, a published message.
//
// A retrying HTTP client (retryablehttp.NewClient) is a retry site too:
// a POST sent through it in the same function is reported at the
// constructor.
//
// The call chain to the effect is in the diagnostic's related
// information, one hop each.
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
// Calls through interfaces and function values are not followed: the
// check stays silent on them.
package nonidempotent
