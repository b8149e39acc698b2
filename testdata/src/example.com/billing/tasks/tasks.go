// Package tasks defines the billing service's task types and builds its
// tasks, for the packages that enqueue them and the one that handles them.
package tasks

import (
	"encoding/json"

	"github.com/hibiken/asynq"
)

const (
	// TypeDigest is the weekly digest e-mail, sent once: a digest that
	// fails is skipped until next week.
	TypeDigest = "billing:digest"
	// TypeDunning is the reminder of an unpaid invoice, retried.
	TypeDunning = "billing:dunning"
	// TypeStatement is the monthly statement; its enqueuers say how
	// often it runs.
	TypeStatement = "billing:statement"
)

// NewStatementTask builds a statement task with no options: its
// enqueue gives them.
func NewStatementTask(account string) (*asynq.Task, error) {
	return asynq.NewTask(TypeStatement, []byte(account)), nil
}

// NewDigestTask builds a digest task that asynq runs once.
func NewDigestTask(account string) (*asynq.Task, error) {
	payload, err := json.Marshal(map[string]string{"account": account})
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeDigest, payload, asynq.MaxRetry(0)), nil
}

// NewDunningTask builds a reminder task with the default retries.
func NewDunningTask(invoice string) (*asynq.Task, error) {
	payload, err := json.Marshal(map[string]string{"invoice": invoice})
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeDunning, payload), nil
}
