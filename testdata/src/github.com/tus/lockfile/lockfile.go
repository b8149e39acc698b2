// Package lockfile is a test stub of github.com/tus/lockfile@v1.2.0: exported API only, bodies are not real.
package lockfile

import (
	"errors"
	"os"
)

// Lockfile is the absolute path of a pid file.
type Lockfile string

// TemporaryError is an error a short wait may clear.
type TemporaryError string

func (t TemporaryError) Error() string   { return string(t) }
func (t TemporaryError) Temporary() bool { return true }

var (
	ErrBusy          = TemporaryError("Locked by other process")
	ErrNotExist      = TemporaryError("Lockfile created, but doesn't exist")
	ErrNeedAbsPath   = errors.New("Lockfiles must be given as absolute path names")
	ErrInvalidPid    = errors.New("Lockfile contains invalid pid for system")
	ErrDeadOwner     = errors.New("Lockfile contains pid of process not existent on this system anymore")
	ErrRogueDeletion = errors.New("Lockfile owned by me has been removed unexpectedly")
)

// New returns the lock file at path.
func New(path string) (Lockfile, error) { return Lockfile(path), nil }

// GetOwner returns the process holding the lock.
func (l Lockfile) GetOwner() (*os.Process, error) { return nil, nil }

// TryLock takes the lock once, or answers ErrBusy.
func (l Lockfile) TryLock() error { return nil }

// Unlock releases the lock.
func (l Lockfile) Unlock() error { return nil }
