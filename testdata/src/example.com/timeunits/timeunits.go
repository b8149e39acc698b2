// want package:"wallclock"

// Package timeunits makes every unit the standard library's time.Time
// can make of the clock, one method per function: each row of the
// time-units and time-keeps of the std pack is seen here.
package timeunits

import (
	"fmt"
	"time"
)

// TruncatedDay is the start of the current day.
func TruncatedDay() time.Time { // want TruncatedDay:`wallclock: day time.Now\(\).Truncate\(24 \* time.Hour\) \(result\)$`
	return time.Now().Truncate(24 * time.Hour)
}

// RoundedHour is the nearest hour.
func RoundedHour() time.Time { // want RoundedHour:`wallclock: hour time.Now\(\).Round\(time.Hour\) \(result\)$`
	return time.Now().Round(time.Hour)
}

// FormattedDay names the current day.
func FormattedDay() string { // want FormattedDay:`wallclock: date time.Now\(\).Format\("2006-01-02"\) \(result\)$`
	return time.Now().Format("2006-01-02")
}

// AppendedDay appends the current day's name to b.
func AppendedDay(b []byte) []byte { // want AppendedDay:`wallclock: date time.Now\(\).AppendFormat\(b, "20060102"\) \(result\)$`
	return time.Now().AppendFormat(b, "20060102")
}

// Year is the current year.
func Year() int { // want Year:`wallclock: date time.Now\(\).Year\(\) \(result\)$`
	return time.Now().Year()
}

// Month is the current month.
func Month() time.Month { // want Month:`wallclock: date time.Now\(\).Month\(\) \(result\)$`
	return time.Now().Month()
}

// Day is the day of the month.
func Day() string { // want Day:`wallclock: date fmt.Sprintf\("%02d", time.Now\(\).Day\(\)\) \(result\)$`
	return fmt.Sprintf("%02d", time.Now().Day())
}

// YearDay is the day of the year.
func YearDay() int { // want YearDay:`wallclock: date time.Now\(\).YearDay\(\) \(result\)$`
	return time.Now().YearDay()
}

// Date names the current day from its parts.
func Date() string { // want Date:`wallclock: date time.Now\(\).Date\(\) \(result\)$`
	y, m, d := time.Now().Date()
	return fmt.Sprintf("%d/%d/%d", y, m, d)
}

// Week is the current ISO week.
func Week() int { // want Week:`wallclock: date time.Now\(\).ISOWeek\(\) \(result\)$`
	_, w := time.Now().ISOWeek()
	return w
}

// LocalDay names the day in the local zone.
func LocalDay() string { // want LocalDay:`wallclock: date time.Now\(\).Local\(\).Format\(time.DateOnly\) \(result\)$`
	return time.Now().Local().Format(time.DateOnly)
}

// DayIn names the day in a zone.
func DayIn(loc *time.Location) string { // want DayIn:`wallclock: date time.Now\(\).In\(loc\).Format\(time.DateOnly\) \(result\)$`
	return time.Now().In(loc).Format(time.DateOnly)
}

// PreviousHour names the hour before this one.
func PreviousHour() string { // want PreviousHour:`wallclock: hour time.Now\(\).Add\(-time.Hour\).Format\("2006010215"\) \(result\)$`
	return time.Now().Add(-time.Hour).Format("2006010215")
}

// Yesterday names the day before today: the time is moved back.
func Yesterday() string { // want Yesterday:`wallclock: date t.Format\(time.DateOnly\), of a time moved back with AddDate \(result\)$`
	t := time.Now().AddDate(0, 0, -1)
	return t.Format(time.DateOnly)
}

// Tomorrow names the day after today: moved forward, not back.
func Tomorrow() string { // want Tomorrow:`wallclock: date t.Format\(time.DateOnly\) \(result\)$`
	t := time.Now().AddDate(0, 0, 1)
	return t.Format(time.DateOnly)
}

// Minute is an instant, to the minute: no unit, a time.
func Minute() time.Time { // want Minute:`wallclock: time time.Now\(\).Truncate\(time.Minute\) \(result\)$`
	return time.Now().Truncate(time.Minute)
}

// Stamp is a timestamp, not a unit.
func Stamp() string { return time.Now().Format("2006-01-02 15:04:05") }

// Elapsed measures: Sub is neither a unit nor a keep.
func Elapsed(start time.Time) time.Duration { return time.Now().Sub(start) }

// Unix is a number of seconds, not a unit.
func Unix() int64 { return time.Now().Unix() }
