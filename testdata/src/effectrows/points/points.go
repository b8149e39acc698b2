// Package points writes samples to a time-series store whose write
// endpoint keys every point by its series and timestamp: a point written
// again replaces the stored one. The configuration's effects row says so
// of seriesClient.put (class idempotent); the analysis alone sees a POST.
package points

import (
	"bytes"
	"net/http"

	retry "github.com/avast/retry-go/v4"
)

type seriesClient struct {
	http *http.Client
	url  string
}

func (c *seriesClient) put(lines []byte) error {
	resp, err := c.http.Post(c.url+"/write", "text/plain", bytes.NewReader(lines))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// notify posts to a webhook that records every post: not declared.
func (c *seriesClient) notify(msg string) error {
	resp, err := c.http.Post(c.url+"/hooks", "text/plain", bytes.NewReader([]byte(msg)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: the row declares the write safe to repeat.
func flush(c *seriesClient, lines []byte) error {
	return retry.Do(func() error { return c.put(lines) })
}

// Silent too through a function of the package that calls it.
func flushAll(c *seriesClient, batches [][]byte) error {
	return retry.Do(func() error { return c.putAll(batches) })
}

func (c *seriesClient) putAll(batches [][]byte) error {
	for _, b := range batches {
		if err := c.put(b); err != nil {
			return err
		}
	}
	return nil
}

// The webhook is still a POST that a repeat sends again.
func alert(c *seriesClient, msg string) error {
	return retry.Do(func() error { return c.notify(msg) }) // want `retry.Do repeats .*notify, which sends an HTTP POST`
}
