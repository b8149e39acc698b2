package realmod

import (
	"context"
	"log"
	"time"

	"example.com/realmod/retryutil"
)

// Registry is where the service announces itself.
type Registry interface {
	Register(ctx context.Context, name string) error
	Heartbeat() error
}

// start registers the service with the project's helper, under a context
// that never ends: a registry that is down for good hangs start-up forever.
func start(reg Registry) error {
	err := retryutil.Do(context.Background(), func(ctx context.Context) error { // finding: unbounded, catchall
		return reg.Register(ctx, "billing")
	})
	if err != nil {
		return err
	}
	go func() {
		if err := retryutil.Until(context.TODO(), reg.Heartbeat); err != nil { // finding: unbounded, catchall
			log.Printf("heartbeat: %v", err)
		}
	}()
	return nil
}

// Negatives.

// startWithDeadline gives the helper a context that ends.
func startWithDeadline(ctx context.Context, reg Registry) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := retryutil.Do(ctx, func(ctx context.Context) error { return reg.Register(ctx, "billing") }); err != nil { // finding: catchall
		return err
	}
	return retryutil.Until(ctx, reg.Heartbeat) // finding: catchall
}
