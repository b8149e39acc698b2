// Package transactions runs work in transactions that the database client
// retries: the statements on the transaction roll back before the next
// attempt, a request, a publish or an e-mail made in the function does
// not.
package transactions

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"
	"net/smtp"

	"cloud.google.com/go/spanner"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/cockroachdb/cockroach-go/v2/crdb/crdbgorm"
	crdbpgxv5 "github.com/cockroachdb/cockroach-go/v2/crdb/crdbpgxv5"
	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"gorm.io/gorm"

	"example.com/ledger"
)

type Payment struct {
	ID      string
	Account string
	Cents   int64
}

type Service struct {
	db      *sql.DB
	hooks   *http.Client
	nc      *nats.Conn
	spanner *spanner.Client
	audit   *ledger.Audit
}

// Charge tells the payment provider inside the transaction: a retry after
// a serialization failure at the commit charges again.
func (s *Service) Charge(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go rolls the transaction back and re-runs the function on a retryable error \(SQLSTATE 40001\), up to 50 times by default\) repeats http.Post, which sends an HTTP POST: the transaction's statements roll back, http.Post does not; move it after the commit, or key it by the input`
		if err := ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: -p.Cents}); err != nil {
			return err
		}
		resp, err := http.Post("https://payments.example/charges", "application/json", bytes.NewReader(nil))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Notify publishes from inside a Spanner transaction, which Spanner runs
// again each time it aborts it.
func (s *Service) Notify(ctx context.Context, p Payment) error {
	_, err := s.spanner.ReadWriteTransaction(ctx, func(ctx context.Context, txn *spanner.ReadWriteTransaction) error { // want `s.spanner.ReadWriteTransaction \(Cloud Spanner rolls the transaction back and re-runs the function each time the transaction is aborted or fails with a transient error, until it commits or the context ends\) repeats \(\*nats.Conn\).Publish, which publishes a NATS message: the transaction's statements roll back`
		if err := txn.BufferWrite([]*spanner.Mutation{spanner.Insert("payments", []string{"id"}, []interface{}{p.ID})}); err != nil {
			return err
		}
		return s.nc.Publish("payments.created", []byte(p.ID))
	})
	return err
}

// Receipt e-mails from a gorm transaction.
func Receipt(ctx context.Context, db *gorm.DB, p Payment) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error { // want `crdbgorm.ExecuteTx \(cockroach-go .*\) repeats smtp.SendMail, which sends an e-mail: the transaction's statements roll back`
		if err := tx.Exec(`UPDATE payments SET receipt_sent = true WHERE id = ?`, p.ID).Error; err != nil {
			return err
		}
		return smtp.SendMail("mail.example:25", nil, "billing@example.com", []string{"owner@example.com"}, []byte(p.ID))
	})
}

// AuditedTransfer records the audit row on the service's own handle, not
// the transaction: it is not rolled back, and a retry writes it again.
func (s *Service) AuditedTransfer(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx .* repeats \(\*ledger.Audit\).Record, which inserts into audit_log .*: the transaction's statements roll back, \(\*ledger.Audit\).Record does not`
		if err := ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: p.Cents}); err != nil {
			return err
		}
		return s.audit.Record(ctx, "transfer "+p.ID)
	})
}

// Capped retries: the policy says so.
func (s *Service) ChargeCapped(ctx context.Context, p Payment) error {
	ctx = crdb.WithMaxRetries(ctx, 3)
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go .*, up to 3 times: crdb.WithMaxRetries\) repeats http.Post`
		_, err := http.Post("https://payments.example/charges", "application/json", bytes.NewReader(nil))
		return err
	})
}

// ChargeUncapped lifts the cap: WithMaxRetries(ctx, 0) lets ExecuteTx retry
// without limit.
func (s *Service) ChargeUncapped(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(crdb.WithMaxRetries(ctx, 0), s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go rolls the transaction back and re-runs the function on a retryable error \(SQLSTATE 40001\) without limit: crdb.WithMaxRetries\(ctx, 0\)\) repeats http.Post`
		_, err := http.Post("https://payments.example/charges", "application/json", bytes.NewReader(nil))
		return err
	})
}

// Forward runs a function that is not a transaction: nothing in it rolls
// back.
func (s *Service) Forward(ctx context.Context, p Payment) error {
	return crdb.ExecuteCtx(ctx, func(ctx context.Context, args ...interface{}) error { // want `crdb.ExecuteCtx \(cockroach-go re-runs the function on a retryable error \(SQLSTATE 40001\), up to 50 times by default\) repeats \(\*nats.Conn\).Publish, which publishes a NATS message: a retry after a lost acknowledgement does it again`
		return s.nc.Publish("payments.forwarded", []byte(p.ID))
	})
}

// ForwardOnce makes one attempt: WithMaxRetries(ctx, 0) allows no retry
// to ExecuteCtx.
func (s *Service) ForwardOnce(ctx context.Context, p Payment) error {
	return crdb.ExecuteCtx(crdb.WithMaxRetries(ctx, 0), func(ctx context.Context, args ...interface{}) error {
		return s.nc.Publish("payments.forwarded", []byte(p.ID))
	})
}

// Adapted runs its function in a transaction it was handed.
func (s *Service) Adapted(ctx context.Context, tx crdb.Tx, p Payment) error {
	return crdb.ExecuteInTx(ctx, tx, func() error { // want `crdb.ExecuteInTx \(cockroach-go rolls the transaction back .*\) repeats http.Post`
		if err := tx.Exec(ctx, `INSERT INTO payments (id) VALUES ($1)`, p.ID); err != nil {
			return err
		}
		_, err := http.Post("https://payments.example/charges", "application/json", bytes.NewReader(nil))
		return err
	})
}

// inTx is the service's own way into a transaction: its callers are
// retried by cockroach-go.
func (s *Service) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	return crdb.ExecuteTx(ctx, s.db, nil, fn)
}

func (s *Service) Refund(ctx context.Context, p Payment) error {
	return s.inTx(ctx, func(tx *sql.Tx) error { // want `s.inTx \(cockroach-go rolls the transaction back .*\) repeats http.Post, which sends an HTTP POST: the transaction's statements roll back`
		if err := ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: p.Cents}); err != nil {
			return err
		}
		_, err := http.Post("https://payments.example/refunds", "application/json", bytes.NewReader(nil))
		return err
	})
}

// Near misses.

// Only statements on the transaction: they roll back.
func (s *Service) Book(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO payments (id, cents) VALUES ($1, $2)`, p.ID, p.Cents); err != nil {
			return err
		}
		stmt := tx.StmtContext(ctx, nil)
		if _, err := stmt.ExecContext(ctx, p.ID); err != nil {
			return err
		}
		return ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: p.Cents})
	})
}

// The same through the service's helper.
func (s *Service) BookVia(ctx context.Context, p Payment) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		return ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: p.Cents})
	})
}

// gorm on the transaction's *gorm.DB.
func BookGorm(ctx context.Context, db *gorm.DB, p Payment) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error {
		return tx.Create(&p).Error
	})
}

// pgx on the transaction.
func BookPgx(ctx context.Context, pool crdbpgxv5.Conn, p Payment) error {
	return crdbpgxv5.ExecuteTx(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO payments (id) VALUES ($1)`, p.ID)
		return err
	})
}

// A PUT of a resource named by the input: doing it again changes nothing.
func (s *Service) Mirror(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		if err := ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: p.Cents}); err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://mirror.example/payments/"+p.ID, nil)
		if err != nil {
			return err
		}
		resp, err := s.hooks.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A POST keyed by the input: the provider answers a repeat with the first
// result.
func (s *Service) ChargeKeyed(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", p.ID)
		resp, err := s.hooks.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// The POST after the commit: ExecuteTx does not retry it.
func (s *Service) ChargeAfter(ctx context.Context, p Payment) error {
	err := crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		return ledger.Insert(ctx, tx, ledger.Entry{Account: p.Account, Cents: -p.Cents})
	})
	if err != nil {
		return err
	}
	_, err = http.Post("https://payments.example/charges", "application/json", bytes.NewReader(nil))
	return err
}

// Spanner writes buffered on the transaction.
func (s *Service) Store(ctx context.Context, p Payment) error {
	_, err := s.spanner.ReadWriteTransaction(ctx, func(ctx context.Context, txn *spanner.ReadWriteTransaction) error {
		_, err := txn.Update(ctx, spanner.NewStatement(`UPDATE accounts SET cents = cents - 1 WHERE id = 'a'`))
		return err
	})
	return err
}

// A transaction function passed by name, whose statements run on the
// transaction it is given.
func (s *Service) BookNamed(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, s.bookTx)
}

func (s *Service) bookTx(tx *sql.Tx) error {
	_, err := tx.Exec(`INSERT INTO payments (id) VALUES ($1)`, "x")
	return err
}

// adapter makes a *sql.Tx the transaction crdb.ExecuteInTx takes.
type adapter struct{ tx *sql.Tx }

func (a adapter) Exec(ctx context.Context, q string, args ...interface{}) error {
	_, err := a.tx.ExecContext(ctx, q, args...)
	return err
}
func (a adapter) Commit(context.Context) error   { return a.tx.Commit() }
func (a adapter) Rollback(context.Context) error { return a.tx.Rollback() }

// within runs fn in a transaction it was handed, which it passes on both
// as an argument and in the context.
func within(ctx context.Context, tx *sql.Tx, fn func(context.Context, *sql.Tx) error) error {
	return crdb.ExecuteInTx(ctx, adapter{tx}, func() error {
		return fn(ledger.WithTx(ctx, tx), tx)
	})
}

func (s *Service) Settle(ctx context.Context, tx *sql.Tx, p Payment) error {
	return within(ctx, tx, func(ctx context.Context, tx *sql.Tx) error { // want `within \(cockroach-go rolls the transaction back .*\) repeats http.Post, which sends an HTTP POST: the transaction's statements roll back`
		if err := ledger.InsertFrom(ctx, ledger.Entry{Account: p.Account, Cents: p.Cents}); err != nil {
			return err
		}
		_, err := http.Post("https://payments.example/settlements", "application/json", bytes.NewReader(nil))
		return err
	})
}

// The statements reach the transaction through the context.
func (s *Service) SettleQuietly(ctx context.Context, tx *sql.Tx, p Payment) error {
	return within(ctx, tx, func(ctx context.Context, _ *sql.Tx) error {
		return ledger.InsertFrom(ctx, ledger.Entry{Account: p.Account, Cents: p.Cents})
	})
}

// entries writes ledger entries on the transaction it holds.
type entries struct{ tx *sql.Tx }

func (e *entries) add(ctx context.Context, p Payment) error {
	return ledger.Insert(ctx, e.tx, ledger.Entry{Account: p.Account, Cents: p.Cents})
}

// The transaction set into a field of a local value.
func (s *Service) BookHeld(ctx context.Context, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		var e entries
		e.tx = tx
		return e.add(ctx, p)
	})
}

// A helper given the transaction runs its statement on it, then posts:
// the statement rolls back, the POST does not.
func (s *Service) BookAndTell(ctx context.Context, n *ledger.Notifier, p Payment) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go .*\) repeats \(\*ledger.Notifier\).InsertAndNotify, which sends an HTTP POST: the transaction's statements roll back, \(\*ledger.Notifier\).InsertAndNotify does not`
		return n.InsertAndNotify(ctx, tx, ledger.Entry{Account: p.Account, Cents: p.Cents})
	})
}
