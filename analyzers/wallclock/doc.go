// Package wallclock defines an Analyzer that reports retried operations
// that derive the unit they write or read from the wall clock.
//
// # Analyzer wallclock
//
// wallclock: report retried operations that derive their day, hour or date-named key from the wall clock
//
// A retry runs the operation again, and an operation that reads the wall
// clock reads it again: a nightly export that computes "yesterday" with
// time.Now().AddDate(0, 0, -1) and is retried after midnight exports
// another day than the attempt that failed, and the day it was asked to
// export is never written, or written twice under two names. The unit of
// work (the day, the hour, the partition, the file, the object key) has
// to be decided once, before the first attempt, and handed to every
// attempt.
//
// The check reports a clock read (time.Now, and the clocks of the rule
// packs whose result is a time.Time, or a time type of the packs: a read of the wall clock, not a
// measurement such as time.Since) inside the operation of a retry of any
// kind retrysite defines (a library's or a helper's operation closure or
// function value, a hand-written retry loop's body, a framework's
// handler, a function declared retried with //retrylint:retried or in
// .retrylint.yml), or in a function that operation calls, at any depth,
// when a unit is made of it by a method of the time-units of the rule
// packs (time.Time's, in the builtin std pack; a project's own time type
// is described by a pack the same way):
//
//   - Truncate or Round to a constant of an hour or more:
//     time.Now().Truncate(24 * time.Hour) is the day;
//   - Format (or AppendFormat) with a constant layout that has a year, a
//     month or a day and neither minutes nor seconds: "2006-01-02",
//     time.DateOnly, "2006/01/02/15" (the hour);
//   - a date component: Year, Month, Day, YearDay, Date, ISOWeek, as
//     fmt.Sprintf("events_%d_%02d", t.Year(), t.Month()) makes a table
//     name of them;
//
// through conversions of zone and shifts that keep it a time of the clock
// (the time-keeps of the rule packs: UTC, In, Local, Add, AddDate:
// "yesterday"), through variables, through
// a function that returns the time it read (func yesterday() time.Time,
// in any package: its callers make the unit) and through a function of
// any package that makes the unit of a time parameter; and when that unit
// is written or read: passed to a function of another package (a query's
// argument, a path, an object key), put in a literal (a request's field;
// a day kept as a time.Time in a field follows the literal to its use),
// used as a map key, assigned to a field, sent. A string built of it
// (fmt.Sprintf, concatenation, path.Join, strings.Join of a slice
// literal, strconv, a conversion) is followed to its use. A window
// anchored at the current hour in a request is a unit read too: where the
// data is meant to be the latest (a forecast), silence the finding.
//
// It is reported at the clock read, with the retry as related
// information; a clock read in another package, reached by the retried
// operation through a function of that package, is reported at the
// retry, naming the function and where it reads the clock. The remedy is
// to take the unit as input: a parameter, the job's args, the activity
// input, the schedule's logical time, computed once outside the retry.
//
// It is silent on:
//
//   - measurements and deadlines: time.Since, Sub, Add to a deadline,
//     context.WithTimeout and WithDeadline, comparisons (Before, After,
//     Equal, ==, <) of clock times, Unix times;
//   - timestamps: a layout with minutes or seconds (time.RFC3339, a log
//     line's time) and an unrounded time.Now() written as a value (a
//     created_at column): not a unit, a record of when;
//   - units that only reach a record: the records: of the rule packs (log,
//     log/slog, zap, zerolog, logrus, klog, errors, fmt.Errorf, fmt.Print,
//     Prometheus, OpenTelemetry, context), or a function of any package
//     whose first parameter is a format or a message followed by values;
//   - a unit the operation only returns to the retry (the value of the
//     attempt that succeeded);
//   - a time read outside the retried operation and captured by it: that
//     is the remedy;
//   - a unit made of a time the function is given (a parameter's
//     Truncate): the caller decides, and is judged where it reads the
//     clock;
//   - the date of a signature: a clock read whose time goes, in any of its
//     uses, into a hash or a signature (the signs: of the rule packs:
//     crypto, hash, golang.org/x/crypto; directly or through functions of
//     its package, as a SigV4 signer puts the yyyymmdd date into its scope
//     and its HMAC key): every attempt must sign with the current time. A
//     header's value (http.Header Set, Add) is not a unit either;
//   - arithmetic on a component (time.Now().Year() - born), a deadline
//     made of a truncated time (context.WithDeadline at the next hour);
//   - a unit assigned to a field of the method's receiver (r.lastDay =
//     today): the state of a long-lived value, unsure;
//   - a unit assigned to an unexported package-level variable whose
//     readers in the package only compute or compare with it (an id
//     generator's month base): it is followed there as a local is, and
//     an exported one, which other packages may read, counts as written;
//   - a poller's rounds (each is a new round, not a retry of one), a
//     supervisor loop's restarts (a long-running loop that reads the
//     clock afresh by design) and a retrying client's requests.
//
// When unsure it stays silent: a Truncate to a duration that is not a
// constant (a bucket of a configured size), a layout that is not a
// constant, a time of the clock stored in a field or a package-level
// variable, or passed to a function value or an interface's method, is
// not followed; a clock kept in a field (s.now = time.Now) is not a
// clock read, though a package-level variable initialised with one (var
// now = time.Now, which the package's tests replace) is; a day number
// computed with arithmetic on Unix seconds is not recognised.
package wallclock
