package app

import (
	"errors"
	"testing"
	"time"
)

// A test's own retry is listed only with -test.
func TestEventually(t *testing.T) {
	var err error
	for i := 0; i < 10; i++ {
		if err = ready(); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal(err)
}

func ready() error { return errors.New("not yet") }
