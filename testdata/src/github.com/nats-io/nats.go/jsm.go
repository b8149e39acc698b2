// Package nats is a test stub of github.com/nats-io/nats.go@v1.55.0: exported API only, bodies are not real.
package nats

import "time"

// JetStreamManager manages streams and consumers.
type JetStreamManager interface {
	AddStream(cfg *StreamConfig, opts ...JSOpt) (*StreamInfo, error)
	UpdateStream(cfg *StreamConfig, opts ...JSOpt) (*StreamInfo, error)
	DeleteStream(name string, opts ...JSOpt) error
	StreamInfo(stream string, opts ...JSOpt) (*StreamInfo, error)
	PurgeStream(name string, opts ...JSOpt) error
	StreamsInfo(opts ...JSOpt) <-chan *StreamInfo
	Streams(opts ...JSOpt) <-chan *StreamInfo
	StreamNames(opts ...JSOpt) <-chan string
	GetMsg(name string, seq uint64, opts ...JSOpt) (*RawStreamMsg, error)
	GetLastMsg(name, subject string, opts ...JSOpt) (*RawStreamMsg, error)
	DeleteMsg(name string, seq uint64, opts ...JSOpt) error
	SecureDeleteMsg(name string, seq uint64, opts ...JSOpt) error
	AddConsumer(stream string, cfg *ConsumerConfig, opts ...JSOpt) (*ConsumerInfo, error)
	UpdateConsumer(stream string, cfg *ConsumerConfig, opts ...JSOpt) (*ConsumerInfo, error)
	DeleteConsumer(stream, consumer string, opts ...JSOpt) error
	ConsumerInfo(stream, name string, opts ...JSOpt) (*ConsumerInfo, error)
	ConsumersInfo(stream string, opts ...JSOpt) <-chan *ConsumerInfo
	Consumers(stream string, opts ...JSOpt) <-chan *ConsumerInfo
	ConsumerNames(stream string, opts ...JSOpt) <-chan string
	AccountInfo(opts ...JSOpt) (*AccountInfo, error)
	StreamNameBySubject(string, ...JSOpt) (string, error)
}

// StreamConfig configures a stream; Duplicates is its deduplication window.
type StreamConfig struct {
	Name                   string
	Description            string
	Subjects               []string
	Retention              RetentionPolicy
	MaxConsumers           int
	MaxMsgs                int64
	MaxBytes               int64
	Discard                DiscardPolicy
	DiscardNewPerSubject   bool
	MaxAge                 time.Duration
	MaxMsgsPerSubject      int64
	MaxMsgSize             int32
	Storage                StorageType
	Replicas               int
	NoAck                  bool
	Duplicates             time.Duration
	Placement              *Placement
	Mirror                 *StreamSource
	Sources                []*StreamSource
	Sealed                 bool
	DenyDelete             bool
	DenyPurge              bool
	AllowRollup            bool
	Compression            StoreCompression
	FirstSeq               uint64
	SubjectTransform       *SubjectTransformConfig
	RePublish              *RePublish
	AllowDirect            bool
	MirrorDirect           bool
	ConsumerLimits         StreamConsumerLimits
	Metadata               map[string]string
	Template               string
	AllowMsgTTL            bool
	SubjectDeleteMarkerTTL time.Duration
}

// SubjectTransformConfig maps subjects to other subjects.
type SubjectTransformConfig struct {
	Source      string
	Destination string
}

// RePublish republishes stored messages to another subject.
type RePublish struct {
	Source      string
	Destination string
	HeadersOnly bool
}

// Placement chooses the cluster and tags of a stream's servers.
type Placement struct {
	Cluster string
	Tags    []string
}

// StreamSource is a stream another stream mirrors or sources from.
type StreamSource struct {
	Name              string
	OptStartSeq       uint64
	OptStartTime      *time.Time
	FilterSubject     string
	SubjectTransforms []SubjectTransformConfig
	External          *ExternalStream
	Domain            string
}

// ExternalStream is a stream in another account or domain.
type ExternalStream struct {
	APIPrefix     string
	DeliverPrefix string
}

// StreamConsumerLimits are the defaults and limits of a stream's consumers.
type StreamConsumerLimits struct {
	InactiveThreshold time.Duration
	MaxAckPending     int
}

// StreamInfo is the configuration and state of a stream.
type StreamInfo struct {
	Config     StreamConfig
	Created    time.Time
	State      StreamState
	Cluster    *ClusterInfo
	Mirror     *StreamSourceInfo
	Sources    []*StreamSourceInfo
	Alternates []*StreamAlternate
}

// StreamAlternate is a mirror of a stream that can serve direct gets.
type StreamAlternate struct {
	Name    string
	Domain  string
	Cluster string
}

// StreamSourceInfo is the state of a stream's mirror or source.
type StreamSourceInfo struct {
	Name              string
	Lag               uint64
	Seq               uint64
	Active            time.Duration
	External          *ExternalStream
	Error             *APIError
	FilterSubject     string
	SubjectTransforms []SubjectTransformConfig
}

// StreamState is the message counts and sequences of a stream.
type StreamState struct {
	Msgs        uint64
	Bytes       uint64
	FirstSeq    uint64
	FirstTime   time.Time
	LastSeq     uint64
	LastTime    time.Time
	Consumers   int
	Deleted     []uint64
	NumDeleted  int
	NumSubjects uint64
	Subjects    map[string]uint64
}

// ClusterInfo is the cluster of a stream or consumer.
type ClusterInfo struct {
	Name        string
	RaftGroup   string
	Leader      string
	LeaderSince *time.Time
	SystemAcc   bool
	TrafficAcc  string
	Replicas    []*PeerInfo
	Desired     *DesiredClusterInfo
}

// PeerInfo is one replica of a stream or consumer.
type PeerInfo struct {
	Name    string
	Current bool
	Offline bool
	Active  time.Duration
	Lag     uint64
	Peer    string
	Pending bool
}

// DesiredClusterInfo is the cluster a stream is migrating to.
type DesiredClusterInfo struct {
	Created  time.Time
	Name     string
	Replicas []*DesiredPeerInfo
	Origin   *DesiredClusterInfoOrigin
	Status   *DesiredClusterInfoStatus
}

// DesiredPeerInfo is one replica of a DesiredClusterInfo.
type DesiredPeerInfo struct {
	Name    string
	Offline bool
	Peer    string
}

// DesiredClusterInfoOrigin is where a migrating stream comes from.
type DesiredClusterInfoOrigin struct {
	Replicas  int
	Placement *Placement
	Retention *RetentionPolicy
}

// DesiredClusterInfoStatus is the progress of a migration.
type DesiredClusterInfoStatus struct {
	Description string
	Type        MigrationStatusType
	Err         string
}

// MigrationStatusType is the kind of a migration status.
type MigrationStatusType string

// RawStreamMsg is a message read directly from a stream.
type RawStreamMsg struct {
	Subject  string
	Sequence uint64
	Header   Header
	Data     []byte
	Time     time.Time
}

// AccountInfo is the JetStream usage and limits of an account.
type AccountInfo struct {
	Tier
	Domain string
	API    APIStats
	Tiers  map[string]Tier
}

// Tier is the usage and limits of one account tier.
type Tier struct {
	Memory         uint64
	Store          uint64
	ReservedMemory uint64
	ReservedStore  uint64
	Streams        int
	Consumers      int
	Limits         AccountLimits
}

// APIStats counts an account's JetStream API calls.
type APIStats struct {
	Level    int
	Total    uint64
	Errors   uint64
	Inflight uint64
}

// AccountLimits are the JetStream limits of an account.
type AccountLimits struct {
	MaxMemory            int64
	MaxStore             int64
	MaxStreams           int
	MaxConsumers         int
	MaxAckPending        int
	MemoryMaxStreamBytes int64
	StoreMaxStreamBytes  int64
	MaxBytesRequired     bool
}

// APIError is an error the JetStream API returned.
type APIError struct {
	Code        int
	ErrorCode   ErrorCode
	Description string
}

func (e *APIError) Error() string { return e.Description }

// ErrorCode is a JetStream API error code.
type ErrorCode uint16
