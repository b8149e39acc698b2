// Package store writes orders and tells partners about them.
package store

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
)

// AppendOrder inserts an order.
func AppendOrder(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// LoadOrder reads an order.
func LoadOrder(ctx context.Context, db *sql.DB, id string) (string, error) {
	var status string
	err := db.QueryRowContext(ctx, "SELECT status FROM orders WHERE id = $1", id).Scan(&status)
	return status, err
}

// Notify posts an order's id to a partner's webhook.
func Notify(ctx context.Context, client *http.Client, url, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(id))
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
