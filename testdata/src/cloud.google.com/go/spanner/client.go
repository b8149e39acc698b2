// Package spanner is a test stub of cloud.google.com/go/spanner@v1.96.1: exported API only, bodies are not real.
package spanner

import (
	"context"
	"time"
)

// Client is a client of one Spanner database.
type Client struct{}

// ReadWriteTransaction runs f in a read-write transaction, and again in a
// new one each time Spanner aborts it, until it commits or ctx ends.
func (c *Client) ReadWriteTransaction(ctx context.Context, f func(context.Context, *ReadWriteTransaction) error) (commitTimestamp time.Time, err error) {
	return time.Time{}, nil
}

// ReadWriteTransactionWithOptions is ReadWriteTransaction with options.
func (c *Client) ReadWriteTransactionWithOptions(ctx context.Context, f func(context.Context, *ReadWriteTransaction) error, options TransactionOptions) (resp CommitResponse, err error) {
	return CommitResponse{}, nil
}
