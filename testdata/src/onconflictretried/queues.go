package onconflictretried

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

// LedgerArgs credit an account; River runs the worker again when it
// fails.
type LedgerArgs struct {
	Account string
	Cents   int
}

func (LedgerArgs) Kind() string { return "ledger" }

// LedgerWorker appends a ledger line on every attempt.
type LedgerWorker struct {
	river.WorkerDefaults[LedgerArgs]
	db *sql.DB
}

func (w *LedgerWorker) Work(ctx context.Context, job *river.Job[LedgerArgs]) error {
	_, err := w.db.ExecContext(ctx, `INSERT INTO ledger_lines (account, cents) VALUES ($1, $2)`, job.Args.Account, job.Args.Cents) // want `INSERT into ledger_lines appends .*, retried by river.AddWorker \(River.s default: 25 attempts\)`
	return err
}

// AuditArgs record an audit line, once: InsertOpts says one attempt.
type AuditArgs struct {
	Line string
}

func (AuditArgs) Kind() string { return "audit" }

func (AuditArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// AuditWorker appends an audit line; it runs once.
type AuditWorker struct {
	river.WorkerDefaults[AuditArgs]
	db *sql.DB
}

func (w *AuditWorker) Work(ctx context.Context, job *river.Job[AuditArgs]) error {
	_, err := w.db.ExecContext(ctx, `INSERT INTO audit_lines (line) VALUES ($1)`, job.Args.Line)
	return err
}

func registerLedger(workers *river.Workers, db *sql.DB) {
	river.AddWorker(workers, &LedgerWorker{db: db})
	river.AddWorker(workers, &AuditWorker{db: db})
}

// countVisit adds the task's visit to its page: asynq runs it again when
// it fails.
func countVisit(db *sql.DB) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, t *asynq.Task) error {
		_, err := db.ExecContext(ctx, `INSERT INTO page_visits (page) VALUES ($1)`, string(t.Payload())) // want `INSERT into page_visits appends .*retried by mux.HandleFunc \(asynq retries a failed task up to 25 times by default\)`
		return err
	}
}

func registerVisits(mux *asynq.ServeMux, db *sql.DB) {
	mux.HandleFunc("page:visit", countVisit(db))
}
