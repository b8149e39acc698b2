// Package localstate holds waits between attempts that fail on this
// machine's own state (a lock file another process holds, a file not
// written yet, a socket still bound): no other process is loaded, so a
// fixed wait brings no herd. A wait around an attempt that reaches
// another process is a backoff.
package localstate

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/gofrs/flock"
	"github.com/tus/lockfile"
)

// createLock makes the lock file, or fails while another holder's is
// there: every call it makes that can fail is on a local file.
func createLock(name string) error {
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString("pid"); err != nil {
		return err
	}
	return f.Sync()
}

// acquire polls for the lock file at a fixed interval until the holder
// removes it.
func acquire(ctx context.Context, name string) error {
	for {
		err := createLock(name)
		if err == nil {
			return nil
		}
		if !errors.Is(err, os.ErrExist) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// lockUpload takes a pid file, waiting while another process holds it.
func lockUpload(ctx context.Context, l lockfile.Lockfile) error {
	for {
		err := l.TryLock()
		if err == nil {
			return nil
		}
		if err != lockfile.ErrBusy && err != lockfile.ErrNotExist {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// lockShared waits for an advisory lock to be free.
func lockShared(ctx context.Context, f *flock.Flock) error {
	for i := 0; i < 50; i++ {
		ok, err := f.TryRLock()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("lock still held")
}

// waitForStop polls for a stop file another process creates.
func waitForStop(done chan struct{}, stop string, release func()) {
	for {
		select {
		case <-done:
			return
		case <-time.After(time.Second):
			if _, err := os.Stat(stop); err == nil {
				release()
				return
			}
		}
	}
}

// register asks a server, through a helper of the package: the attempt
// reaches another process, so the fixed wait is a backoff.
func register(ctx context.Context, c *http.Client, url string) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := post(ctx, c, url)
		if err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2 \* time.Second between attempts with no jitter`
	}
	return errors.New("not registered")
}

func post(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
