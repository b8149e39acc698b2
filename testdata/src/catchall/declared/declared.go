// Package declared: the orchestrator decides which failures it retries
// (an exit code, an exception type): catchall does not judge a function
// declared retried from outside the code.
package declared

import (
	"encoding/json"
	"os"
)

type job struct {
	Table string `json:"table"`
}

// load reads the job's spec; a malformed spec fails every attempt, but
// whether Airflow retries it is Airflow's configuration.
//
//retrylint:retried 3 Airflow task retries
func load(path string) (job, error) {
	var j job
	data, err := os.ReadFile(path)
	if err != nil {
		return j, err
	}
	err = json.Unmarshal(data, &j)
	return j, err
}
