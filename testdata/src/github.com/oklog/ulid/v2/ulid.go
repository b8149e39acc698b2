// Package ulid is a test stub of github.com/oklog/ulid/v2@v2.1.2: exported API only, bodies are not real.
package ulid

import (
	"database/sql/driver"
	"io"
	"time"
)

// ULID is a Universally Unique Lexicographically Sortable Identifier.
type ULID [16]byte

// MonotonicReader is an entropy source that increases within a millisecond.
type MonotonicReader interface {
	io.Reader
	MonotonicRead(ms uint64, p []byte) error
}

// New returns a ULID of the millisecond ms and entropy read from entropy.
func New(ms uint64, entropy io.Reader) (id ULID, err error) { return ULID{}, nil }

func MustNew(ms uint64, entropy io.Reader) ULID { return ULID{} }

func MustNewDefault(t time.Time) ULID { return ULID{} }

// DefaultEntropy is a process-wide, thread-safe monotonic entropy source.
func DefaultEntropy() io.Reader { return nil }

// Make returns a ULID of the current time with DefaultEntropy.
func Make() (id ULID) { return ULID{} }

func Parse(ulid string) (id ULID, err error) { return ULID{}, nil }

func ParseStrict(ulid string) (id ULID, err error) { return ULID{}, nil }

func MustParse(ulid string) ULID { return ULID{} }

func MustParseStrict(ulid string) ULID { return ULID{} }

func (id ULID) Bytes() []byte { return id[:] }

func (id ULID) String() string { return "" }

func (id ULID) MarshalText() ([]byte, error) { return nil, nil }

func (id *ULID) UnmarshalText(v []byte) error { return nil }

func (id ULID) Time() uint64 { return 0 }

func (id ULID) Timestamp() time.Time { return time.Time{} }

func (id ULID) IsZero() bool { return id == ULID{} }

func MaxTime() uint64 { return 0 }

// Now returns the current time in Unix milliseconds.
func Now() uint64 { return 0 }

// Timestamp converts t to Unix milliseconds.
func Timestamp(t time.Time) uint64 { return 0 }

func Time(ms uint64) time.Time { return time.Time{} }

func (id ULID) Entropy() []byte { return nil }

func (id ULID) Compare(other ULID) int { return 0 }

func (id *ULID) Scan(src interface{}) error { return nil }

func (id ULID) Value() (driver.Value, error) { return nil, nil }

// Monotonic wraps entropy so that ULIDs of one millisecond increase.
func Monotonic(entropy io.Reader, inc uint64) *MonotonicEntropy { return nil }

// LockedMonotonicReader makes a MonotonicReader safe for concurrent use.
type LockedMonotonicReader struct {
	MonotonicReader
}

func (r *LockedMonotonicReader) MonotonicRead(ms uint64, p []byte) (err error) { return nil }

// MonotonicEntropy is monotonic entropy; opaque.
type MonotonicEntropy struct {
	io.Reader
	ms  uint64
	inc uint64
}

func (m *MonotonicEntropy) MonotonicRead(ms uint64, entropy []byte) (err error) { return nil }
