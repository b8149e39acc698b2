// Package taskq is a small task queue: a handler registered for a kind of
// task is run again when it returns an error.
package taskq

import "context"

// Task is one unit of work.
type Task struct {
	Kind    string
	Payload []byte
}

// Handler processes tasks.
type Handler interface {
	ProcessTask(ctx context.Context, t *Task) error
}

// Mux routes tasks to handlers by kind.
type Mux struct{}

// Handle registers h for the tasks of kind.
func (m *Mux) Handle(kind string, h Handler) {}
