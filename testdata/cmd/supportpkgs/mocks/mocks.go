// Package mocks holds a fake partner for the tests: its path's element
// mocks makes it a test-support package.
package mocks

import (
	"net/http"
	"time"
)

// Dial waits for the fake partner to listen.
func Dial(url string) {
	for {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}
