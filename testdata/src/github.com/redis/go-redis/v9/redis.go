// Package redis is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package redis

import (
	"context"

	"github.com/redis/go-redis/v9/internal/proto"
)

// Nil is the error of a command on a missing key.
const Nil = proto.Nil

type baseClient struct {
	opt *Options
}

func (c *baseClient) String() string { return "" }

func (c *baseClient) Close() error { return nil }

// Client is a pool of connections to one Redis server. Its commands are
// methods of the embedded cmdable, promoted to Client.
type Client struct {
	*baseClient
	cmdable
}

// NewClient returns a client to the server opt names.
func NewClient(opt *Options) *Client {
	c := &Client{baseClient: &baseClient{opt: opt}}
	c.cmdable = c.Process
	return c
}

// Close closes the client and its connections.
func (c *Client) Close() error { return nil }

// Process runs cmd, retrying it up to Options.MaxRetries times.
func (c *Client) Process(ctx context.Context, cmd Cmder) error { return nil }

// Options returns the client's options.
func (c *Client) Options() *Options { return c.opt }

// Conn is a single connection rather than a pool.
type Conn struct {
	baseClient
	cmdable
	statefulCmdable
}
