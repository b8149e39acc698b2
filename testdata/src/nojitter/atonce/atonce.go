// Package atonce holds retries that go round the moment an attempt
// fails, with no wait at all: against another process, every client
// that failed together is back at once, together. The negatives go
// round at once too, but after a refusal the server answered, against
// this machine, through an interface the model cannot follow, or with
// something in the loop that may pause.
package atonce

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"

	"nojitter/atonce/peer"
)

type client struct {
	hc      *http.Client
	base    string
	retries int
	token   string
}

// post sends the body to the service: it reaches another process
// through the client's Do.
func (c *client) post(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New("server error")
	}
	return nil
}

// notify tries the POST up to retries times, one right after another.
func (c *client) notify(ctx context.Context) error {
	var err error
	for i := 0; i < c.retries; i++ { // want `retry loop goes round at once when c.post fails, with no wait between attempts`
		if err = c.post(ctx, "/notify"); err == nil {
			return nil
		}
	}
	return err
}

// fetch repeats a GET straight away after a transport error.
func fetch(url string) (*http.Response, error) {
	var last error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop goes round at once when http.Get fails`
		resp, err := http.Get(url)
		if err == nil {
			return resp, nil
		}
		last = err
	}
	return nil, last
}

// publish sends through another package's function that dials.
func publish(addr string, frame []byte) error {
	var err error
	for n := 0; n < 5; n++ { // want `retry loop goes round at once when peer.Send fails`
		if err = peer.Send(addr, frame); err == nil {
			break
		}
	}
	return err
}

// refreshOn401 sends again only after the server refused the token: a
// refusal answered, not a silence, and the next attempt carries a new
// token.
func (c *client) refreshOn401(req *http.Request) (*http.Response, error) {
	for i := 0; i < 2; i++ {
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusUnauthorized {
			resp.Body.Close()
			c.token = "renewed"
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unauthorized")
}

// moveInto renames a file on this machine until the rename takes: no
// other process is loaded.
func moveInto(from, to string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.Rename(from, to); err == nil {
			return nil
		}
	}
	return err
}

// Store is this package's own interface: what its Save reaches is not
// known here.
type Store interface {
	Save(ctx context.Context, key string) error
}

func saveAll(ctx context.Context, s Store, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.Save(ctx, key); err == nil {
			return nil
		}
	}
	return err
}

type limiter interface {
	Wait(ctx context.Context) error
}

// paced asks a rate limiter before each attempt: the limiter may wait.
func (c *client) paced(ctx context.Context, lim limiter) error {
	var err error
	for i := 0; i < c.retries; i++ {
		if err := lim.Wait(ctx); err != nil {
			return err
		}
		if err = c.post(ctx, "/paced"); err == nil {
			return nil
		}
	}
	return err
}

// firstReachable dials each address once, in turn: a failover, not a
// retry of one server.
func firstReachable(addrs []string) (net.Conn, error) {
	var err error
	for _, addr := range addrs {
		conn, derr := net.Dial("tcp", addr)
		if derr == nil {
			return conn, nil
		}
		err = derr
	}
	return nil, err
}

type config struct{ Database string }

func openDB(cfg config) error { _, err := net.Dial("tcp", cfg.Database); return err }

// openAny tries each default database name in turn, setting it in the
// config it hands on: a walk over candidates, not a retry of one.
func openAny(names []string) error {
	var cfg config
	var err error
	for _, name := range names {
		cfg.Database = name
		if err = openDB(cfg); err == nil {
			return nil
		}
	}
	return err
}

type pool struct {
	servers []string
	current string
}

// connectFirst takes the pool's servers one after another by index: a
// walk over candidates.
func (p *pool) connectFirst() error {
	var err error
	for i := 0; i < len(p.servers); i++ {
		p.current = p.servers[i]
		if err = peer.Send(p.current, nil); err == nil {
			return nil
		}
	}
	return err
}
