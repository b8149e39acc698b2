// Package asynq is a test stub of github.com/hibiken/asynq@v0.26.0: exported API only, bodies are not real.
package asynq

import (
	"context"
	"errors"
	"time"
)

// Task is a unit of work: a type name and a payload.
type Task struct {
	typename string
	payload  []byte
}

// Type returns the task's type name.
func (t *Task) Type() string { return t.typename }

// Payload returns the task's payload.
func (t *Task) Payload() []byte { return t.payload }

// NewTask returns a task of the given type; opts apply when it is enqueued.
func NewTask(typename string, payload []byte, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload}
}

// NewTaskWithHeaders is NewTask with headers.
func NewTaskWithHeaders(typename string, payload []byte, headers map[string]string, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload}
}

// TaskState is the state of a task.
type TaskState int

// TaskInfo describes an enqueued task.
type TaskInfo struct {
	ID            string
	Queue         string
	Type          string
	Payload       []byte
	Headers       map[string]string
	State         TaskState
	MaxRetry      int
	Retried       int
	LastErr       string
	LastFailedAt  time.Time
	Timeout       time.Duration
	Deadline      time.Time
	Group         string
	NextProcessAt time.Time
	IsOrphaned    bool
	Retention     time.Duration
	CompletedAt   time.Time
	Result        []byte
}

// OptionType says which option an Option is.
type OptionType int

// MaxRetryOpt is the type of MaxRetry's option.
const MaxRetryOpt OptionType = iota

// Option configures how a task is processed.
type Option interface {
	String() string
	Type() OptionType
	Value() interface{}
}

type retryOption int

func (n retryOption) String() string     { return "" }
func (n retryOption) Type() OptionType   { return MaxRetryOpt }
func (n retryOption) Value() interface{} { return int(n) }

// MaxRetry sets how many times a failed task is retried; 0 is never.
func MaxRetry(n int) Option { return retryOption(n) }

// Queue names the queue of the task.
func Queue(name string) Option { return retryOption(0) }

// TaskID sets the task's ID.
func TaskID(id string) Option { return retryOption(0) }

// Client enqueues tasks.
type Client struct{}

// Close closes the client.
func (c *Client) Close() error { return nil }

// Enqueue enqueues a task; opts override the task's own.
func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) { return nil, nil }

// EnqueueContext is Enqueue with a context.
func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return nil, nil
}

// Server processes tasks with a handler.
type Server struct{}

// Run processes tasks with handler until the process is signalled.
func (srv *Server) Run(handler Handler) error { return nil }

// Start processes tasks with handler in the background.
func (srv *Server) Start(handler Handler) error { return nil }

// Shutdown stops the server.
func (srv *Server) Shutdown() {}

// Handler processes a task; an error makes the server retry it.
type Handler interface {
	ProcessTask(context.Context, *Task) error
}

// HandlerFunc is a function used as a Handler.
type HandlerFunc func(context.Context, *Task) error

// ProcessTask calls fn.
func (fn HandlerFunc) ProcessTask(ctx context.Context, task *Task) error { return fn(ctx, task) }

// MiddlewareFunc wraps a Handler.
type MiddlewareFunc func(Handler) Handler

// ServeMux routes tasks to the handler registered for the longest
// pattern that prefixes their type.
type ServeMux struct{}

// NewServeMux returns a mux.
func NewServeMux() *ServeMux { return &ServeMux{} }

// ProcessTask dispatches the task to its handler.
func (mux *ServeMux) ProcessTask(ctx context.Context, task *Task) error { return nil }

// Handle registers handler for pattern.
func (mux *ServeMux) Handle(pattern string, handler Handler) {}

// HandleFunc registers handler for pattern.
func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}

// Use adds middleware.
func (mux *ServeMux) Use(mws ...MiddlewareFunc) {}

// SkipRetry, returned or wrapped by a handler, stops the retries of the
// task.
var SkipRetry = errors.New("skip retry for the task")

// RevokeTask, returned or wrapped by a handler, drops the task.
var RevokeTask = errors.New("revoke task")

// Scheduler enqueues tasks periodically.
type Scheduler struct{}

// Register enqueues task on the cron spec.
func (s *Scheduler) Register(cronspec string, task *Task, opts ...Option) (entryID string, err error) {
	return "", nil
}
