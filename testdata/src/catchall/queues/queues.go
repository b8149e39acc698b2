// Package queues holds task handlers that asynq and River run again when
// they fail, and that can fail with an error no retry cures.
package queues

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

type resize struct {
	Image string
	Width int
}

// resizeImage returns the decoding error as it is: asynq retries a
// payload that can never decode 25 times.
func resizeImage(ctx context.Context, t *asynq.Task) error {
	var p resize
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	return render(ctx, p)
}

// resizeThumb marks the decoding error with SkipRetry.
func resizeThumb(ctx context.Context, t *asynq.Task) error {
	var p resize
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("thumbnail payload: %v: %w", err, asynq.SkipRetry)
	}
	return render(ctx, p)
}

// resizeCover joins the decoding error with SkipRetry.
func resizeCover(ctx context.Context, t *asynq.Task) error {
	var p resize
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return errors.Join(err, asynq.SkipRetry)
	}
	return render(ctx, p)
}

// resizeBanner gives up on a bad payload by returning SkipRetry itself.
func resizeBanner(ctx context.Context, t *asynq.Task) error {
	var p resize
	if json.Unmarshal(t.Payload(), &p) != nil {
		return asynq.SkipRetry
	}
	return render(ctx, p)
}

// resizeAvatar logs a payload that does not decode and renders the
// default avatar: it never fails with the decoding error.
func resizeAvatar(ctx context.Context, t *asynq.Task) error {
	var p resize
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		log.Printf("avatar payload: %v", err)
		p = resize{Image: "default.png", Width: 64}
	}
	return render(ctx, p)
}

// ping can only fail in ways a retry may cure.
func ping(ctx context.Context, t *asynq.Task) error {
	return render(ctx, resize{})
}

func render(ctx context.Context, p resize) error { return ctx.Err() }

// Register registers the handlers.
func Register(mux *asynq.ServeMux) {
	mux.HandleFunc("image:resize", resizeImage) // want `mux.HandleFunc \(asynq retries a failed task up to 25 times by default\) retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\): .*; return an error that wraps asynq.SkipRetry for terminal errors`
	mux.HandleFunc("image:thumb", resizeThumb)
	mux.HandleFunc("image:cover", resizeCover)
	mux.HandleFunc("image:banner", resizeBanner)
	mux.HandleFunc("image:ping", ping)
	mux.HandleFunc("image:avatar", resizeAvatar)
}

// ImportArgs import a CSV row count.
type ImportArgs struct {
	Count string
}

func (ImportArgs) Kind() string { return "import" }

// ImportWorker parses the count: a count that is not a number fails on
// every attempt.
type ImportWorker struct {
	river.WorkerDefaults[ImportArgs]
}

func (w *ImportWorker) Work(ctx context.Context, job *river.Job[ImportArgs]) error {
	n, err := strconv.Atoi(job.Args.Count)
	if err != nil {
		return err
	}
	return store(ctx, n)
}

// ExportArgs export a row count.
type ExportArgs struct {
	Count string
}

func (ExportArgs) Kind() string { return "export" }

// ExportWorker cancels the job on a count that is not a number.
type ExportWorker struct {
	river.WorkerDefaults[ExportArgs]
}

func (w *ExportWorker) Work(ctx context.Context, job *river.Job[ExportArgs]) error {
	n, err := strconv.Atoi(job.Args.Count)
	if err != nil {
		return river.JobCancel(err)
	}
	return store(ctx, n)
}

// ReportArgs report a row count.
type ReportArgs struct {
	Count string
}

func (ReportArgs) Kind() string { return "report" }

// ReportWorker cancels the job, with context, on a count that is not a
// number.
type ReportWorker struct {
	river.WorkerDefaults[ReportArgs]
}

func (w *ReportWorker) Work(ctx context.Context, job *river.Job[ReportArgs]) error {
	n, err := strconv.Atoi(job.Args.Count)
	if err != nil {
		return fmt.Errorf("report %q: %w", job.Args.Count, river.JobCancel(err))
	}
	return store(ctx, n)
}

func store(ctx context.Context, n int) error { return ctx.Err() }

// Workers registers the workers.
func Workers() *river.Workers {
	workers := river.NewWorkers()
	river.AddWorker(workers, &ImportWorker{}) // want `river.AddWorker \(River's default: 25 attempts\) retries every error, terminal ones included \(its operation can fail with a number parsing error from strconv.Atoi\): .*; return river.JobCancel\(err\) for terminal errors`
	river.AddWorker(workers, &ExportWorker{})
	river.AddWorker(workers, &ReportWorker{})
	return workers
}
