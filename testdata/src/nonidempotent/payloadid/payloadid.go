// Package payloadid posts event batches with a header map built once per
// batch and handed to every attempt's request (req.Header = headers).
package payloadid

import (
	"bytes"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// postBatch names the batch with a vendor's payload id made once, before
// the attempts: the receiver drops a batch whose id it has seen.
func postBatch(c *http.Client, uri string, data []byte) error {
	headers := make(http.Header)
	headers.Set("Content-Type", "application/json")
	id, _ := uuid.NewRandom()
	headers.Add("X-Acme-Payload-ID", id.String())
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Second)
		}
		req, rerr := http.NewRequest("POST", uri, bytes.NewReader(data))
		if rerr != nil {
			return rerr
		}
		req.Header = headers
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return err
}

// postTraced sends a request id for the logs, made once too: a tracing
// id names the request, not what it carries, and no receiver drops a
// repeat by it.
func postTraced(c *http.Client, uri string, data []byte) error {
	headers := make(http.Header)
	headers.Add("X-Request-ID", uuid.NewString())
	var err error
	for attempt := 0; attempt < 2; attempt++ { // want `retry loop repeats \(\*http.Client\).Do, which sends an HTTP request`
		if attempt > 0 {
			time.Sleep(time.Second)
		}
		req, rerr := http.NewRequest("POST", uri, bytes.NewReader(data))
		if rerr != nil {
			return rerr
		}
		req.Header = headers
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return err
}
