// Package flock is a test stub of github.com/gofrs/flock@v0.12.1: exported API only, bodies are not real.
package flock

import (
	"context"
	"io/fs"
	"time"
)

// Option configures a Flock.
type Option func(f *Flock)

// SetFlag sets the flag the file is opened with.
func SetFlag(flag int) Option { return nil }

// SetPermissions sets the mode the file is created with.
func SetPermissions(perm fs.FileMode) Option { return nil }

// Flock is an advisory lock on a file.
type Flock struct{}

// New returns the lock on the file at path.
func New(path string, opts ...Option) *Flock { return &Flock{} }

// NewFlock is New without options.
func NewFlock(path string) *Flock { return &Flock{} }

func (f *Flock) Close() error            { return nil }
func (f *Flock) Path() string            { return "" }
func (f *Flock) Locked() bool            { return false }
func (f *Flock) RLocked() bool           { return false }
func (f *Flock) String() string          { return "" }
func (f *Flock) Lock() error             { return nil }
func (f *Flock) RLock() error            { return nil }
func (f *Flock) Unlock() error           { return nil }
func (f *Flock) TryLock() (bool, error)  { return false, nil }
func (f *Flock) TryRLock() (bool, error) { return false, nil }

// TryLockContext tries the lock every retryDelay until it holds it or
// ctx ends.
func (f *Flock) TryLockContext(ctx context.Context, retryDelay time.Duration) (bool, error) {
	return false, nil
}

// TryRLockContext is TryLockContext for a shared lock.
func (f *Flock) TryRLockContext(ctx context.Context, retryDelay time.Duration) (bool, error) {
	return false, nil
}
