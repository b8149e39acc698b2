// Package retry stands for a company's retry helper. retrylint knows what
// Do does from retrylint.yml, the file .golangci.yml names in its config
// setting, not from this stub's body.
package retry

import "context"

// Policy says how often Do tries; 0 attempts means until ctx is done.
type Policy struct {
	MaxAttempts int
}

// Do runs op until it succeeds, the policy gives up, or ctx is done.
func Do(ctx context.Context, p Policy, op func(context.Context) error) error {
	return op(ctx)
}
