// Package unsorted imports in an order of its own, and aligns nothing:
// a fix adds its line and leaves the rest as it is.
package unsorted

import (
	"time"
	"strconv"
	"errors"
)

var errDown = errors.New("down")

// fetch asks a peer for a number: a function value the model cannot read.
var fetch = func() (string, error) { return "1", nil }

func op() (int, error) {
	s, err := fetch()
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(s)
}

// Retry tries op three times, two seconds apart.
func Retry() error {
	for i := 0; i < 3; i++ {
		if _, err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return   errDown
}
