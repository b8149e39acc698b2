package inventory

import (
	"encoding/json"
	"time"
)

// Row is one retry site of the inventory. The analyzer reports it as the
// message of a diagnostic at the site, as JSON, without its position; the
// command fills File, Line and Column from the diagnostic's.
type Row struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	// Package is the import path of the package the site is in.
	Package string `json:"package"`
	// Function is the function declaration that holds the site: Name,
	// or (T).Name / (*T).Name for a method.
	Function  string    `json:"function"`
	Mechanism Mechanism `json:"mechanism"`
	Operation Operation `json:"operation"`
	// Classified is "yes" when the retry tells terminal errors from
	// transient ones (a predicate, a terminal wrapper, an opt-in
	// library), "no" when it retries every error, "unknown" otherwise.
	Classified string `json:"classified"`
	// Jitter is "yes" when the delays have a random component, "no"
	// when they have none, "unknown" otherwise.
	Jitter   string   `json:"jitter"`
	Attempts Attempts `json:"attempts"`
	Elapsed  Elapsed  `json:"elapsed"`
	// Cancel is "yes" when a context or a stop signal ends the retry.
	Cancel    string    `json:"cancel"`
	WorstWait WorstWait `json:"worst_wait"`
}

// Mechanism is how the site retries.
type Mechanism struct {
	// Kind is one of library, loop, recursion, redelivery, helper,
	// client, declared (a function retried from outside the code, by
	// the configuration or a //retrylint:retried directive).
	Kind string `json:"kind"`
	// Name is the call as written (retry.Do, c.withRetry) or the loop's
	// kind ("retry loop").
	Name string `json:"name"`
	// Callee is the full name of the library entry point, the client
	// constructor or the helper (github.com/avast/retry-go/v4.Do); empty
	// for a loop.
	Callee string `json:"callee,omitempty"`
	// Shape is "supervisor" for a loop that only its owner's
	// cancellation ends, "poller" for a loop that is not a retry of one
	// operation but backs off after failures, "best-effort" for a loop
	// whose function goes on as if it had succeeded when it runs out;
	// empty otherwise.
	Shape string `json:"shape,omitempty"`
}

// Operation is what the retried operation does when it runs again.
type Operation struct {
	// Class is the worst thing found that a second execution does:
	// external, increments, appends, replaces, reads or unknown.
	Class string `json:"class"`
	// What says it in a few words ("INSERTs into orders (no ON
	// CONFLICT)"); empty for unknown.
	What string `json:"what,omitempty"`
	// Chain goes from the operation's call to the call that does it.
	Chain []Hop `json:"chain,omitempty"`
}

// Hop is one call on the way to what the operation does.
type Hop struct {
	Name string `json:"name"`
	Posn string `json:"posn"` // file.go:line:column
}

// Attempts is the site's attempt cap.
type Attempts struct {
	// Capped is "yes", "no" or "unknown".
	Capped string `json:"capped"`
	// Max is the most attempts, the first one included, when the
	// configuration makes it a constant; 0 when it does not.
	Max int64 `json:"max,omitempty"`
}

// Elapsed is the site's elapsed-time cap.
type Elapsed struct {
	// Capped is "yes", "no" or "unknown".
	Capped string `json:"capped"`
	// Max is the cap, when the configuration makes it a constant.
	Max *Duration `json:"max,omitempty"`
}

// WorstWait is the longest the site can spend waiting between
// attempts, the time its operation takes aside.
type WorstWait struct {
	// Status is "known" (Max holds it), "unbounded" (no attempt or
	// elapsed-time cap: it waits until the operation succeeds or, with
	// Cancel "yes", until it is cancelled) or "unknown".
	Status string `json:"status"`
	// Max is the bound: the site never waits longer, in total, than
	// this.
	Max *Duration `json:"max,omitempty"`
	// How says how Max was computed, or why it is unknown.
	How string `json:"how"`
}

// Duration is a length of time: in nanoseconds, and as Go writes it.
type Duration struct {
	NS   int64  `json:"ns"`
	Text string `json:"text"`
}

func duration(d time.Duration) *Duration {
	return &Duration{NS: int64(d), Text: d.String()}
}

// Decode reads a row from a diagnostic's message.
func Decode(message string) (Row, error) {
	var r Row
	err := json.Unmarshal([]byte(message), &r)
	return r, err
}

// encode writes a row as a diagnostic's message.
func encode(r Row) string {
	data, err := json.Marshal(r)
	if err != nil {
		panic(err) // a Row holds only strings, numbers and slices of them
	}
	return string(data)
}
