package nonidempotent

import (
	"context"

	"github.com/IBM/sarama"
	retry "github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
	"github.com/nats-io/nats.go"
	"github.com/redis/go-redis/v9"

	"example.com/orders/events"
)

func retryPublish(p sarama.SyncProducer, id string, body []byte) error {
	return retry.Do(func() error { return events.ToKafka(p, id, body) }) // want `retry.Do repeats events.ToKafka, which publishes a Kafka message: a retry after a lost acknowledgement does it again; send an idempotency key derived from the input, or do not retry`
}

func retryIncr(ctx context.Context, rdb *redis.Client) error {
	return retry.Do(func() error { return events.Count(ctx, rdb, "2026-11-30") }) // want `retry.Do repeats events.Count, which increments a Redis counter`
}

// Negatives.

func retryKeyedPublish(js nats.JetStreamContext, id string, body []byte) error {
	return retry.Do(func() error { return events.ToJetStreamKeyed(js, id, body) })
}

func retrySet(ctx context.Context, rdb *redis.Client, id string) error {
	return retry.Do(func() error { return events.Remember(ctx, rdb, id) })
}

func retryKeyedPost(c *resty.Client, id string, body []byte) error {
	return retry.Do(func() error { return events.PostPartnerKeyed(c, id, body) })
}

// The retried operation calls a closure of the function that publishes:
// the retry repeats what the closure does.
func retryPublishBatch(p sarama.SyncProducer, id string, body []byte) error {
	publish := func() error { return events.ToKafka(p, id, body) }
	return retry.Do(func() error { return publish() }) // want `retry.Do repeats publish, which publishes a Kafka message`
}

// The closure sets a key in Redis, which a second run sets again to the
// same value.
func retryRememberBatch(ctx context.Context, rdb *redis.Client, id string) error {
	remember := func() error { return events.Remember(ctx, rdb, id) }
	return retry.Do(func() error { return remember() })
}
