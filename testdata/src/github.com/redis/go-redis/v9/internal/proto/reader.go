// Package proto is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package proto

import "bufio"

// RedisError is an error reply from the server.
type RedisError string

func (e RedisError) Error() string { return string(e) }

// Nil is the reply of a missing key.
const Nil = RedisError("redis: nil")

// Reader reads RESP replies.
type Reader struct {
	rd *bufio.Reader
}
