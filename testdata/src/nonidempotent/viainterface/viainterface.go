// Package viainterface retries calls through another package's exported
// interface, which that package implements once.
package viainterface

import (
	"context"

	retry "github.com/avast/retry-go/v4"

	"example.com/ifaces/exported/store"
)

func note(ctx context.Context, s store.Store, text string) error {
	return retry.Do(func() error { // want `retry.Do repeats \(store.Store\).Append, which inserts into events`
		return s.Append(ctx, "notes", text)
	})
}

// A read through the same interface repeats nothing.
func last(ctx context.Context, s store.Store) (string, error) {
	var body string
	err := retry.Do(func() error {
		var err error
		body, err = s.Get(ctx, "notes")
		return err
	})
	return body, err
}
