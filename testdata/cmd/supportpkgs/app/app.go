// Package app is the product: its retry is reported whatever the
// configuration says of test-support packages.
package app

import (
	"net/http"
	"time"
)

// Fetch asks the partner until it answers.
func Fetch(url string) *http.Response {
	for {
		if resp, err := http.Get(url); err == nil {
			return resp
		}
		time.Sleep(time.Second)
	}
}
