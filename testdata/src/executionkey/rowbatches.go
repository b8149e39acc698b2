package executionkey

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// Batches of rows in one INSERT whose VALUES list is built at run time,
// one parenthesised row per element, with the bind arguments appended
// row by row in the same loop.

// clock is the SQL that says "now" in each database the outbox supports.
type clock interface {
	NowSQL() string
}

type pgClock struct{}

func (pgClock) NowSQL() string { return "now()" }

type liteClock struct{}

func (liteClock) NowSQL() string { return "CURRENT_TIMESTAMP" }

type outbox struct {
	db    *sql.DB
	clock clock
	table string
}

// render is the outbox's own Sprintf.
func (o *outbox) render(format string, args ...any) string {
	return fmt.Sprintf(format, args...)
}

const noticeColumns = 3

// Each row's notice_id comes from noticeID, a fresh UUID when the notice
// has no dedup key: a retry of the batch writes it again under new ids.
func (o *outbox) insertNoticeRows(ctx context.Context, batch []notice) error {
	rows := make([]string, 0, len(batch))
	args := make([]any, 0, len(batch)*noticeColumns)
	for _, n := range batch {
		to, id := noticeID(n)
		base := len(args)
		marks := make([]string, noticeColumns)
		for j := range noticeColumns {
			marks[j] = fmt.Sprintf("$%d", base+j+1)
		}
		rows = append(rows, "("+strings.Join(marks, ", ")+", "+o.clock.NowSQL()+")")
		args = append(args, to, n.Body, id) // want `conflict key notice_id of %snotices is bound to \$3 from uuid.NewString\(\)`
	}
	query := o.render(`INSERT INTO %snotices (recipient, body, notice_id, sent_at) VALUES `+strings.Join(rows, ", ")+` ON CONFLICT (notice_id) DO NOTHING`, o.table)
	_, err := o.db.ExecContext(ctx, query, args...)
	return err
}

// The rows are written with ? and one constant row; the key is a new
// UUID per row.
func insertEventRows(ctx context.Context, db *sql.DB, bodies []string) error {
	var rows []string
	var args []any
	for _, b := range bodies {
		rows = append(rows, "(?, ?)")
		args = append(args, uuid.NewString(), b) // want `conflict key event_id of events is bound to \$1 from uuid.NewString\(\)`
	}
	_, err := db.ExecContext(ctx, "INSERT INTO events (event_id, body) VALUES "+strings.Join(rows, ", ")+" ON CONFLICT (event_id) DO NOTHING", args...)
	return err
}

// Negatives.

// The same batch keyed by the caller's dedup key: the same on every run.
func (o *outbox) insertKeyedNoticeRows(ctx context.Context, batch []notice) error {
	rows := make([]string, 0, len(batch))
	args := make([]any, 0, len(batch)*noticeColumns)
	for _, n := range batch {
		base := len(args)
		marks := make([]string, noticeColumns)
		for j := range noticeColumns {
			marks[j] = fmt.Sprintf("$%d", base+j+1)
		}
		rows = append(rows, "("+strings.Join(marks, ", ")+", "+o.clock.NowSQL()+")")
		args = append(args, n.To, n.Body, inputNoticeID(n))
	}
	query := o.render(`INSERT INTO %snotices (recipient, body, notice_id, sent_at) VALUES `+strings.Join(rows, ", ")+` ON CONFLICT (notice_id) DO NOTHING`, o.table)
	_, err := o.db.ExecContext(ctx, query, args...)
	return err
}

// The ids are made once, before the function that the loop runs again:
// every attempt inserts the same keys.
func insertEventRowsOnce(ctx context.Context, db *sql.DB, bodies []string) error {
	ids := make([]string, len(bodies))
	for i := range bodies {
		ids[i] = uuid.NewString()
	}
	attempt := func() error {
		var rows []string
		var args []any
		for i, b := range bodies {
			rows = append(rows, "(?, ?)")
			args = append(args, ids[i], b)
		}
		_, err := db.ExecContext(ctx, "INSERT INTO events (event_id, body) VALUES "+strings.Join(rows, ", ")+" ON CONFLICT (event_id) DO NOTHING", args...)
		return err
	}
	var err error
	for range 3 {
		if err = attempt(); err == nil {
			return nil
		}
	}
	return err
}

// A value appended to the arguments under a condition shifts every later
// row's placeholders: which value a placeholder takes is not known.
func insertTaggedEventRows(ctx context.Context, db *sql.DB, bodies []string, tag string) error {
	var rows []string
	var args []any
	for _, b := range bodies {
		rows = append(rows, "(?, ?)")
		if tag != "" {
			args = append(args, tag)
		}
		args = append(args, b, uuid.NewString())
	}
	_, err := db.ExecContext(ctx, "INSERT INTO events (body, event_id) VALUES "+strings.Join(rows, ", ")+" ON CONFLICT (event_id) DO NOTHING", args...)
	return err
}

// The uuid fills a column that is not the conflict key.
func insertTracedEventRows(ctx context.Context, db *sql.DB, ids, bodies []string) error {
	var rows []string
	var args []any
	for i, b := range bodies {
		rows = append(rows, "(?, ?, ?)")
		args = append(args, ids[i], b, uuid.NewString())
	}
	_, err := db.ExecContext(ctx, "INSERT INTO events (event_id, body, trace_id) VALUES "+strings.Join(rows, ", ")+" ON CONFLICT (event_id) DO NOTHING", args...)
	return err
}

// The rows differ (NULL for a missing body) and the ids are the
// caller's.
func insertSparseEventRows(ctx context.Context, db *sql.DB, events []payload) error {
	var rows []string
	var args []any
	for _, e := range events {
		if e.Body == "" {
			rows = append(rows, "(?, NULL)")
			args = append(args, e.ID)
			continue
		}
		rows = append(rows, "(?, ?)")
		args = append(args, e.ID, e.Body)
	}
	_, err := db.ExecContext(ctx, "INSERT INTO events (event_id, body) VALUES "+strings.Join(rows, ", ")+" ON CONFLICT (event_id) DO NOTHING", args...)
	return err
}

type payload struct {
	ID, Body string
}
