// Package redis is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package redis

import (
	"context"
	"time"
)

// cmdable carries the commands; Client and Conn embed it.
type cmdable func(ctx context.Context, cmd Cmder) error

type statefulCmdable func(ctx context.Context, cmd Cmder) error

func (c cmdable) Ping(ctx context.Context) *StatusCmd { return &StatusCmd{} }

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }

func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}

func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}

func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd { return &IntCmd{} }

func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}

func (c cmdable) Incr(ctx context.Context, key string) *IntCmd { return &IntCmd{} }

func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd { return &IntCmd{} }

func (c cmdable) IncrByFloat(ctx context.Context, key string, value float64) *FloatCmd {
	return &FloatCmd{}
}

func (c cmdable) Decr(ctx context.Context, key string) *IntCmd { return &IntCmd{} }

func (c cmdable) DecrBy(ctx context.Context, key string, decrement int64) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) LPushX(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) RPush(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) RPushX(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd {
	return &IntCmd{}
}

func (c cmdable) ZAdd(ctx context.Context, key string, members ...Z) *IntCmd { return &IntCmd{} }

func (c cmdable) ZIncrBy(ctx context.Context, key string, increment float64, member string) *FloatCmd {
	return &FloatCmd{}
}

func (c cmdable) XAdd(ctx context.Context, a *XAddArgs) *StringCmd { return &StringCmd{} }

func (c cmdable) Publish(ctx context.Context, channel string, message interface{}) *IntCmd {
	return &IntCmd{}
}

// Z is a sorted set member with its score.
type Z struct {
	Score  float64
	Member interface{}
}

// XAddArgs are the arguments of XADD.
type XAddArgs struct {
	Stream     string
	NoMkStream bool
	MaxLen     int64
	MinID      string

	Approx bool

	Limit          int64
	Mode           string
	ID             string
	Values         interface{}
	ProducerID     string
	IdempotentID   string
	IdempotentAuto bool
}
