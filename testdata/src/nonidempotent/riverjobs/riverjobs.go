// Package riverjobs works jobs that River runs again when Work fails: 25
// attempts unless the job's options say otherwise.
package riverjobs

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/riverqueue/river"
)

// PayoutArgs pay a seller.
type PayoutArgs struct {
	Seller string
	Cents  int
}

func (PayoutArgs) Kind() string { return "payout" }

// PayoutWorker posts the payout with no key.
type PayoutWorker struct {
	river.WorkerDefaults[PayoutArgs]
	client *http.Client
}

// Timeout bounds one attempt; River still makes 25.
func (w *PayoutWorker) Timeout(*river.Job[PayoutArgs]) time.Duration { return time.Minute }

func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[PayoutArgs]) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/payouts", bytes.NewBufferString(job.Args.Seller))
	if err != nil {
		return err
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// InvoiceArgs e-mail an invoice; every invoice job runs once.
type InvoiceArgs struct {
	Invoice string
}

func (InvoiceArgs) Kind() string { return "invoice" }

func (InvoiceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 1, Queue: "mail"}
}

// InvoiceWorker posts the invoice e-mail.
type InvoiceWorker struct {
	river.WorkerDefaults[InvoiceArgs]
}

func (w *InvoiceWorker) Work(ctx context.Context, job *river.Job[InvoiceArgs]) error {
	resp, err := http.Post("https://mail.example/invoices", "application/json", bytes.NewBufferString(job.Args.Invoice))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SortArgs sort a list and post it; inserted below with MaxAttempts 1.
type SortArgs struct {
	List string
}

func (SortArgs) Kind() string { return "sort" }

// SortWorker posts the sorted list.
type SortWorker struct {
	river.WorkerDefaults[SortArgs]
}

func (w *SortWorker) Work(ctx context.Context, job *river.Job[SortArgs]) error {
	resp, err := http.Post("https://lists.example/sorted", "text/plain", bytes.NewBufferString(job.Args.List))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyArgs notify a subscriber; inserted below with MaxAttempts 5.
type NotifyArgs struct {
	Subscriber string
}

func (NotifyArgs) Kind() string { return "notify" }

// NotifyWorker posts the notification.
type NotifyWorker struct {
	river.WorkerDefaults[NotifyArgs]
}

func (w *NotifyWorker) Work(ctx context.Context, job *river.Job[NotifyArgs]) error {
	resp, err := http.Post("https://push.example/send", "text/plain", bytes.NewBufferString(job.Args.Subscriber))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ProbeArgs check a seller's status page.
type ProbeArgs struct {
	URL string
}

func (ProbeArgs) Kind() string { return "probe" }

// ProbeWorker only reads.
type ProbeWorker struct {
	river.WorkerDefaults[ProbeArgs]
}

func (w *ProbeWorker) Work(ctx context.Context, job *river.Job[ProbeArgs]) error {
	resp, err := http.Get(job.Args.URL)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// WelcomeArgs welcome a new seller.
type WelcomeArgs struct {
	Seller string
}

func (WelcomeArgs) Kind() string { return "welcome" }

// ArchiveArgs archive a seller, once.
type ArchiveArgs struct {
	Seller string
}

func (ArchiveArgs) Kind() string { return "archive" }

func (ArchiveArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// FuncWorkers registers workers made of functions.
func FuncWorkers(workers *river.Workers) {
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, job *river.Job[WelcomeArgs]) error { // want `river.AddWorker \(River's default: 25 attempts\) repeats http.Post`
		resp, err := http.Post("https://mail.example/welcome", "text/plain", bytes.NewBufferString(job.Args.Seller))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}))
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, job *river.Job[ArchiveArgs]) error {
		resp, err := http.Post("https://archive.example/sellers", "text/plain", bytes.NewBufferString(job.Args.Seller))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}))
}

// Workers registers the workers.
func Workers() (*river.Workers, error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &PayoutWorker{client: http.DefaultClient}) // want `river.AddWorker \(River's default: 25 attempts\) repeats \(\*http.Client\).Do, which sends an HTTP request`
	river.AddWorker(workers, &InvoiceWorker{})                          // InsertOpts() says MaxAttempts 1
	river.AddWorker(workers, &SortWorker{})                             // inserted with MaxAttempts 1
	river.AddWorker(workers, &ProbeWorker{})                            // a read
	return workers, river.AddWorkerSafely(workers, &NotifyWorker{})     // want `river.AddWorkerSafely \(river.InsertOpts\{MaxAttempts: 5\} at riverjobs.go:\d+\) repeats http.Post`
}

// Insert inserts the jobs.
func Insert(ctx context.Context, c *river.Client[any]) error {
	if _, err := c.Insert(ctx, SortArgs{List: "b,a"}, &river.InsertOpts{MaxAttempts: 1}); err != nil {
		return err
	}
	opts := &river.InsertOpts{MaxAttempts: 5}
	_, err := c.Insert(ctx, NotifyArgs{Subscriber: "s-1"}, opts)
	return err
}
