package inventory

import "time"

// retryAfterPause runs op, and after a failure calls itself with one
// attempt fewer, after a pause: a retry by recursion whose numbers are
// not computed. None of its parameters is a policy: op is what it
// retries.
func retryAfterPause(op func() error, left int) error {
	err := op()
	if err != nil && left > 0 {
		time.Sleep(500 * time.Millisecond)
		return retryAfterPause(op, left-1)
	}
	return err
}

// pausedFetch: the helper's numbers, which are not computed: its caller
// passes it no policy.
func pausedFetch() error {
	return retryAfterPause(fetch, 3)
}
