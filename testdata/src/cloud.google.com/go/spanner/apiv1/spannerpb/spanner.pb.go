// Package spannerpb is a test stub of cloud.google.com/go/spanner@v1.96.1: exported API only, bodies are not real.
package spannerpb

import "google.golang.org/protobuf/types/known/structpb"

// CommitResponse_CommitStats are a commit's statistics.
type CommitResponse_CommitStats struct {
	MutationCount int64
}

// RequestOptions_Priority is a request's priority.
type RequestOptions_Priority int32

// TransactionOptions_ReadWrite_ReadLockMode is how a read-write
// transaction locks what it reads.
type TransactionOptions_ReadWrite_ReadLockMode int32

// TransactionOptions_IsolationLevel is a transaction's isolation level.
type TransactionOptions_IsolationLevel int32

// RequestOptions_ClientContext is context the client passes along.
type RequestOptions_ClientContext struct {
	SecureContext map[string]*structpb.Value
}
