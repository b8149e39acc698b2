package modelshapes

import (
	"context"
	"errors"
	"time"
)

type nodeConn struct{ reconnect time.Duration }

func (*nodeConn) connect(ctx context.Context) error { return errors.New("refused") }

func (*nodeConn) status(ctx context.Context) (string, error) { return "", nil }

// A reconnect the ticker paces: it goes round on the error of connect,
// a tick of the same period apart for every client.
func (c *nodeConn) reconnectLoop(ctx context.Context) error {
	t := time.NewTicker(c.reconnect) // want `retry loop waits c.reconnect between attempts with no jitter`
	defer t.Stop()
	var err error
	for n := 0; n < 10; n++ {
		if err = c.connect(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// Not a retry: a job's status asked on a ticker until it is done; every
// error returns.
func (c *nodeConn) awaitDone(ctx context.Context) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		s, err := c.status(ctx)
		if err != nil {
			return err
		}
		if s == "done" {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}
