// Package redis stands in for go-redis's own module: a command is built
// where the user asks for it, handed down through a hook held in a field
// and an attempt function that waits on the attempt number, to the wire
// writer. The retries around that chain re-send whatever command their
// caller built; the ones around a command they build themselves do not.
package redis

import (
	"context"
	"errors"
	"math/rand"
	"time"

	"github.com/redis/go-redis/v9/internal/proto"
)

type Cmder interface {
	Args() []interface{}
	SetErr(error)
}

type Cmd struct {
	args []interface{}
	err  error
}

func (c *Cmd) Args() []interface{} { return c.args }
func (c *Cmd) SetErr(err error)    { c.err = err }
func (c *Cmd) Err() error          { return c.err }

type processHook func(ctx context.Context, cmd Cmder) error

type hooks struct {
	process processHook
}

type conn struct{ wr *proto.Writer }

type baseClient struct {
	maxRetries int
	cn         *conn
}

type Client struct {
	baseClient
	hooks hooks
}

func NewClient() *Client {
	c := &Client{}
	c.hooks = hooks{process: c.baseClient.process}
	return c
}

// Process runs cmd through the client's hooks.
func (c *Client) Process(ctx context.Context, cmd Cmder) error {
	err := c.hooks.process(ctx, cmd)
	cmd.SetErr(err)
	return err
}

func writeCmd(wr *proto.Writer, cmd Cmder) error {
	return wr.WriteArgs(cmd.Args())
}

func backoff(attempt int) time.Duration {
	return time.Duration(rand.Int63n(int64(8*time.Millisecond) << attempt))
}

var errRetryable = errors.New("connection reset")

// attempt waits before every attempt but the first, then writes the
// command and says whether a failure may be retried.
func (c *baseClient) attempt(ctx context.Context, cmd Cmder, attempt int) (bool, error) {
	if attempt > 0 {
		time.Sleep(backoff(attempt))
	}
	if err := writeCmd(c.cn.wr, cmd); err != nil {
		return errors.Is(err, errRetryable), err
	}
	return false, nil
}

// process goes round on the attempt's verdict: the wait is the attempt's.
func (c *baseClient) process(ctx context.Context, cmd Cmder) error {
	var lastErr error
	for n := 0; n <= c.maxRetries; n++ { // want `retry loop re-sends commands of any kind through \(\*redis.baseClient\).attempt, which sends a Redis command its caller built`
		retry, err := c.attempt(ctx, cmd, n)
		if err == nil || !retry {
			return err
		}
		lastErr = err
	}
	return lastErr
}

// Ring retries a shard's Process, which reaches the writer through the
// client's hook.
type Ring struct {
	shard *Client
}

func (r *Ring) process(ctx context.Context, cmd Cmder) error {
	var err error
	for n := 0; n < 3; n++ { // want `retry loop re-sends commands of any kind through \(\*redis.Client\).Process`
		if n > 0 {
			time.Sleep(backoff(n))
		}
		if err = r.shard.Process(ctx, cmd); err == nil || !errors.Is(err, errRetryable) {
			return err
		}
	}
	return err
}

// Get builds its own command: a read.
func (c *Client) Get(ctx context.Context, key string) *Cmd {
	cmd := &Cmd{args: []interface{}{"get", key}}
	_ = c.Process(ctx, cmd)
	return cmd
}

// getRetried retries a read the client builds: silent.
func (c *Client) getRetried(ctx context.Context, key string) (*Cmd, error) {
	var cmd *Cmd
	for n := 0; n < 3; n++ {
		if cmd = c.Get(ctx, key); cmd.err == nil {
			return cmd, nil
		}
		time.Sleep(backoff(n))
	}
	return cmd, cmd.err
}

// hello sets a new connection up; its retry re-sends only the handshake
// it builds (AUTH, SELECT): silent.
func (c *baseClient) hello(ctx context.Context, password string, db int) error {
	var err error
	for n := 0; n < 3; n++ {
		if err = writeCmd(c.cn.wr, &Cmd{args: []interface{}{"auth", password}}); err == nil {
			err = writeCmd(c.cn.wr, &Cmd{args: []interface{}{"select", db}})
		}
		if err == nil {
			return nil
		}
		time.Sleep(backoff(n))
	}
	return err
}
