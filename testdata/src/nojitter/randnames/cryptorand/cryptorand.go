// Package cryptorand imports crypto/rand, whose name is rand: the fix
// imports math/rand/v2 under a name nothing in the file is called.
package cryptorand

import (
	"crypto/rand"
	"errors"
	"time"
)

func fetch() error { return errors.New("down") }

func token() []byte {
	b := make([]byte, 16)
	rand.Read(b)
	return b
}

func poll() error {
	for i := 0; i < 3; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
	}
	return nil
}
