// Package uuid is a test stub of github.com/google/uuid@v1.6.0: exported API only, bodies are not real.
package uuid

import "database/sql/driver"

func (uuid *UUID) Scan(src interface{}) error { return nil }

func (uuid UUID) Value() (driver.Value, error) { return uuid.String(), nil }

func (uuid UUID) MarshalText() ([]byte, error) { return nil, nil }

func (uuid *UUID) UnmarshalText(data []byte) error { return nil }

func (uuid UUID) MarshalBinary() ([]byte, error) { return uuid[:], nil }

func (uuid *UUID) UnmarshalBinary(data []byte) error { return nil }

// NullUUID is a UUID that may be NULL.
type NullUUID struct {
	UUID  UUID
	Valid bool
}

func (nu *NullUUID) Scan(value interface{}) error { return nil }

func (nu NullUUID) Value() (driver.Value, error) { return nil, nil }

// Time is a time as 100s of nanoseconds since 15 Oct 1582.
type Time int64

func (t Time) UnixTime() (sec, nsec int64) { return 0, 0 }

func (uuid UUID) Time() Time { return 0 }
