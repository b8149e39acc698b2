// Package rivertype is a test stub of github.com/riverqueue/river/rivertype@v0.51.2: exported API only, bodies are not real.
package rivertype

import (
	"context"
	"time"
)

// JobState is the state of a job.
type JobState string

// AttemptError is the error of one attempt.
type AttemptError struct {
	At      time.Time `json:"at"`
	Attempt int       `json:"attempt"`
	Error   string    `json:"error"`
	Trace   string    `json:"trace"`
}

// JobRow is a job as stored.
type JobRow struct {
	ID           int64
	Attempt      int
	AttemptedAt  *time.Time
	AttemptedBy  []string
	CreatedAt    time.Time
	EncodedArgs  []byte
	Errors       []AttemptError
	FinalizedAt  *time.Time
	Kind         string
	MaxAttempts  int
	Metadata     []byte
	Priority     int
	Queue        string
	ScheduledAt  time.Time
	State        JobState
	Tags         []string
	UniqueKey    []byte
	UniqueStates []JobState
}

// JobInsertResult is the result of an insert.
type JobInsertResult struct {
	Job                      *JobRow
	UniqueSkippedAsDuplicate bool
}

// Middleware is any middleware.
type Middleware interface {
	IsMiddleware() bool
}

// WorkerMiddleware wraps a worker's Work.
type WorkerMiddleware interface {
	Middleware
	Work(ctx context.Context, job *JobRow, doInner func(context.Context) error) error
}

// JobCancelError is the error JobCancel returns.
type JobCancelError struct {
	err error
}

func (e *JobCancelError) Error() string { return "" }

// JobCancel marks err as cancelling the job: it is not run again.
func JobCancel(err error) error { return &JobCancelError{err: err} }
