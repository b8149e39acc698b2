package app

import (
	"time"

	"example.com/determinism/spool"
)

// Spool appends until the disk takes it, waiting longer each time.
func Spool(name string, record []byte) {
	delay := time.Second
	for {
		if spool.Append(name, record) == nil {
			return
		}
		time.Sleep(delay)
		delay *= 2
	}
}
