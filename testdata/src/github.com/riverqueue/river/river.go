// Package river is a test stub of github.com/riverqueue/river@v0.51.2: exported API only, bodies are not real.
package river

import (
	"context"
	"time"

	"github.com/riverqueue/river/rivertype"
)

// MaxAttemptsDefault is the number of attempts a job gets when nothing
// sets it.
const MaxAttemptsDefault = 25

// JobArgs are the arguments of a job; their kind names the worker.
type JobArgs interface {
	Kind() string
}

// JobArgsWithInsertOpts gives every job of a kind its options.
type JobArgsWithInsertOpts interface {
	InsertOpts() InsertOpts
}

// Job is a job with typed args.
type Job[T JobArgs] struct {
	*rivertype.JobRow
	Args T
}

// InsertOpts are the options of one insert.
type InsertOpts struct {
	MaxAttempts int
	Metadata    []byte
	Pending     bool
	Priority    int
	Queue       string
	ScheduledAt time.Time
	Tags        []string
	UniqueOpts  UniqueOpts
}

// UniqueOpts make an insert unique.
type UniqueOpts struct {
	ByArgs      bool
	ByPeriod    time.Duration
	ByQueue     bool
	ByState     []rivertype.JobState
	ExcludeKind bool
}

// Worker works the jobs of one kind.
type Worker[T JobArgs] interface {
	Middleware(job *rivertype.JobRow) []rivertype.WorkerMiddleware
	NextRetry(job *Job[T]) time.Time
	Timeout(job *Job[T]) time.Duration
	Work(ctx context.Context, job *Job[T]) error
}

// WorkerDefaults gives a worker the default Middleware, NextRetry and
// Timeout.
type WorkerDefaults[T JobArgs] struct{}

func (w WorkerDefaults[T]) Middleware(*rivertype.JobRow) []rivertype.WorkerMiddleware { return nil }

func (w WorkerDefaults[T]) NextRetry(*Job[T]) time.Time { return time.Time{} }

func (w WorkerDefaults[T]) Timeout(*Job[T]) time.Duration { return 0 }

// Workers is the set of registered workers.
type Workers struct{}

// NewWorkers returns an empty set.
func NewWorkers() *Workers { return &Workers{} }

// AddWorker registers worker for the jobs of kind T; it panics on an
// invalid registration.
func AddWorker[T JobArgs](workers *Workers, worker Worker[T]) {}

// AddWorkerSafely is AddWorker returning an error.
func AddWorkerSafely[T JobArgs](workers *Workers, worker Worker[T]) error { return nil }

// WorkFunc makes a worker of a function.
func WorkFunc[T JobArgs](f func(context.Context, *Job[T]) error) Worker[T] { return nil }

// JobCancelError is the error JobCancel returns.
type JobCancelError = rivertype.JobCancelError

// JobCancel marks err as cancelling the job: it is not run again.
func JobCancel(err error) error { return rivertype.JobCancel(err) }

// Client inserts and works jobs.
type Client[TTx any] struct{}

// Insert inserts a job.
func (c *Client[TTx]) Insert(ctx context.Context, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return nil, nil
}

// InsertTx inserts a job in a transaction.
func (c *Client[TTx]) InsertTx(ctx context.Context, tx TTx, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return nil, nil
}
