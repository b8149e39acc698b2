// Package statusrounds holds checks of a server's readiness that return
// every error and go round only on the status the server answers.
package statusrounds

import (
	"errors"
	"time"
)

type reply struct{ Code int }

// GetCode is the code the server answered.
func (r *reply) GetCode() int { return r.Code }

type conn interface {
	Check() (*reply, error)
}

// awaitReady asks again only while the server answers "not ready yet"
// (a 3xx code of its protocol); every error of the check returns.
func awaitReady(c conn) (*reply, error) {
	for i := 0; i <= 30; i++ {
		r, err := c.Check()
		if err != nil {
			return nil, err
		}
		if r.GetCode() >= 300 && r.GetCode() < 400 {
			time.Sleep(time.Second)
			continue
		}
		return r, nil
	}
	return nil, errors.New("not ready")
}

// awaitUnavailable asks again on 503 only.
func awaitUnavailable(c conn) (*reply, error) {
	for i := 0; i < 5; i++ {
		r, err := c.Check()
		if err != nil {
			return nil, err
		}
		if r.Code == 503 {
			time.Sleep(time.Second)
			continue
		}
		return r, nil
	}
	return nil, errors.New("unavailable")
}

// askUntilOK goes round on every answer but 200, a 400 or a 403 among
// them: a refusal that will not clear is asked again.
func askUntilOK(c conn) (*reply, error) {
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		r, err := c.Check()
		if err != nil {
			return nil, err
		}
		if r.Code != 200 {
			time.Sleep(time.Second)
			continue
		}
		return r, nil
	}
	return nil, errors.New("not ok")
}
