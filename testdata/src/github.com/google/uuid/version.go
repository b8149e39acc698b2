// Package uuid is a test stub of github.com/google/uuid@v1.6.0: exported API only, bodies are not real.
package uuid

import "io"

// NewUUID returns a version 1 (time and node) UUID.
func NewUUID() (UUID, error) { return UUID{}, nil }

// New returns a random (version 4) UUID, or panics.
func New() UUID { return UUID{} }

// NewString returns New().String().
func NewString() string { return "" }

// NewRandom returns a random (version 4) UUID.
func NewRandom() (UUID, error) { return UUID{}, nil }

func NewRandomFromReader(r io.Reader) (UUID, error) { return UUID{}, nil }

// NewV6 returns a version 6 (reordered time) UUID.
func NewV6() (UUID, error) { return UUID{}, nil }

// NewV7 returns a version 7 (Unix time and random) UUID.
func NewV7() (UUID, error) { return UUID{}, nil }

func NewV7FromReader(r io.Reader) (UUID, error) { return UUID{}, nil }
