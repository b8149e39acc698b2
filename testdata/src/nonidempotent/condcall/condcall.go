// Package condcall holds retries whose loop condition runs the attempt.
package condcall

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"time"
)

func charge(order string) error {
	resp, err := http.Post("https://pay.example/charges", "application/json", bytes.NewBufferString(order))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func status(order string) error {
	resp, err := http.Get("https://pay.example/charges/" + order)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Each round posts the charge again.
func chargeUntilDone(order string) {
	for i := 0; charge(order) != nil && i < 3; i++ { // want `retry loop repeats condcall.charge, which sends an HTTP POST`
		time.Sleep(rand.N(time.Second))
	}
}

// A GET is safe to repeat.
func awaitStatus(order string) {
	for i := 0; status(order) != nil && i < 3; i++ {
		time.Sleep(rand.N(time.Second))
	}
}
