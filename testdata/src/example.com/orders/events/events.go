// want package:"effects"

// Package events publishes order events through the common clients.
package events

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/redis/go-redis/v9"
	"github.com/segmentio/kafka-go"
)

func ToKafka(p sarama.SyncProducer, id string, body []byte) error { // want ToKafka:`external: publishes a Kafka message`
	_, _, err := p.SendMessage(&sarama.ProducerMessage{Topic: "orders", Key: sarama.StringEncoder(id), Value: sarama.ByteEncoder(body)})
	return err
}

func ToKafkaGo(ctx context.Context, w *kafka.Writer, body []byte) error { // want ToKafkaGo:`external: publishes Kafka messages`
	return w.WriteMessages(ctx, kafka.Message{Value: body})
}

func ToJetStream(js nats.JetStreamContext, body []byte) error { // want ToJetStream:`external: publishes a JetStream message`
	_, err := js.Publish("orders", body)
	return err
}

func ToJetStreamFreshID(js nats.JetStreamContext, body []byte) error { // want ToJetStreamFreshID:`external`
	_, err := js.Publish("orders", body, nats.MsgId(uuid.NewString()))
	return err
}

func ToJetStreamKeyed(js nats.JetStreamContext, orderID string, body []byte) error {
	_, err := js.Publish("orders", body, nats.MsgId(orderID))
	return err
}

func Count(ctx context.Context, rdb *redis.Client, day string) error { // want Count:`increments: increments a Redis counter`
	return rdb.Incr(ctx, "orders:"+day).Err()
}

func Remember(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.Set(ctx, "order:"+id, "seen", 0).Err()
}

func PostPartner(c *resty.Client, body []byte) error { // want PostPartner:`external: sends an HTTP POST`
	_, err := c.R().SetBody(body).Post("https://partner.example/orders")
	return err
}

func PostPartnerKeyed(c *resty.Client, orderID string, body []byte) error {
	_, err := c.R().SetHeader("Idempotency-Key", orderID).SetBody(body).Post("https://partner.example/orders")
	return err
}
