// Package sarama is a test stub of github.com/IBM/sarama@v1.61.1: exported API only, bodies are not real.
package sarama

import "time"

// ConsumerMessage is a message read by a consumer.
type ConsumerMessage struct {
	Headers        []*RecordHeader
	Timestamp      time.Time
	BlockTimestamp time.Time

	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

// ConsumerGroupMetadata identifies the group whose offsets a transaction commits.
type ConsumerGroupMetadata struct {
	GroupID         string
	GenerationID    int32
	MemberID        string
	GroupInstanceID *string
}

func NewConsumerGroupMetadata(groupID string) *ConsumerGroupMetadata {
	return &ConsumerGroupMetadata{GroupID: groupID}
}

// PartitionOffsetMetadata is an offset to commit for one partition.
type PartitionOffsetMetadata struct {
	Partition   int32
	Offset      int64
	LeaderEpoch int32
	Metadata    *string
}

// ConsumerInterceptor sees each message a consumer receives.
type ConsumerInterceptor interface {
	OnConsume(*ConsumerMessage)
}

// IsolationLevel selects which transactional messages a consumer sees.
type IsolationLevel int8

const (
	ReadUncommitted IsolationLevel = iota
	ReadCommitted
)

// BalanceStrategyPlan maps member ID to topic to partitions.
type BalanceStrategyPlan map[string]map[string][]int32

func (p BalanceStrategyPlan) Add(memberID, topic string, partitions ...int32) {}

// BalanceStrategy assigns partitions to the members of a consumer group.
type BalanceStrategy interface {
	Name() string
	Plan(members map[string]ConsumerGroupMemberMetadata, topics map[string][]int32) (BalanceStrategyPlan, error)
	AssignmentData(memberID string, topics map[string][]int32, generationID int32) ([]byte, error)
}

// ConsumerGroupMemberMetadata is the subscription metadata of a group member.
type ConsumerGroupMemberMetadata struct {
	Version         int16
	Topics          []string
	UserData        []byte
	OwnedPartitions []*OwnedPartition
	GenerationID    int32
	RackID          *string
}

// OwnedPartition is the partitions of a topic a member owns.
type OwnedPartition struct {
	Topic      string
	Partitions []int32
}
