// Package redis is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package redis

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9/internal/proto"
)

// Cmder is a command and its reply.
type Cmder interface {
	Name() string

	FullName() string

	Args() []interface{}

	String() string

	Clone() Cmder

	stringArg(int) string
	firstKeyPos() int8
	SetFirstKeyPos(int8)
	stepCount() int8
	SetStepCount(int8)

	cachedSlot() (int, bool)
	setCachedSlot(int)

	readTimeout() *time.Duration
	readReply(rd *proto.Reader) error
	readRawReply(rd *proto.Reader) error
	SetErr(error)
	Err() error

	setReady(*apBatch)
	await()
	rawErr() error

	NoRetry() bool

	GetCmdType() CmdType
}

// CmdType is the kind of value a command returns.
type CmdType uint8

const (
	CmdTypeGeneric CmdType = iota
	CmdTypeString
	CmdTypeInt
	CmdTypeBool
	CmdTypeFloat
)

type apBatch struct{}

type baseCmd struct {
	ctx  context.Context
	args []interface{}
	err  error
}

func (cmd *baseCmd) setReady(b *apBatch) {}

func (cmd *baseCmd) await() {}

func (cmd *baseCmd) rawErr() error { return cmd.err }

func (cmd *baseCmd) Name() string { return "" }

func (cmd *baseCmd) FullName() string { return "" }

func (cmd *baseCmd) Args() []interface{} { return cmd.args }

func (cmd *baseCmd) stringArg(pos int) string { return "" }

func (cmd *baseCmd) firstKeyPos() int8 { return 0 }

func (cmd *baseCmd) SetFirstKeyPos(keyPos int8) {}

func (cmd *baseCmd) cachedSlot() (int, bool) { return 0, false }

func (cmd *baseCmd) setCachedSlot(slot int) {}

func (cmd *baseCmd) stepCount() int8 { return 0 }

func (cmd *baseCmd) SetStepCount(stepCount int8) {}

func (cmd *baseCmd) SetErr(e error) { cmd.err = e }

func (cmd *baseCmd) Err() error { return cmd.err }

func (cmd *baseCmd) readTimeout() *time.Duration { return nil }

func (cmd *baseCmd) readRawReply(rd *proto.Reader) (err error) { return nil }

func (cmd *baseCmd) NoRetry() bool { return false }

func (cmd *baseCmd) GetCmdType() CmdType { return CmdTypeGeneric }

// StatusCmd is a command whose reply is a status string.
type StatusCmd struct {
	baseCmd

	val string
}

func (cmd *StatusCmd) Val() string { return cmd.val }

func (cmd *StatusCmd) Result() (string, error) { return cmd.val, cmd.err }

func (cmd *StatusCmd) String() string { return "" }

func (cmd *StatusCmd) readReply(rd *proto.Reader) (err error) { return nil }

func (cmd *StatusCmd) Clone() Cmder { c := *cmd; return &c }

// IntCmd is a command whose reply is an integer.
type IntCmd struct {
	baseCmd

	val int64
}

func (cmd *IntCmd) Val() int64 { return cmd.val }

func (cmd *IntCmd) Result() (int64, error) { return cmd.val, cmd.err }

func (cmd *IntCmd) String() string { return "" }

func (cmd *IntCmd) readReply(rd *proto.Reader) (err error) { return nil }

func (cmd *IntCmd) Clone() Cmder { c := *cmd; return &c }

// BoolCmd is a command whose reply is a boolean.
type BoolCmd struct {
	baseCmd

	val bool
}

func (cmd *BoolCmd) Val() bool { return cmd.val }

func (cmd *BoolCmd) Result() (bool, error) { return cmd.val, cmd.err }

func (cmd *BoolCmd) String() string { return "" }

func (cmd *BoolCmd) readReply(rd *proto.Reader) (err error) { return nil }

func (cmd *BoolCmd) Clone() Cmder { c := *cmd; return &c }

// StringCmd is a command whose reply is a string.
type StringCmd struct {
	baseCmd

	val string
}

func (cmd *StringCmd) Val() string { return cmd.val }

func (cmd *StringCmd) Result() (string, error) { return cmd.val, cmd.err }

func (cmd *StringCmd) String() string { return "" }

func (cmd *StringCmd) readReply(rd *proto.Reader) (err error) { return nil }

func (cmd *StringCmd) Clone() Cmder { c := *cmd; return &c }

// FloatCmd is a command whose reply is a float.
type FloatCmd struct {
	baseCmd

	val float64
}

func (cmd *FloatCmd) Val() float64 { return cmd.val }

func (cmd *FloatCmd) Result() (float64, error) { return cmd.val, cmd.err }

func (cmd *FloatCmd) String() string { return "" }

func (cmd *FloatCmd) readReply(rd *proto.Reader) (err error) { return nil }

func (cmd *FloatCmd) Clone() Cmder { c := *cmd; return &c }
