// Package testutil serves the module's tests: it starts servers and
// seeds databases. A finding of every check is here, and none is
// reported unless the configuration says test-support: include.
package testutil

import (
	"net/http"
	"time"
)

// WaitReady polls a test server until it answers: forever, every 100ms.
func WaitReady(url string) {
	for {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
