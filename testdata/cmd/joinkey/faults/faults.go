// Package faults wraps a store.Tx to fail on demand, for tests of the
// application: it inserts nothing itself.
package faults

import (
	"context"
	"database/sql"
	"errors"

	"example.com/joinkey/store"
)

// Tx fails the next insert when Fail is set.
type Tx struct {
	store.Tx
	Fail bool
}

func (t *Tx) InsertEvents(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	if t.Fail {
		return nil, errors.New("injected failure")
	}
	return t.Tx.InsertEvents(ctx, rows)
}
