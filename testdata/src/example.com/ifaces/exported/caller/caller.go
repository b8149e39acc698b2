// want package:"effects"

// Package caller reaches another package's store through its exported
// interface: the call has the effect of the store's one implementation.
package caller

import (
	"context"

	"example.com/ifaces/exported/store"
)

type Journal struct{ s store.Store }

func (j *Journal) Note(ctx context.Context, text string) error { // want Note:`appends: inserts into events`
	return j.s.Append(ctx, "notes", text)
}

// Reads stay reads.
func (j *Journal) Last(ctx context.Context) (string, error) {
	return j.s.Get(ctx, "notes")
}
