package modelshapes

import (
	"errors"
	"sync/atomic"
	"time"
)

var stopping atomic.Bool

func connect(addr string) error { return errors.New("refused") }

// A retry that waits between attempts in steps of a second, to see a
// stop sooner: the steps are its wait, fixed.
func dialSteps(addr string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = connect(addr); err == nil {
			return nil
		}
		for step := 0; step < 3 && !stopping.Load(); step++ {
			time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
		}
	}
	return err
}

func jobState(id string) (string, error) { return "done", nil }

// Not the outer loop's wait: the inner loop polls the job's state, and
// its sleep is between its own polls; the outer loop goes through the
// jobs.
func awaitJobs(ids []string) error {
	for _, id := range ids {
		for {
			state, err := jobState(id)
			if err != nil {
				return err
			}
			if state == "done" {
				break
			}
			time.Sleep(time.Second)
		}
	}
	return nil
}
