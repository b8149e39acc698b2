// Package spanner is a test stub of cloud.google.com/go/spanner@v1.96.1: exported API only, bodies are not real.
package spanner

import (
	"context"
	"time"

	sppb "cloud.google.com/go/spanner/apiv1/spannerpb"
)

// TransactionOptions configures a read-write transaction.
type TransactionOptions struct {
	CommitOptions               CommitOptions
	TransactionTag              string
	CommitPriority              sppb.RequestOptions_Priority
	ReadLockMode                sppb.TransactionOptions_ReadWrite_ReadLockMode
	ExcludeTxnFromChangeStreams bool
	IsolationLevel              sppb.TransactionOptions_IsolationLevel
	BeginTransactionOption      BeginTransactionOption
	ClientContext               *sppb.RequestOptions_ClientContext
}

// BeginTransactionOption says how a transaction begins.
type BeginTransactionOption int

// CommitOptions configures a commit.
type CommitOptions struct {
	ReturnCommitStats bool
	MaxCommitDelay    *time.Duration
}

// CommitResponse is what a commit returns.
type CommitResponse struct {
	CommitTs    time.Time
	CommitStats *sppb.CommitResponse_CommitStats
}

// ReadWriteTransaction is a transaction whose writes commit together.
type ReadWriteTransaction struct{}

// BufferWrite buffers mutations, applied at the commit.
func (t *ReadWriteTransaction) BufferWrite(ms []*Mutation) error { return nil }

// Update runs a DML statement in the transaction.
func (t *ReadWriteTransaction) Update(ctx context.Context, stmt Statement) (rowCount int64, err error) {
	return 0, nil
}
