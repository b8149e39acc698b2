// Package nats is a test stub of github.com/nats-io/nats.go@v1.55.0: exported API only, bodies are not real.
package nats

import (
	"context"
	"time"
)

// JetStream publishes to streams and subscribes to them.
type JetStream interface {
	Publish(subj string, data []byte, opts ...PubOpt) (*PubAck, error)
	PublishMsg(m *Msg, opts ...PubOpt) (*PubAck, error)
	PublishAsync(subj string, data []byte, opts ...PubOpt) (PubAckFuture, error)
	PublishMsgAsync(m *Msg, opts ...PubOpt) (PubAckFuture, error)
	PublishAsyncPending() int
	PublishAsyncComplete() <-chan struct{}
	CleanupPublisher()
	Subscribe(subj string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	SubscribeSync(subj string, opts ...SubOpt) (*Subscription, error)
	ChanSubscribe(subj string, ch chan *Msg, opts ...SubOpt) (*Subscription, error)
	ChanQueueSubscribe(subj, queue string, ch chan *Msg, opts ...SubOpt) (*Subscription, error)
	QueueSubscribe(subj, queue string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	QueueSubscribeSync(subj, queue string, opts ...SubOpt) (*Subscription, error)
	PullSubscribe(subj, durable string, opts ...SubOpt) (*Subscription, error)
}

// JetStreamContext is the legacy JetStream API: publishing, management,
// key-value and object stores.
type JetStreamContext interface {
	JetStream
	JetStreamManager
	KeyValueManager
	ObjectStoreManager
}

// JetStream returns the JetStream context of the connection.
func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { return nil, errStub }

// JSOpt configures a JetStream context or a management call.
type JSOpt interface {
	configureJSContext(opts *jsOpts) error
}

type jsOpts struct {
	ctx context.Context
	pre string
}

type jsOptFn func(opts *jsOpts) error

func (opt jsOptFn) configureJSContext(opts *jsOpts) error { return opt(opts) }

// PubOpt configures a JetStream publish.
type PubOpt interface {
	configurePublish(opts *pubOpts) error
}

type pubOpts struct {
	ctx   context.Context
	ttl   time.Duration
	id    string
	lid   string
	str   string
	seq   *uint64
	lss   *uint64
	rwait time.Duration
	rnum  int
}

type pubOptFn func(opts *pubOpts) error

func (opt pubOptFn) configurePublish(opts *pubOpts) error { return opt(opts) }

// MsgId sets the Nats-Msg-Id the stream deduplicates the message by.
func MsgId(id string) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.id = id; return nil })
}

// ExpectStream makes the publish fail unless it lands in stream.
func ExpectStream(stream string) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.str = stream; return nil })
}

// ExpectLastSequence makes the publish fail unless the stream's last sequence is seq.
func ExpectLastSequence(seq uint64) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.seq = &seq; return nil })
}

// ExpectLastMsgId makes the publish fail unless the stream's last message ID is id.
func ExpectLastMsgId(id string) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.lid = id; return nil })
}

// RetryWait is the wait between the publish's own retries on no responders.
func RetryWait(dur time.Duration) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.rwait = dur; return nil })
}

// RetryAttempts is how often the publish retries itself on no responders.
func RetryAttempts(num int) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.rnum = num; return nil })
}

// Headers of published messages.
const (
	MsgIdHdr               = "Nats-Msg-Id"
	ExpectedStreamHdr      = "Nats-Expected-Stream"
	ExpectedLastSeqHdr     = "Nats-Expected-Last-Sequence"
	ExpectedLastSubjSeqHdr = "Nats-Expected-Last-Subject-Sequence"
	ExpectedLastMsgIdHdr   = "Nats-Expected-Last-Msg-Id"
	MsgRollup              = "Nats-Rollup"
	MsgTTLHdr              = "Nats-TTL"
)

// PubAck is the stream's acknowledgement of a publish; Duplicate is set when
// the message ID was seen within the duplicate window.
type PubAck struct {
	Stream    string
	Sequence  uint64
	Duplicate bool
	Domain    string
}

// PubAckFuture is the pending acknowledgement of an asynchronous publish.
type PubAckFuture interface {
	Ok() <-chan *PubAck
	Err() <-chan error
	Msg() *Msg
}

// SubOpt configures a JetStream subscription.
type SubOpt interface {
	configureSubscribe(opts *subOpts) error
}

type subOpts struct {
	stream   string
	consumer string
	cfg      *ConsumerConfig
}

// ConsumerConfig configures a consumer.
type ConsumerConfig struct {
	Durable         string
	Name            string
	Description     string
	DeliverPolicy   DeliverPolicy
	OptStartSeq     uint64
	OptStartTime    *time.Time
	AckPolicy       AckPolicy
	AckWait         time.Duration
	MaxDeliver      int
	BackOff         []time.Duration
	FilterSubject   string
	FilterSubjects  []string
	ReplayPolicy    ReplayPolicy
	RateLimit       uint64
	SampleFrequency string
	MaxWaiting      int
	MaxAckPending   int
	FlowControl     bool
	Heartbeat       time.Duration
	HeadersOnly     bool

	MaxRequestBatch    int
	MaxRequestExpires  time.Duration
	MaxRequestMaxBytes int

	DeliverSubject string
	DeliverGroup   string

	InactiveThreshold time.Duration

	Replicas int

	MemoryStorage bool

	Metadata map[string]string
}

// ConsumerInfo is the state of a consumer.
type ConsumerInfo struct {
	Stream         string
	Name           string
	Created        time.Time
	Config         ConsumerConfig
	Delivered      SequenceInfo
	AckFloor       SequenceInfo
	NumAckPending  int
	NumRedelivered int
	NumWaiting     int
	NumPending     uint64
	Cluster        *ClusterInfo
	PushBound      bool
}

// SequenceInfo is a consumer and stream sequence pair.
type SequenceInfo struct {
	Consumer uint64
	Stream   uint64
	Last     *time.Time
}

// AckPolicy is how a consumer's messages are acknowledged.
type AckPolicy int

const (
	AckNonePolicy AckPolicy = iota
	AckAllPolicy
	AckExplicitPolicy
)

// ReplayPolicy is the pace at which a consumer replays messages.
type ReplayPolicy int

const (
	ReplayInstantPolicy ReplayPolicy = iota
	ReplayOriginalPolicy
)

// DeliverPolicy is where in a stream a consumer starts.
type DeliverPolicy int

const (
	DeliverAllPolicy DeliverPolicy = iota
	DeliverLastPolicy
	DeliverNewPolicy
)

// RetentionPolicy is when a stream drops messages.
type RetentionPolicy int

const (
	LimitsPolicy RetentionPolicy = iota
	InterestPolicy
	WorkQueuePolicy
)

// DiscardPolicy is what a full stream discards.
type DiscardPolicy int

const (
	DiscardOld DiscardPolicy = iota
	DiscardNew
)

// StorageType is where a stream keeps its messages.
type StorageType int

const (
	FileStorage StorageType = iota
	MemoryStorage
)

// StoreCompression is the compression of a stream's storage.
type StoreCompression uint8

const (
	NoCompression StoreCompression = iota
	S2Compression
)
