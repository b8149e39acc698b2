package realmod

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	"cloud.google.com/go/spanner"
	crdbv1 "github.com/cockroachdb/cockroach-go/crdb"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/cockroachdb/cockroach-go/v2/crdb/crdbgorm"
	"github.com/nats-io/nats.go"
	"gorm.io/gorm"
)

// Retried transactions: what the function runs on the transaction rolls
// back before the next attempt; a request or a publish does not.

func chargeInTx(ctx context.Context, db *sql.DB, id string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { // finding: nonidempotent
		if _, err := tx.ExecContext(ctx, `UPDATE charges SET pending = true WHERE id = $1`, id); err != nil {
			return err
		}
		resp, err := http.Post("https://payments.example/charges", "application/json", bytes.NewReader([]byte(id)))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func bookInTx(ctx context.Context, db *sql.DB, id string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE bookings SET held = true WHERE id = $1`, id)
		return err
	})
}

func bookGorm(ctx context.Context, db *gorm.DB, id string) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error {
		return tx.Exec(`UPDATE bookings SET held = true WHERE id = ?`, id).Error
	})
}

func announceInTx(ctx context.Context, c *spanner.Client, nc *nats.Conn, id string) error {
	_, err := c.ReadWriteTransaction(ctx, func(ctx context.Context, txn *spanner.ReadWriteTransaction) error { // finding: nonidempotent
		if err := txn.BufferWrite([]*spanner.Mutation{spanner.Insert("bookings", []string{"id"}, []interface{}{id})}); err != nil {
			return err
		}
		return nc.Publish("bookings", []byte(id))
	})
	return err
}

// Before v2 the retries have no cap.
func chargeInTxV1(ctx context.Context, db *sql.DB, id string) error {
	return crdbv1.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { // finding: nonidempotent
		if _, err := tx.ExecContext(ctx, `UPDATE charges SET pending = true WHERE id = $1`, id); err != nil {
			return err
		}
		_, err := http.Post("https://payments.example/charges", "application/json", bytes.NewReader([]byte(id)))
		return err
	})
}
