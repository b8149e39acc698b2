// Package clockunits defines an Analyzer that finds the units (a day, an
// hour, a date-named partition, table, file or key) that functions derive
// from the wall clock. It reports nothing; it exports facts, so that the
// analysis crosses packages, and a Result that the wallclock check reads.
//
// # Analyzer clockunits
//
// clockunits: find the units (a day, an hour, a date-named key) functions derive from the wall clock
//
// A read of the wall clock is a call of one of the rules' clocks whose
// result is a time type (time.Now, a clock's Now, var now = time.Now).
// The time types are the receivers of the rules' time-units and
// time-keeps rows: time.Time in the builtin std pack, or a project's own
// type in its .retrylint.yml.
//
// A time of the clock becomes a unit through a time-units method: a
// component (Year, Month, Day, YearDay, Date, ISOWeek), a truncation to an
// hour or more (Truncate, Round, whose duration argument is read), or a
// format whose layout names dates and no minutes (Format, AppendFormat,
// whose layout argument is read). A time-keeps method (UTC, Local, In,
// Add, AddDate) keeps it a time of the clock; AddDate with a negative
// constant moves it back ("yesterday"). A variable assigned it is
// followed to its uses; anything else (Sub, Before, Unix, a field) leaves
// it: a measurement, a comparison, or a value not followed.
//
// A unit counts when the function writes or reads with it: it reaches
// another package's function, a field, an exported package-level
// variable, a literal, a map key or a channel (an unexported
// package-level variable is followed to its readers in the package),
// directly or through strings built with fmt.Sprintf, + or strings.Join;
// one that only reaches a record (a log, a metric, an error: the rules'
// records) or a hash (the rules' signs) does not. The facts say which
// functions make a unit of the clock they read, which return a time of
// the clock (so that their callers are followed too, across packages),
// and which make a unit of a time parameter. The Result answers, for an
// operation that retrysite finds retried, which units it derives; the
// wallclock check reports them (see its page).
package clockunits
