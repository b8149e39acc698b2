// Package uuid is a test stub of github.com/google/uuid@v1.6.0: exported API only, bodies are not real.
package uuid

import "io"

// UUID is a 128 bit (16 byte) Universal Unique IDentifier.
type UUID [16]byte

// Version is the version of a UUID.
type Version byte

// Variant is the variant of a UUID.
type Variant byte

const (
	Invalid = Variant(iota)
	RFC4122
	Reserved
	Microsoft
	Future
)

func Parse(s string) (UUID, error) { return UUID{}, nil }

func ParseBytes(b []byte) (UUID, error) { return UUID{}, nil }

func MustParse(s string) UUID { return UUID{} }

func FromBytes(b []byte) (uuid UUID, err error) { return UUID{}, nil }

// Must returns uuid, or panics if err is not nil.
func Must(uuid UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return uuid
}

func Validate(s string) error { return nil }

func (uuid UUID) String() string { return "" }

func (uuid UUID) URN() string { return "" }

func (uuid UUID) Variant() Variant { return RFC4122 }

func (uuid UUID) Version() Version { return Version(uuid[6] >> 4) }

func (v Version) String() string { return "" }

func (v Variant) String() string { return "" }

func SetRand(r io.Reader) {}

func EnableRandPool() {}

func DisableRandPool() {}

// UUIDs is a slice of UUID.
type UUIDs []UUID

func (uuids UUIDs) Strings() []string { return nil }
