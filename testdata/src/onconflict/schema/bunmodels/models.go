// Package bunmodels holds the cases of onconflict for bun: the INSERT of
// NewInsert().Model(&rows).Exec is written from the model's bun tags.
package bunmodels

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/uptrace/bun"
)

// Notification gets a new id from the database on every insert.
type Notification struct {
	bun.BaseModel `bun:"table:notifications"`

	ID     int64  `bun:"id,pk,autoincrement"`
	UserID string `bun:"user_id,notnull"`
	Text   string
}

// Receipt is keyed by the caller's receipt number.
type Receipt struct {
	Number string `bun:",pk"`
	Cents  int64
}

// Device is unique per owner and serial.
type Device struct {
	ID     int64  `bun:",pk,autoincrement"`
	Owner  string `bun:",unique:owner_serial"`
	Serial string `bun:",unique:owner_serial"`
}

func notify(ctx context.Context, db *bun.DB, n *Notification) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(n).Exec(ctx) // want `Exec's INSERT into notifications appends \(no ON CONFLICT; no key of notifications comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do: .*; merge on a key from the input with On\("CONFLICT \(key\) DO UPDATE"\)`
		return err
	})
}

// Negatives.

func keep(ctx context.Context, db *bun.DB, r *Receipt) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(r).Exec(ctx)
		return err
	})
}

func register(ctx context.Context, db *bun.DB, d *Device) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(d).Exec(ctx)
		return err
	})
}

func notifyOnce(ctx context.Context, db *bun.DB, n *Notification) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(n).On("CONFLICT (user_id) DO NOTHING").Exec(ctx)
		return err
	})
}

func notifyIgnoring(ctx context.Context, db *bun.DB, n *Notification) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(n).Ignore().Exec(ctx)
		return err
	})
}

func rawInsert(ctx context.Context, db *bun.DB) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Table("notifications").Column("text").Exec(ctx)
		return err
	})
}
