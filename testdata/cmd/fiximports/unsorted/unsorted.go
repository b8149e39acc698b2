// Package unsorted imports in an order of its own, and aligns nothing:
// a fix adds its line and leaves the rest as it is.
package unsorted

import (
	"time"
	"strconv"
	"errors"
)

var errDown = errors.New("down")

func op() (int, error) { return strconv.Atoi("1") }

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
