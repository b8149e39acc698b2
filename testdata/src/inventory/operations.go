package inventory

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"time"
)

// upsert replaces its unit: a merge on the key from the input.
func upsert(ctx context.Context, db *sql.DB, id, total string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO totals (id, total) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET total = excluded.total", id, total)
	return err
}

// retryUpsert: replaces, through upsert.
func retryUpsert(ctx context.Context, db *sql.DB, id, total string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = upsert(ctx, db, id, total); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retryRead: reads.
func retryRead(ctx context.Context, db *sql.DB, id string) (string, error) {
	var total string
	var err error
	for i := 0; i < 3; i++ {
		if err = db.QueryRowContext(ctx, "SELECT total FROM totals WHERE id = $1", id).Scan(&total); err == nil {
			return total, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// retryAppend: appends.
func retryAppend(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = db.ExecContext(ctx, "INSERT INTO events (id) VALUES ($1)", id); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retryCount: increments.
func retryCount(ctx context.Context, db *sql.DB, page string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = db.ExecContext(ctx, "UPDATE views SET n = n + 1 WHERE page = $1", page); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retryPost: external.
func retryPost(ctx context.Context, url, body string) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Post(url, "application/json", strings.NewReader(body)); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// settle is declared idempotent: the ledger deduplicates.
//
//retrylint:effect idempotent the ledger deduplicates on the transfer id
func settle(ctx context.Context, id string) error { return nil }

// retrySettle: replaces, by declaration.
func retrySettle(ctx context.Context, id string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = settle(ctx, id); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retrySend: re-sends its caller's request, whatever its method.
func retrySend(c *http.Client, req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
