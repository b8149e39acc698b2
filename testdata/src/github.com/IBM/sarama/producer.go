// Package sarama is a test stub of github.com/IBM/sarama@v1.61.1: exported API only, bodies are not real.
package sarama

import (
	"errors"
	"time"
)

// SyncProducer publishes Kafka messages and blocks until each is acknowledged.
type SyncProducer interface {
	SendMessage(msg *ProducerMessage) (partition int32, offset int64, err error)
	SendMessages(msgs []*ProducerMessage) error
	Close() error
	TxnStatus() ProducerTxnStatusFlag
	IsTransactional() bool
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
	AddOffsetsToTxnWithGroupMetadata(offsets map[string][]*PartitionOffsetMetadata, groupMetadata *ConsumerGroupMetadata) error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddMessageToTxnWithGroupMetadata(msg *ConsumerMessage, groupMetadata *ConsumerGroupMetadata, metadata *string) error
}

// AsyncProducer publishes Kafka messages sent on its Input channel.
type AsyncProducer interface {
	AsyncClose()
	Close() error
	Input() chan<- *ProducerMessage
	Successes() <-chan *ProducerMessage
	Errors() <-chan *ProducerError
	IsTransactional() bool
	TxnStatus() ProducerTxnStatusFlag
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
	AddOffsetsToTxnWithGroupMetadata(offsets map[string][]*PartitionOffsetMetadata, groupMetadata *ConsumerGroupMetadata) error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddMessageToTxnWithGroupMetadata(msg *ConsumerMessage, groupMetadata *ConsumerGroupMetadata, metadata *string) error
}

var errStub = errors.New("sarama stub: not implemented")

// NewSyncProducer creates a SyncProducer for the brokers at addrs.
func NewSyncProducer(addrs []string, config *Config) (SyncProducer, error) { return nil, errStub }

// NewAsyncProducer creates an AsyncProducer for the brokers at addrs.
func NewAsyncProducer(addrs []string, conf *Config) (AsyncProducer, error) { return nil, errStub }

// ProducerMessage is one message for a producer to publish.
type ProducerMessage struct {
	Topic string
	Key   Encoder
	Value Encoder

	Headers []RecordHeader

	Metadata any

	Offset    int64
	Partition int32
	Timestamp time.Time

	retries int
}

// ProducerError is a message the producer failed to deliver, with the reason.
type ProducerError struct {
	Msg *ProducerMessage
	Err error
}

func (pe ProducerError) Error() string { return "kafka: Failed to produce message" }

func (pe ProducerError) Unwrap() error { return pe.Err }

// ProducerErrors is the batch of ProducerErrors Close may return.
type ProducerErrors []*ProducerError

func (pe ProducerErrors) Error() string { return "kafka: Failed to deliver messages." }

// ProducerTxnStatusFlag is the state of a transactional producer.
type ProducerTxnStatusFlag int16

const (
	ProducerTxnFlagUninitialized ProducerTxnStatusFlag = 1 << iota
	ProducerTxnFlagInitializing
	ProducerTxnFlagReady
	ProducerTxnFlagInTransaction
	ProducerTxnFlagEndTransaction
	ProducerTxnFlagInError
	ProducerTxnFlagCommittingTransaction
	ProducerTxnFlagAbortingTransaction
	ProducerTxnFlagAbortableError
	ProducerTxnFlagFatalError
)

// RequiredAcks is how many replica acknowledgements a produce request waits for.
type RequiredAcks int16

const (
	NoResponse   RequiredAcks = 0
	WaitForLocal RequiredAcks = 1
	WaitForAll   RequiredAcks = -1
)

// Partitioner chooses the partition of a message.
type Partitioner interface {
	Partition(message *ProducerMessage, numPartitions int32) (int32, error)
	RequiresConsistency() bool
}

// PartitionerConstructor makes the Partitioner of a topic.
type PartitionerConstructor func(topic string) Partitioner

func NewManualPartitioner(topic string) Partitioner { return nil }

func NewRandomPartitioner(topic string) Partitioner { return nil }

func NewRoundRobinPartitioner(topic string) Partitioner { return nil }

func NewHashPartitioner(topic string) Partitioner { return nil }

// ProducerInterceptor sees each message before the producer sends it.
type ProducerInterceptor interface {
	OnSend(*ProducerMessage)
}
