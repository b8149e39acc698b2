package driver

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The heap of a run is the export data of the packages imported so far
// plus the one or two packages under analysis, whose syntax, types and
// analyzer state are garbage as soon as they are done. Left to GOGC=100
// the collector lets that garbage grow as large as what is live, so
// the run's peak is twice what it needs. Unless the user set GOMEMLIMIT,
// the driver keeps a soft memory limit a quarter above the live heap
// (and no lower than a floor, where collecting more often buys little):
// the limit follows the live heap up, so a large module never makes the
// collector run without pause.

const (
	memoryFloor  = 448 << 20
	memoryPeriod = 50 * time.Millisecond
)

// limitMemory starts the limit's keeper, and returns a function that
// stops it.
func limitMemory() (stop func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	done := make(chan struct{})
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	set := func() {
		metrics.Read(sample)
		live := int64(sample[0].Value.Uint64())
		debug.SetMemoryLimit(max(memoryFloor, live+live/2))
	}
	set()
	go func() {
		t := time.NewTicker(memoryPeriod)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				set()
			}
		}
	}()
	return func() { close(done) }
}
