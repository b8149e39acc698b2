// Package errorkinds holds retry decisions written as looks at the error
// that do not depend on what the error is (one error set apart to count
// as success, a predicate that is nil unless configured, a setting), and
// decisions made from the error elsewhere and read back from a flag.
package errorkinds

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var (
	errAttached = errors.New("already attached")
	errFatal    = errors.New("fatal")
	errDenied   = errors.New("denied")
)

func attach(node string) error { return errors.New("refused") }

func pause() time.Duration { return rand.N(time.Second) }

// One error set apart only to count as done: every other one is retried.
func attachNode(node string) {
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		err := attach(node)
		if err != nil && err != errAttached {
			time.Sleep(pause())
			continue
		}
		break
	}
}

// The same with errors.Is.
func attachNodeIs(node string) error {
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		err := attach(node)
		if err != nil && !errors.Is(err, errAttached) {
			time.Sleep(pause())
			continue
		}
		return nil
	}
	return errors.New("gave up")
}

// The error set apart ends the loop and is returned: it is terminal.
func attachUntilFatal(node string) error {
	for i := 0; i < 5; i++ {
		err := attach(node)
		if err != nil && err != errFatal {
			time.Sleep(pause())
			continue
		}
		return err
	}
	return errors.New("gave up")
}

type session struct {
	lastErr error
	abort   bool
	closed  bool
}

// handshake fails; an auth failure seen twice sets abort.
func (s *session) handshake() error {
	err := attach("primary")
	if errors.Is(err, errDenied) {
		s.authFailed(err)
	}
	return err
}

func (s *session) authFailed(err error) {
	if s.lastErr == err {
		s.abort = true
	} else {
		s.lastErr = err
	}
}

func (s *session) Close() { s.closed = true }

// The loop leaves on a flag the failure handler sets when it has told the
// error apart: classified where the flag is set.
func (s *session) reconnect() {
	for i := 0; i < 10; i++ {
		if err := s.handshake(); err != nil {
			if s.abort {
				break
			}
			time.Sleep(pause())
			continue
		}
		s.abort = false
		return
	}
}

// A flag that only Close sets is a stop signal, not a classification.
func (s *session) reconnectUntilClosed() {
	for i := 0; i < 10; i++ { // want `retry loop retries every error, terminal ones included`
		if err := attach("primary"); err != nil {
			if s.closed {
				break
			}
			time.Sleep(pause())
			continue
		}
		return
	}
}

// Options configure a transport; RetryOnError is optional.
type Options struct {
	RetryOnError func(*http.Request, error) bool
}

type transport struct {
	retryOnError func(*http.Request, error) bool
	retryStatus  []int
	rt           http.RoundTripper
}

func newTransport(o Options) *transport {
	return &transport{retryOnError: o.RetryOnError, rt: http.DefaultTransport}
}

// Unless the user sets RetryOnError, every transport error is retried; a
// status test classifies responses, not errors.
func (t *transport) perform(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `retry loop retries every error, terminal ones included \(its classifier t.retryOnError is nil unless configured, and nil retries every error\)`
		retry := false
		res, err = t.rt.RoundTrip(req)
		if err != nil && (t.retryOnError == nil || t.retryOnError(req, err)) {
			retry = true
		}
		if res != nil {
			for _, code := range t.retryStatus {
				if res.StatusCode == code {
					retry = true
				}
			}
		}
		if !retry {
			break
		}
		time.Sleep(pause())
	}
	return res, err
}

func transientOnly(_ *http.Request, err error) bool { return !errors.Is(err, errDenied) }

type safeTransport struct {
	retryOnError func(*http.Request, error) bool
	rt           http.RoundTripper
}

func newSafeTransport(o Options) *safeTransport {
	t := &safeTransport{retryOnError: o.RetryOnError, rt: http.DefaultTransport}
	if t.retryOnError == nil {
		t.retryOnError = transientOnly
	}
	return t
}

// The package gives the predicate a default that classifies: the nil
// test is only a guard.
func (t *safeTransport) perform(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ {
		retry := false
		res, err = t.rt.RoundTrip(req)
		if err != nil && (t.retryOnError == nil || t.retryOnError(req, err)) {
			retry = true
		}
		if !retry {
			break
		}
		time.Sleep(pause())
	}
	return res, err
}

type guardedTransport struct {
	isFatal func(error) bool
	rt      http.RoundTripper
}

func newGuardedTransport(isFatal func(error) bool) *guardedTransport {
	return &guardedTransport{isFatal: isFatal, rt: http.DefaultTransport}
}

// Nil here means "stop on every error": the test is for stopping.
func (t *guardedTransport) perform(req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		res, err := t.rt.RoundTrip(req)
		if err == nil {
			return res, nil
		}
		if t.isFatal == nil || t.isFatal(err) || i == 3 {
			return nil, err
		}
		time.Sleep(pause())
	}
}

type api struct {
	http              *retryablehttp.Client
	retryServerErrors bool
}

// With the setting on, every transport error is retried.
func newAPI(retryServerErrors bool) *api {
	a := &api{retryServerErrors: retryServerErrors}
	a.http = &retryablehttp.Client{ // want `retryablehttp.Client retries every error, terminal ones included \(its classifier a.checkRetry returns true for every error\)`
		CheckRetry: a.checkRetry,
		Backoff:    retryablehttp.LinearJitterBackoff,
		RetryMax:   5,
	}
	return a
}

func (a *api) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return a.retryServerErrors, err
	}
	return resp.StatusCode == http.StatusTooManyRequests || a.retryServerErrors && resp.StatusCode >= 500, nil
}

// A setting that picks between two classifiers classifies.
func newStrictAPI(retryServerErrors bool) *api {
	a := &api{retryServerErrors: retryServerErrors}
	a.http = &retryablehttp.Client{
		CheckRetry: a.checkRetryStrict,
		Backoff:    retryablehttp.LinearJitterBackoff,
		RetryMax:   5,
	}
	return a
}

func (a *api) checkRetryStrict(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err != nil {
		if a.retryServerErrors {
			return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
		}
		return false, err
	}
	return resp.StatusCode == http.StatusTooManyRequests, nil
}
