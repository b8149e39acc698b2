// Package xid is a test stub of github.com/rs/xid@v1.6.0: exported API only, bodies are not real.
package xid

import (
	"database/sql/driver"
	"time"
)

// ID is a 12 byte globally unique, sortable id.
type ID [rawLen]byte

const rawLen = 12

// New returns an ID of the current time.
func New() ID { return ID{} }

// NewWithTime returns an ID of time t.
func NewWithTime(t time.Time) ID { return ID{} }

func FromString(id string) (ID, error) { return ID{}, nil }

func (id ID) String() string { return "" }

func (id ID) Encode(dst []byte) []byte { return dst }

func (id ID) MarshalText() ([]byte, error) { return nil, nil }

func (id *ID) UnmarshalText(text []byte) error { return nil }

func (id ID) Time() time.Time { return time.Time{} }

func (id ID) Machine() []byte { return nil }

func (id ID) Pid() uint16 { return 0 }

func (id ID) Counter() int32 { return 0 }

func (id ID) Value() (driver.Value, error) { return nil, nil }

func (id *ID) Scan(value interface{}) (err error) { return nil }

func (id ID) IsNil() bool { return id == ID{} }

func (id ID) IsZero() bool { return id.IsNil() }

func NilID() ID { return ID{} }

func (id ID) Bytes() []byte { return id[:] }

func FromBytes(b []byte) (ID, error) { return ID{}, nil }

func (id ID) Compare(other ID) int { return 0 }

func Sort(ids []ID) {}
