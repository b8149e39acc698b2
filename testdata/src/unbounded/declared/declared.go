// Package declared: a function retried from outside the code declares its
// attempts; the orchestrator's caps are its configuration, not code.
package declared

import (
	"context"
	"encoding/json"
	"os"
)

type report struct {
	Day   string `json:"day"`
	Total int    `json:"total"`
}

// publish writes the day's report; a cron wrapper runs it again until it
// succeeds.
//
//retrylint:retried 5 the cron wrapper's retries
func publish(ctx context.Context, path string, r report) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
