package testoverrides

import (
	"testing"
	"time"
)

type instant struct{}

func (instant) Delay(int) time.Duration { return 0 }

func TestSend(t *testing.T) {
	retryDelay = time.Millisecond
	s := &Sender{policy: instant{}}
	if err := s.Send(); err != nil {
		t.Fatal(err)
	}
}
