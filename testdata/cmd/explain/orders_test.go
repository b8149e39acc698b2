package orders

import (
	"errors"
	"testing"
	"time"
)

func TestRetried(t *testing.T) {
	var err error
	for i := 0; i < 3; i++ {
		if err = flaky(i); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal(err)
}

func flaky(i int) error {
	if i < 2 {
		return errors.New("not yet")
	}
	return nil
}
