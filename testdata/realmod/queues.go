package realmod

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

// TypeInvoice is the task type of a customer's monthly invoice e-mail.
const TypeInvoice = "invoice:send"

type invoicePayload struct {
	Customer string
}

// sendInvoice posts the invoice to the mailer with no key: asynq runs it
// again after a lost response, and the customer gets two e-mails. A
// payload that does not decode fails on every one of the 25 retries.
func sendInvoice(ctx context.Context, t *asynq.Task) error {
	var p invoicePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mailer.example/send", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// TypeReminder is the task type of a payment reminder, sent once.
const TypeReminder = "invoice:remind"

// remind gives up on a payload that does not decode, and posts the
// reminder; its tasks are enqueued with asynq.MaxRetry(0).
func remind(ctx context.Context, t *asynq.Task) error {
	var p invoicePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("reminder payload: %v: %w", err, asynq.SkipRetry)
	}
	resp, err := http.Post("https://mailer.example/remind", "text/plain", bytes.NewBufferString(p.Customer))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// enqueueReminder enqueues a reminder that asynq runs once.
func enqueueReminder(ctx context.Context, c *asynq.Client, customer string) error {
	task := asynq.NewTask(TypeReminder, []byte(customer))
	_, err := c.EnqueueContext(ctx, task, asynq.MaxRetry(0))
	return err
}

// serveInvoices registers the handlers.
func serveInvoices() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc(TypeInvoice, sendInvoice) // finding: nonidempotent, catchall
	mux.HandleFunc(TypeReminder, remind)
	return mux
}

// ReportArgs are the arguments of a report job, run once.
type ReportArgs struct {
	Month string
}

func (ReportArgs) Kind() string { return "report" }

// InsertOpts runs every report job once.
func (ReportArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// ReportWorker posts the month's report.
type ReportWorker struct {
	river.WorkerDefaults[ReportArgs]
}

func (w *ReportWorker) Work(ctx context.Context, job *river.Job[ReportArgs]) error {
	body := fmt.Sprintf(`{"month":%q}`, job.Args.Month)
	resp, err := http.Post("https://reports.example/publish", "application/json", bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RefundArgs are the arguments of a refund job.
type RefundArgs struct {
	Order string
}

func (RefundArgs) Kind() string { return "refund" }

// RefundWorker posts a refund: River tries it 25 times by default.
type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
}

func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	resp, err := http.Post("https://payments.example/refunds", "application/json", bytes.NewBufferString(job.Args.Order))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// registerWorkers registers both: the report is run once, the refund is
// retried.
func registerWorkers() *river.Workers {
	workers := river.NewWorkers()
	river.AddWorker(workers, &ReportWorker{})
	river.AddWorker(workers, &RefundWorker{}) // finding: nonidempotent
	return workers
}
