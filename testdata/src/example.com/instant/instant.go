// Package instant is a project's own clock: its moments are not
// time.Time, so only a rule pack can say which of its methods name a day.
package instant

import "time"

// Instant is a moment, in milliseconds since the epoch.
type Instant struct{ ms int64 }

// Now reads the clock.
func Now() Instant { return Instant{time.Now().UnixMilli()} }

// Shift moves the moment by d.
func (i Instant) Shift(d time.Duration) Instant { return Instant{i.ms + d.Milliseconds()} }

// Day names the moment's day in UTC: 2006-01-02.
func (i Instant) Day() string { return time.UnixMilli(i.ms).UTC().Format(time.DateOnly) }

// Millis is the moment in milliseconds.
func (i Instant) Millis() int64 { return i.ms }
