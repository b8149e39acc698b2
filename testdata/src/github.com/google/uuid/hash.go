// Package uuid is a test stub of github.com/google/uuid@v1.6.0: exported API only, bodies are not real.
package uuid

import "hash"

// Well known name space IDs and UUIDs.
var (
	NameSpaceDNS  = Must(Parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceURL  = Must(Parse("6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceOID  = Must(Parse("6ba7b812-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceX500 = Must(Parse("6ba7b814-9dad-11d1-80b4-00c04fd430c8"))
	Nil           UUID

	Max = UUID{
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	}
)

func NewHash(h hash.Hash, space UUID, data []byte, version int) UUID { return UUID{} }

// NewMD5 returns the version 3 UUID of data in space: deterministic.
func NewMD5(space UUID, data []byte) UUID { return UUID{} }

// NewSHA1 returns the version 5 UUID of data in space: deterministic.
func NewSHA1(space UUID, data []byte) UUID { return UUID{} }
