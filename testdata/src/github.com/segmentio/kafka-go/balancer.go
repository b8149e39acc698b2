// Package kafka is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package kafka

import (
	"hash"
	"sync"
)

// Balancer chooses the partition of a message.
type Balancer interface {
	Balance(msg Message, partitions ...int) (partition int)
}

// BalancerFunc adapts a function to Balancer.
type BalancerFunc func(Message, ...int) int

func (f BalancerFunc) Balance(msg Message, partitions ...int) int { return f(msg, partitions...) }

// RoundRobin spreads messages over partitions in turn.
type RoundRobin struct {
	ChunkSize int

	counter uint32
	mutex   sync.Mutex
}

func (rr *RoundRobin) Balance(msg Message, partitions ...int) int { return partitions[0] }

// LeastBytes sends each message to the partition that got the fewest bytes.
type LeastBytes struct {
	mutex sync.Mutex
}

func (lb *LeastBytes) Balance(msg Message, partitions ...int) int { return partitions[0] }

// Hash partitions messages by a hash of their key.
type Hash struct {
	rr     RoundRobin
	Hasher hash.Hash32

	lock sync.Mutex
}

func (h *Hash) Balance(msg Message, partitions ...int) int { return partitions[0] }
