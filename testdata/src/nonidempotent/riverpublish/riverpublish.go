// Package riverpublish works jobs that publish: a retry after a lost
// acknowledgement publishes again.
package riverpublish

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/riverqueue/river"
)

// ShippedArgs announce a shipped order.
type ShippedArgs struct {
	Order string
}

func (ShippedArgs) Kind() string { return "shipped" }

// ShippedWorker publishes the announcement on every attempt.
type ShippedWorker struct {
	river.WorkerDefaults[ShippedArgs]
	nc *nats.Conn
}

func (w *ShippedWorker) Work(ctx context.Context, job *river.Job[ShippedArgs]) error {
	return w.nc.Publish("orders.shipped", []byte(job.Args.Order))
}

// PackedArgs announce a packed order, once: they are inserted with one
// attempt.
type PackedArgs struct {
	Order string
}

func (PackedArgs) Kind() string { return "packed" }

// PackedWorker publishes the announcement.
type PackedWorker struct {
	river.WorkerDefaults[PackedArgs]
	nc *nats.Conn
}

func (w *PackedWorker) Work(ctx context.Context, job *river.Job[PackedArgs]) error {
	return w.nc.Publish("orders.packed", []byte(job.Args.Order))
}

// Register registers the workers.
func Register(workers *river.Workers, nc *nats.Conn) {
	river.AddWorker(workers, &ShippedWorker{nc: nc}) // want `river.AddWorker \(River's default: 25 attempts\) repeats \(\*nats.Conn\).Publish, which publishes a NATS message`
	river.AddWorker(workers, &PackedWorker{nc: nc})
}

// Pack inserts a packed job in the caller's transaction, attempted once.
func Pack(ctx context.Context, c *river.Client[any], tx any, order string) error {
	_, err := c.InsertTx(ctx, tx, PackedArgs{Order: order}, &river.InsertOpts{MaxAttempts: 1})
	return err
}
