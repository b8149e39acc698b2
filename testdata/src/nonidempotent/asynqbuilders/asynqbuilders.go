// Package asynqbuilders enqueues tasks that functions build, with
// options of its own: the options of the enqueue decide how often asynq
// runs the handler.
package asynqbuilders

import (
	"bytes"
	"context"
	"net/http"

	"example.com/billing/tasks"
	"github.com/hibiken/asynq"
)

const (
	TypeExport  = "report:export"
	TypeNotice  = "report:notice"
	TypeArchive = "report:archive"
)

// archive posts the report to cold storage; its tasks are enqueued with
// options in a slice, MaxRetry(0) among them.
func archive(ctx context.Context, t *asynq.Task) error {
	return post(ctx, "https://cold.example/reports", t.Payload())
}

// SubmitArchive enqueues an archive task once.
func SubmitArchive(c *asynq.Client, report string) error {
	opts := []asynq.Option{asynq.Queue("low"), asynq.MaxRetry(0)}
	_, err := c.Enqueue(asynq.NewTask(TypeArchive, []byte(report)), opts...)
	return err
}

func newExportTask(report string) *asynq.Task {
	return asynq.NewTask(TypeExport, []byte(report))
}

func newNoticeTask(report string) (*asynq.Task, error) {
	t := asynq.NewTask(TypeNotice, []byte(report))
	return t, nil
}

func post(ctx context.Context, url string, body []byte) error {
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// export posts the report to the archive; its tasks are enqueued with
// asynq.MaxRetry(0).
func export(ctx context.Context, t *asynq.Task) error {
	return post(ctx, "https://archive.example/reports", t.Payload())
}

// notice posts a notice; its tasks are enqueued with four retries.
func notice(ctx context.Context, t *asynq.Task) error {
	return post(ctx, "https://notify.example/notices", t.Payload())
}

// statement posts the statement; package tasks builds it and this
// package enqueues it with asynq.MaxRetry(0).
func statement(ctx context.Context, t *asynq.Task) error {
	return post(ctx, "https://mail.example/statements", t.Payload())
}

// Submit enqueues the tasks.
func Submit(ctx context.Context, c *asynq.Client, report, account string) error {
	if _, err := c.EnqueueContext(ctx, newExportTask(report), asynq.MaxRetry(0)); err != nil {
		return err
	}
	n, err := newNoticeTask(report)
	if err != nil {
		return err
	}
	if _, err := c.Enqueue(n, asynq.MaxRetry(4)); err != nil {
		return err
	}
	st, err := tasks.NewStatementTask(account)
	if err != nil {
		return err
	}
	_, err = c.Enqueue(st, asynq.MaxRetry(0))
	return err
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux) {
	mux.HandleFunc(TypeExport, export)
	mux.HandleFunc(TypeNotice, notice) // want `mux.HandleFunc \(asynq.MaxRetry\(4\) at asynqbuilders.go:\d+\) repeats asynqbuilders.post, which sends an HTTP POST`
	mux.HandleFunc(tasks.TypeStatement, statement)
	mux.HandleFunc(TypeArchive, archive)
}
