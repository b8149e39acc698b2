package executionkey

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"
)

type notice struct {
	To, Body, DedupKey string
}

// noticeID falls back to a fresh UUID when the caller gave no dedup key:
// a retry of the batch then writes every such notice again under a new id.
func noticeID(n notice) (to, id string) {
	to = n.To
	id = uuid.NewString()
	if n.DedupKey != "" {
		id = fmt.Sprintf("%s/%s", n.DedupKey, n.To)
	}
	return to, id
}

func sendNotices(ctx context.Context, db *sql.DB, batch []notice) error {
	tos := make([]string, len(batch))
	bodies := make([]string, len(batch))
	ids := make([]string, len(batch))
	for i, n := range batch {
		tos[i], ids[i] = noticeID(n)
		bodies[i] = n.Body
	}
	_, err := db.ExecContext(ctx, `INSERT INTO notices (recipient, body, notice_id, sent_at) SELECT *, now() FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (notice_id) DO NOTHING`,
		tos, bodies, ids) // want `conflict key notice_id of notices is bound to \$3 from uuid.NewString\(\)`
	return err
}

func runKey() string { return uuid.NewString() }

func recordRun(ctx context.Context, db *sql.DB, job string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO runs (run_key, job) VALUES ($1, $2) ON CONFLICT (run_key) DO NOTHING`, runKey(), job) // want `conflict key run_key of runs is bound to \$1 from uuid.NewString\(\)`
	return err
}

// Negatives.

// The id is the caller's, joined with the recipient: the same on every
// execution.
func inputNoticeID(n notice) string {
	return n.DedupKey + "/" + n.To
}

func sendKeyedNotices(ctx context.Context, db *sql.DB, batch []notice) error {
	ids := make([]string, len(batch))
	bodies := make([]string, len(batch))
	for i, n := range batch {
		ids[i] = inputNoticeID(n)
		bodies[i] = n.Body
	}
	_, err := db.ExecContext(ctx, `INSERT INTO notices (notice_id, body, sent_at) SELECT *, now() FROM unnest($1::text[], $2::text[]) ON CONFLICT (notice_id) DO NOTHING`, ids, bodies)
	return err
}

// The row the helper builds takes the time in a column that is not the
// key; the key is the caller's.
type visit struct {
	Page string
	At   string
}

func newVisit(page string) visit {
	return visit{Page: page, At: uuid.NewString()}
}

func recordVisit(ctx context.Context, db *sql.DB, page string) error {
	v := newVisit(page)
	_, err := db.ExecContext(ctx, `INSERT INTO visits (page, seen) VALUES ($1, $2) ON CONFLICT (page) DO UPDATE SET seen = EXCLUDED.seen`, v.Page, v.At)
	return err
}

// The key is made once, outside the function that runs the statement and
// is run again: every attempt carries the same key.
func sameKeyEveryAttempt(ctx context.Context, db *sql.DB, job string) error {
	key := runKey()
	attempt := func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO runs (run_key, job) VALUES ($1, $2) ON CONFLICT (run_key) DO NOTHING`, key, job)
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
