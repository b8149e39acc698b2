// Package retry stands for a company's retry helper. Its body is a stub:
// retrylint knows what Do does from .retrylint.yml, not from its code.
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
