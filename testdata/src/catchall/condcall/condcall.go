// Package condcall holds retries whose loop condition runs the attempt.
package condcall

import (
	"errors"
	"math/rand/v2"
	"time"
)

var errConflict = errors.New("version conflict")

func save(doc string) error { return nil }

// Every error goes round, a malformed document's too.
func saveEventually(doc string) {
	for i := 0; save(doc) != nil && i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		time.Sleep(rand.N(time.Second))
	}
}

// Only a conflict goes round.
func saveOnConflict(doc string) error {
	for i := 0; errors.Is(save(doc), errConflict) && i < 5; i++ {
		time.Sleep(rand.N(time.Second))
	}
	return nil
}
