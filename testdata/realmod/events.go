package realmod

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/redis/go-redis/v9"
	"github.com/sethvargo/go-retry"
)

// PublishOrder sends the order to Kafka.
func PublishOrder(p sarama.SyncProducer, id string, body []byte) error {
	_, _, err := p.SendMessage(&sarama.ProducerMessage{Topic: "orders", Key: sarama.StringEncoder(id), Value: sarama.ByteEncoder(body)})
	return err
}

// PublishWithRetry retries the publish: a lost acknowledgement publishes
// the order twice.
func PublishWithRetry(ctx context.Context, p sarama.SyncProducer, id string, body []byte) error {
	b := retry.WithMaxRetries(3, retry.WithFullJitter(retry.NewExponential(100)))
	return retry.Do(ctx, b, func(ctx context.Context) error { // finding: nonidempotent, catchall
		return retry.RetryableError(PublishOrder(p, id, body))
	})
}

// CountWithRetry retries a counter increment.
func CountWithRetry(ctx context.Context, rdb *redis.Client) error {
	b := retry.WithMaxRetries(3, retry.WithFullJitter(retry.NewExponential(100)))
	return retry.Do(ctx, b, func(ctx context.Context) error { // finding: nonidempotent, catchall
		return retry.RetryableError(rdb.Incr(ctx, "orders").Err())
	})
}

// RememberWithRetry retries a SET: running it twice changes nothing.
func RememberWithRetry(ctx context.Context, rdb *redis.Client, id string) error {
	b := retry.WithMaxRetries(3, retry.WithFullJitter(retry.NewExponential(100)))
	return retry.Do(ctx, b, func(ctx context.Context) error { // finding: catchall
		return retry.RetryableError(rdb.Set(ctx, "order:"+id, "seen", 0).Err())
	})
}
