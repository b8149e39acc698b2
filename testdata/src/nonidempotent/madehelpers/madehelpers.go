// Package madehelpers sends its requests through retry functions that a
// configuration builds and the sender keeps in its fields, and wraps
// each request in a struct of its own.
package madehelpers

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"

	"nonidempotent/madehelpers/retrier"
)

type sender struct {
	client   *http.Client
	url      string
	retry    retrier.Func
	logged   retrier.Func
	fallback retrier.Func
	hook     retrier.Func
}

var errBusy = errors.New("busy")

func transient(err error) bool { return errors.Is(err, errBusy) }

func newSender(url string, s retrier.Settings) *sender {
	return &sender{
		client:   http.DefaultClient,
		url:      url,
		retry:    s.Func(transient),
		logged:   retrier.Logged(log.Printf),
		fallback: retrier.Retry,
		hook:     s.Func(transient),
	}
}

// direct makes the hook send once: the hook holds a retry function or
// a plain one, and which cannot be told where it is called.
func (s *sender) direct() {
	s.hook = func(ctx context.Context, attempt func(context.Context) error) error { return attempt(ctx) }
}

// envelope wraps a request with the body it replays on every attempt.
type envelope struct {
	*http.Request
	body func() io.ReadCloser
}

func (s *sender) prepare(payload []byte) (envelope, error) {
	r, err := http.NewRequest(http.MethodPost, s.url, nil)
	if err != nil {
		return envelope{Request: r}, err
	}
	return envelope{Request: r, body: func() io.ReadCloser { return io.NopCloser(bytes.NewReader(payload)) }}, nil
}

func check(resp *http.Response, err error) error {
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errBusy
	}
	return nil
}

// Push re-sends the POST an envelope holds.
func (s *sender) Push(ctx context.Context, payload []byte) error {
	env, err := s.prepare(payload)
	if err != nil {
		return err
	}
	return s.retry(ctx, func(ctx context.Context) error { // want `s.retry repeats \(\*http.Client\).Do, which sends an HTTP request`
		env.Body = env.body()
		return check(s.client.Do(env.Request.WithContext(ctx)))
	})
}

// upload carries a request built in the function that sends it.
type upload struct {
	req  *http.Request
	size int
}

// Upload keeps its retry function in a local variable.
func (s *sender) Upload(ctx context.Context, set retrier.Settings, payload []byte) error {
	r, err := http.NewRequestWithContext(ctx, "POST", s.url, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	job := upload{req: r, size: len(payload)}
	do := set.Func(transient)
	return do(ctx, func(context.Context) error { // want `do repeats \(\*http.Client\).Do, which sends an HTTP request`
		return check(s.client.Do(job.req))
	})
}

// Replace sets the request field after it makes the wrapper.
func (s *sender) Replace(ctx context.Context, payload []byte) error {
	var job upload
	r, err := http.NewRequestWithContext(ctx, http.MethodPatch, s.url, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	job.req = r
	return s.fallback(ctx, func(context.Context) error { // want `s.fallback repeats \(\*http.Client\).Do, which sends an HTTP request`
		return check(s.client.Do(job.req))
	})
}

// Fetch retries a GET held in an envelope: reading twice is harmless.
func (s *sender) Fetch(ctx context.Context) error {
	env := envelope{}
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		return err
	}
	env.Request = r
	return s.retry(ctx, func(ctx context.Context) error {
		return check(s.client.Do(env.Request))
	})
}

// Notify sends its POST through a function that runs it once.
func (s *sender) Notify(ctx context.Context, payload []byte) error {
	env, err := s.prepare(payload)
	if err != nil {
		return err
	}
	return s.logged(ctx, func(ctx context.Context) error {
		return check(s.client.Do(env.Request))
	})
}

// Hooked sends its POST through the hook, which direct may make a plain
// function.
func (s *sender) Hooked(ctx context.Context, payload []byte) error {
	env, err := s.prepare(payload)
	if err != nil {
		return err
	}
	return s.hook(ctx, func(ctx context.Context) error {
		return check(s.client.Do(env.Request))
	})
}

// call names the method and path of an API call.
type call struct {
	verb, path string
}

// Create reads its method from a field of a literal: a POST.
func (s *sender) Create(ctx context.Context, payload []byte) error {
	c := call{verb: http.MethodPost, path: "/items"}
	return s.retry(ctx, func(ctx context.Context) error { // want `s.retry repeats \(\*http.Client\).Do, which sends an HTTP request`
		r, err := http.NewRequestWithContext(ctx, c.verb, s.url+c.path, bytes.NewReader(payload))
		if err != nil {
			return err
		}
		return check(s.client.Do(r))
	})
}

// List reads its method the same way: a GET.
func (s *sender) List(ctx context.Context) error {
	c := call{http.MethodGet, "/items"}
	return s.retry(ctx, func(ctx context.Context) error {
		r, err := http.NewRequestWithContext(ctx, c.verb, s.url+c.path, nil)
		if err != nil {
			return err
		}
		return check(s.client.Do(r))
	})
}
