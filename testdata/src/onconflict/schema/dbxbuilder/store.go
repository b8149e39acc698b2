// Package dbxbuilder holds the cases of onconflict for pocketbase's dbx:
// the INSERT that Insert and Upsert spell is judged as the text would be.
package dbxbuilder

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/pocketbase/dbx"
)

// An audit line's only key is the serial id: a second execution logs
// the action twice.
func audit(ctx context.Context, db *dbx.DB, actor, action string) error {
	return retry.Do(func() error {
		_, err := db.Insert("audit_log", dbx.Params{"actor": actor, "action": action}).WithContext(ctx).Execute() // want `Execute's INSERT into audit_log appends \(no ON CONFLICT; no key of audit_log comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do: .*; merge on a key from the input with Upsert\(table, cols, "key"\)`
		return err
	})
}

// On a transaction: the same append.
func auditTx(tx *dbx.Tx, actor, action string) error {
	return retry.Do(func() error {
		q := tx.Insert("audit_log", dbx.Params{"action": action, "actor": actor})
		_, err := q.Execute() // want `INSERT into audit_log appends`
		return err
	})
}

// The key's hash is the caller's: a second execution fails on it.
func register(ctx context.Context, db *dbx.DB, hash, owner string) error {
	return retry.Do(func() error {
		_, err := db.Insert("api_keys", dbx.Params{"key_hash": hash, "owner": owner}).WithContext(ctx).Execute()
		return err
	})
}

// A merge on the seat the caller names.
func hold(ctx context.Context, db *dbx.DB, room string, seat int, holder string) error {
	return retry.Do(func() error {
		_, err := db.Upsert("seats", dbx.Params{"room": room, "seat": seat, "holder": holder}, "room", "seat").WithContext(ctx).Execute()
		return err
	})
}

// A merge on a column no key of the table has: PostgreSQL rejects it.
func holdByRoom(ctx context.Context, db *dbx.DB, room string, seat int, holder string) error {
	_, err := db.Upsert("seats", dbx.Params{"room": room, "seat": seat, "holder": holder}, "room").WithContext(ctx).Execute() // want `ON CONFLICT \(room\) matches no primary key or unique constraint of seats`
	return err
}

// Params built elsewhere: the INSERT is not read.
func auditWith(db *dbx.DB, row dbx.Params) error {
	return retry.Do(func() error {
		_, err := db.Insert("audit_log", row).Execute()
		return err
	})
}
