package migrate

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// Forks written in one INSERT whose column list has an optional column
// and whose VALUES list is built row by row.

type forkRequest struct {
	Origins []string
	IDs     []string // optional: the caller's ids for the forks
	Queue   string
	Dedup   string
	Timeout time.Duration
}

// insertForks makes a fork id for each origin the caller gave none for,
// then inserts the rows.
func insertForks(ctx context.Context, db *sql.DB, in forkRequest) error {
	ids := make([]string, len(in.Origins))
	for i := range in.Origins {
		if len(in.IDs) > 0 && in.IDs[i] != "" {
			ids[i] = in.IDs[i]
		} else {
			ids[i] = uuid.NewString()
		}
	}
	cols := []string{"fork_id", "origin_id", "queue"}
	var timeoutMs *int64
	if in.Timeout > 0 {
		ms := in.Timeout.Milliseconds()
		timeoutMs = &ms
		cols = append(cols, "timeout_ms")
	}
	rows := make([]string, len(in.Origins))
	args := make([]any, 0, len(in.Origins)*len(cols))
	for i, origin := range in.Origins {
		marks := make([]string, len(cols))
		for j := range marks {
			marks[j] = fmt.Sprintf("$%d", i*len(cols)+j+1)
		}
		rows[i] = "(" + strings.Join(marks, ", ") + ", extract(epoch from now()))"
		args = append(args, ids[i], origin, in.Queue)
		if timeoutMs != nil {
			args = append(args, *timeoutMs)
		}
	}
	exec := db.ExecContext
	_, err := exec(ctx, `INSERT INTO forks (`+strings.Join(cols, ", ")+`, created_at) VALUES `+strings.Join(rows, ", "), args...) // want `INSERT into forks appends \(no ON CONFLICT; no key of forks comes from the input: PRIMARY KEY \(fork_id\) is made by the execution \(fork_id = \$1 from uuid.NewString\(\)\), UNIQUE \(queue, dedup_id\) is left NULL, and NULLs never conflict\), retried by retry.Do`
	return err
}

func forkRuns(ctx context.Context, db *sql.DB, in forkRequest) error {
	return retry.Do(func() error {
		return insertForks(ctx, db, in)
	})
}

// Negatives.

// The caller names every fork: a second execution fails on the primary
// key.
func insertNamedForks(ctx context.Context, db *sql.DB, in forkRequest) error {
	cols := []string{"fork_id", "origin_id", "queue"}
	rows := make([]string, len(in.Origins))
	args := make([]any, 0, len(in.Origins)*len(cols))
	for i, origin := range in.Origins {
		marks := make([]string, len(cols))
		for j := range marks {
			marks[j] = fmt.Sprintf("$%d", i*len(cols)+j+1)
		}
		rows[i] = "(" + strings.Join(marks, ", ") + ", extract(epoch from now()))"
		args = append(args, in.IDs[i], origin, in.Queue)
	}
	exec := db.ExecContext
	_, err := exec(ctx, `INSERT INTO forks (`+strings.Join(cols, ", ")+`, created_at) VALUES `+strings.Join(rows, ", "), args...)
	return err
}

func forkNamedRuns(ctx context.Context, db *sql.DB, in forkRequest) error {
	return retry.Do(func() error {
		return insertNamedForks(ctx, db, in)
	})
}

// A fork queued with the caller's dedup id is unique on its queue while
// the id is set: whether a second execution conflicts depends on the
// index's predicate, which is not judged.
func insertDedupedFork(ctx context.Context, db *sql.DB, origin, queue, dedup string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO forks (fork_id, origin_id, queue, dedup_id, created_at) VALUES ($1, $2, $3, $4, 0)`, uuid.NewString(), origin, queue, dedup)
		return err
	})
}

// The forks of an origin are deleted and written again on one
// transaction, through the transaction's method value: the unit is
// replaced.
func replaceForks(ctx context.Context, db *sql.DB, origin, queue string, n int) error {
	return retry.Do(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		exec := tx.ExecContext
		if _, err := exec(ctx, `DELETE FROM forks WHERE origin_id = $1`, origin); err != nil {
			return err
		}
		rows := make([]string, 0, n)
		args := make([]any, 0, 3*n)
		for range n {
			rows = append(rows, fmt.Sprintf("($%d, $%d, $%d, 0)", len(args)+1, len(args)+2, len(args)+3))
			args = append(args, uuid.NewString(), origin, queue)
		}
		if _, err := exec(ctx, `INSERT INTO forks (fork_id, origin_id, queue, created_at) VALUES `+strings.Join(rows, ", "), args...); err != nil {
			return err
		}
		return tx.Commit()
	})
}
