package loop_test

import (
	"testing"

	"example.com/tested/loop"
)

func TestRetry(t *testing.T) {
	if err := loop.Retry(); err != nil {
		t.Fatal(err)
	}
}
