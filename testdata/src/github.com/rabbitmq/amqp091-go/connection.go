// Package amqp091 is a test stub of github.com/rabbitmq/amqp091-go@v1.16.0: exported API only, bodies are not real.
package amqp091

import (
	"crypto/tls"
	"errors"
	"net"
	"sync"
	"time"
)

// Config is the configuration of a Connection.
type Config struct {
	SASL []Authentication

	Vhost string

	ChannelMax uint16

	FrameSize int

	Heartbeat time.Duration

	TLSClientConfig *tls.Config

	Properties Table

	Locale string

	Dial func(network, addr string) (net.Conn, error)

	Recovery *Recovery
}

// Authentication is a SASL mechanism.
type Authentication interface {
	Mechanism() string
	Response() string
}

// Connection is an AMQP connection to a broker.
type Connection struct {
	m sync.Mutex

	Config Config

	Major int
	Minor int

	Properties Table
	Locales    []string
}

var errStub = errors.New("amqp091 stub: not implemented")

// Dial connects to the broker at the AMQP URI url.
func Dial(url string) (*Connection, error) { return nil, errStub }

// DialConfig connects to the broker at url with config.
func DialConfig(url string, config Config) (*Connection, error) { return nil, errStub }

// Channel opens a channel on the connection.
func (c *Connection) Channel() (*Channel, error) { return nil, errStub }

// Close closes the connection and its channels.
func (c *Connection) Close() error { return nil }

// Error is an AMQP error from the server or the library.
type Error struct {
	Code    int
	Reason  string
	Server  bool
	Recover bool
}

func (e *Error) Error() string { return e.Reason }

// Recovery configures automatic recovery of a connection.
type Recovery struct {
	ReconnectionConfig *ReconnectionConfig
	ConnectionRecovery ConnectionRecovery
	TopologyRecovery   TopologyRecovery

	TopologyRecoveryMode TopologyRecoveryMode

	OnTopologyEntityError func(conn *Connection, e TopologyRecoveryEntity) bool
}

// ReconnectionConfig bounds reconnection attempts.
type ReconnectionConfig struct {
	MaxRetryCount int
	RetryInterval time.Duration
}

// ConnectionRecovery is told when a connection or channel closes.
type ConnectionRecovery interface {
	OnConnectionClose(conn *Connection, err *Error)
	OnChannelClose(ch *Channel, err *Error)
}

// TopologyRecovery redeclares topology after a reconnection.
type TopologyRecovery interface {
	RecoverTopology(conn *Connection, channels []*Channel) ([]TopologyRecoveryEntity, error)
}

// TopologyRecoveryMode selects which topology is recovered.
type TopologyRecoveryMode byte

const (
	TopologyRecoveryAllEnabled TopologyRecoveryMode = iota
	TopologyRecoveryOnlyTransient
)

// TopologyRecoveryEntityType is the kind of a recovered entity.
type TopologyRecoveryEntityType byte

const (
	TopologyEntityExchange TopologyRecoveryEntityType = iota
	TopologyEntityQueue
	TopologyEntityQueueBinding
	TopologyEntityExchangeBinding
	TopologyEntityConsumer
)

// TopologyRecoveryEntity is an entity that failed to recover.
type TopologyRecoveryEntity struct {
	EntityType TopologyRecoveryEntityType

	EntityName string

	SecondaryName string

	RoutingKey string
	ChannelID  uint16
	Err        error
}

func (e TopologyRecoveryEntity) Error() string { return e.EntityName }
