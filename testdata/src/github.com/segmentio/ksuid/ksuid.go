// Package ksuid is a test stub of github.com/segmentio/ksuid@v1.0.4: exported API only, bodies are not real.
package ksuid

import (
	"database/sql/driver"
	"io"
	"time"
)

const byteLength = 20

// KSUID is a K-Sortable Unique IDentifier: a timestamp and a random payload.
type KSUID [byteLength]byte

var (
	Nil KSUID
	Max = KSUID{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255}
)

func (i KSUID) Append(b []byte) []byte { return b }

func (i KSUID) Time() time.Time { return time.Time{} }

func (i KSUID) Timestamp() uint32 { return 0 }

func (i KSUID) Payload() []byte { return nil }

func (i KSUID) String() string { return "" }

func (i KSUID) Bytes() []byte { return i[:] }

func (i KSUID) IsNil() bool { return i == Nil }

func (i KSUID) MarshalText() ([]byte, error) { return nil, nil }

func (i *KSUID) UnmarshalText(b []byte) error { return nil }

func (i KSUID) Value() (driver.Value, error) { return nil, nil }

func (i *KSUID) Scan(src interface{}) error { return nil }

func Parse(s string) (KSUID, error) { return Nil, nil }

// New returns a KSUID of the current time, or panics.
func New() KSUID { return Nil }

// NewRandom returns a KSUID of the current time.
func NewRandom() (ksuid KSUID, err error) { return Nil, nil }

func NewRandomWithTime(t time.Time) (ksuid KSUID, err error) { return Nil, nil }

func FromParts(t time.Time, payload []byte) (KSUID, error) { return Nil, nil }

func FromBytes(b []byte) (KSUID, error) { return Nil, nil }

func SetRand(r io.Reader) {}

func Compare(a, b KSUID) int { return 0 }

func Sort(ids []KSUID) {}

func (id KSUID) Next() KSUID { return id }

func (id KSUID) Prev() KSUID { return id }
