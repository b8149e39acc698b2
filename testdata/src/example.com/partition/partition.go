// Package partition names the partitions of the events table; it reads
// no clock.
package partition

import "time"

// Name is the partition of the events of t's day.
func Name(t time.Time) string {
	return "events_" + t.UTC().Format("20060102")
}
