// Package upload retries the upload of a daily snapshot in a hand-written
// loop.
package upload

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"path"
	"time"
)

// Bucket stores objects by key.
type Bucket interface {
	Put(ctx context.Context, key string, body []byte) error
}

// Snapshot names the object after today's date inside the loop: an
// attempt after midnight uploads under tomorrow's key, and today's
// snapshot is missing.
func Snapshot(ctx context.Context, b Bucket, body []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		key := path.Join("snapshots", time.Now().Format("2006/01/02"), "state.json") // want `time.Now\(\) here becomes the date time.Now\(\).Format\("2006/01/02"\) in the operation that the retry loop runs again`
		if err = b.Put(ctx, key, body); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return err
}

// Hourly writes into the hour's folder, the hour truncated from the clock.
func Hourly(ctx context.Context, b Bucket, body []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		hour := time.Now().UTC().Truncate(time.Hour) // want `time.Now\(\) here becomes the hour time.Now\(\).UTC\(\).Truncate\(time.Hour\) in the operation that the retry loop runs again`
		if err = b.Put(ctx, "metrics/"+hour.Format("2006010215")+"/batch", body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// now is the clock, which the package's tests replace.
var now = time.Now

// Daily keys the upload by the day of the package's clock.
func Daily(ctx context.Context, b Bucket, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = b.Put(ctx, "daily/"+now().Format("2006-01-02"), body); err == nil { // want `now\(\) here becomes the date now\(\).Format\("2006-01-02"\) in the operation that the retry loop runs again`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negatives.

// SnapshotOnce names the object before the loop.
func SnapshotOnce(ctx context.Context, b Bucket, body []byte) error {
	key := path.Join("snapshots", time.Now().Format("2006/01/02"), "state.json")
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = b.Put(ctx, key, body); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return err
}

// Until retries until a deadline and logs each failure with the time.
func Until(ctx context.Context, b Bucket, key string, body []byte) error {
	deadline := time.Now().Add(time.Minute)
	for {
		started := time.Now()
		err := b.Put(ctx, key, body)
		if err == nil {
			return nil
		}
		slog.Warn("upload failed", "key", key, "took", time.Since(started), "day", time.Now().Format(time.DateOnly))
		if time.Now().After(deadline) {
			return errors.Join(err, errors.New("gave up"))
		}
		time.Sleep(time.Second)
	}
}

// Fresh names each attempt's object with a timestamp to the second: a new
// object per attempt is nonidempotent's concern, not a unit of days.
func Fresh(ctx context.Context, b Bucket, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = b.Put(ctx, "dumps/"+time.Now().UTC().Format(time.RFC3339), body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Signed signs each attempt with the date it is sent on, as a signature
// scheme requires: the date authenticates the request and names no unit.
func Signed(ctx context.Context, c *http.Client, url string, secret []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		now := time.Now().UTC()
		scope := now.Format("20060102") + "/eu-west-1/storage/request"
		mac := hmac.New(sha256.New, secret)
		mac.Write([]byte(scope))
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return rerr
		}
		req.Header.Set("X-Date", now.Format("20060102T150405Z"))
		req.Header.Set("Authorization", "HMAC Credential="+scope+", Signature="+hex.EncodeToString(mac.Sum(nil)))
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// UntilNextHour gives each attempt until the top of the hour: a
// deadline, not a unit.
func UntilNextHour(ctx context.Context, b Bucket, key string, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		next := time.Now().Truncate(time.Hour).Add(time.Hour)
		actx, cancel := context.WithDeadline(ctx, next)
		err = b.Put(actx, key, body)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Aged computes how many years an archive has been kept: arithmetic on
// the year, not a name.
func Aged(ctx context.Context, b Bucket, created int, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		years := time.Now().Year() - created
		if years > 7 {
			return nil
		}
		if err = b.Put(ctx, "archive/current", body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Rotator writes into the file of the day.
type Rotator struct {
	b       Bucket
	lastDay string
}

// Flush remembers the last day it flushed on, to start a new file when
// the day changes: state of a long-lived value, not the unit of the
// upload, whose key it is given.
func (r *Rotator) Flush(ctx context.Context, key string, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if today := time.Now().Format(time.DateOnly); today != r.lastDay {
			r.lastDay = today
		}
		if err = r.b.Put(ctx, key, body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
