// want package:"effects"

// Package pipeline runs a request through a chain of stages: each stage
// gets the request and hands it to the next one, the last one sends it.
// Next does not know which stage comes next, but its signature says what
// it does: it takes a request and answers with the response to it.
package pipeline

import (
	"errors"
	"net/http"
)

// Stage is one step of the chain.
type Stage interface {
	Handle(r *Request) (*http.Response, error)
}

// Request is what travels down the chain: the HTTP request and the stages
// still to run.
type Request struct {
	raw    *http.Request
	stages []Stage
}

func NewRequest(raw *http.Request, stages ...Stage) *Request {
	return &Request{raw: raw, stages: stages}
}

func (r *Request) Raw() *http.Request { return r.raw }

// Copy returns a request to the same stages, for one attempt.
func (r *Request) Copy() *Request {
	c := *r
	c.raw = r.raw.Clone(r.raw.Context())
	return &c
}

// Next hands the request to the next stage.
func (r *Request) Next() (*http.Response, error) { // want Next:`sends the caller's request, from its receiver \(next.Handle\)`
	if len(r.stages) == 0 {
		return nil, errors.New("pipeline: no stage left")
	}
	next := r.stages[0]
	rest := *r
	rest.stages = rest.stages[1:]
	return next.Handle(&rest)
}

// Observe hands the request to a hook that looks at it and answers with
// an error only: it sends nothing.
func (r *Request) Observe(hook func(*Request) error) error {
	return hook(r)
}
