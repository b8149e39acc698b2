// Package sarama is a test stub of github.com/IBM/sarama@v1.61.1: exported API only, bodies are not real.
package sarama

import (
	"crypto/tls"
	"net"
	"time"

	"github.com/rcrowley/go-metrics"
	"golang.org/x/net/proxy"
)

// Config is the configuration of clients, producers and consumers.
type Config struct {
	Admin struct {
		Retry struct {
			Max     int
			Backoff time.Duration
		}
		Timeout time.Duration
	}

	Net struct {
		MaxOpenRequests int

		DialTimeout  time.Duration
		ReadTimeout  time.Duration
		WriteTimeout time.Duration

		ResolveCanonicalBootstrapServers bool

		TLS struct {
			Enable bool
			Config *tls.Config
		}

		SASL struct {
			Enable                   bool
			Mechanism                SASLMechanism
			Version                  int16
			Handshake                bool
			AuthIdentity             string
			User                     string
			Password                 string
			SCRAMAuthzID             string
			SCRAMClientGeneratorFunc func() SCRAMClient
			TokenProvider            AccessTokenProvider

			GSSAPI GSSAPIConfig
		}

		KeepAlive time.Duration

		LocalAddr net.Addr

		Proxy struct {
			Enable bool
			Dialer proxy.Dialer
		}
	}

	Metadata struct {
		Retry struct {
			Max         int
			Backoff     time.Duration
			BackoffFunc func(retries, maxRetries int) time.Duration
		}
		RefreshFrequency time.Duration

		Full bool

		Timeout time.Duration

		AllowAutoTopicCreation bool

		SingleFlight bool
	}

	Producer struct {
		MaxMessageBytes  int
		RequiredAcks     RequiredAcks
		Timeout          time.Duration
		Compression      CompressionCodec
		CompressionLevel int
		Partitioner      PartitionerConstructor
		Idempotent       bool
		Transaction      struct {
			ID      string
			Timeout time.Duration

			Retry struct {
				Max         int
				Backoff     time.Duration
				BackoffFunc func(retries, maxRetries int) time.Duration
			}
		}

		Return struct {
			Successes bool

			Errors bool
		}

		Flush struct {
			Bytes       int
			Messages    int
			Frequency   time.Duration
			MaxMessages int
		}

		Retry struct {
			Max             int
			Backoff         time.Duration
			BackoffFunc     func(retries, maxRetries int) time.Duration
			MaxBufferLength int
			MaxBufferBytes  int64
		}

		Interceptors []ProducerInterceptor
	}

	Consumer struct {
		Group struct {
			Session struct {
				Timeout time.Duration
			}
			Heartbeat struct {
				Interval time.Duration
			}
			Rebalance struct {
				Strategy BalanceStrategy

				GroupStrategies []BalanceStrategy

				Timeout time.Duration

				Retry struct {
					Max     int
					Backoff time.Duration
				}
			}
			Member struct {
				UserData []byte
			}

			InstanceId string

			ResetInvalidOffsets bool
		}

		Retry struct {
			Backoff     time.Duration
			BackoffFunc func(retries int) time.Duration
			Max         int
		}

		Fetch struct {
			Min      int32
			Default  int32
			Max      int32
			MaxBytes int32
		}
		MaxWaitTime time.Duration

		MaxProcessingTime time.Duration

		Return struct {
			Errors bool
		}

		Offsets struct {
			CommitInterval time.Duration

			AutoCommit struct {
				Enable bool

				Interval time.Duration
			}

			Initial int64

			Retention time.Duration

			Retry struct {
				Max int
			}
		}

		IsolationLevel IsolationLevel

		Interceptors []ConsumerInterceptor
	}

	ClientID           string
	RackID             string
	ChannelBufferSize  int
	ApiVersionsRequest bool
	Version            KafkaVersion
	MetricRegistry     metrics.Registry
}

// NewConfig returns a Config with the default values.
func NewConfig() *Config { return &Config{} }

func (c *Config) Validate() error { return nil }

// SASLMechanism names a SASL mechanism.
type SASLMechanism string

const (
	SASLTypeOAuth       = "OAUTHBEARER"
	SASLTypePlaintext   = "PLAIN"
	SASLTypeSCRAMSHA256 = "SCRAM-SHA-256"
	SASLTypeSCRAMSHA512 = "SCRAM-SHA-512"
	SASLTypeGSSAPI      = "GSSAPI"
)

// AccessToken is a SASL/OAUTHBEARER token with its extensions.
type AccessToken struct {
	Token      string
	Extensions map[string]string
}

// AccessTokenProvider supplies SASL/OAUTHBEARER tokens.
type AccessTokenProvider interface {
	Token() (*AccessToken, error)
}

// SCRAMClient is a SCRAM client implementation.
type SCRAMClient interface {
	Begin(userName, password, authzID string) error
	Step(challenge string) (response string, err error)
	Done() bool
}

// GSSAPIConfig configures Kerberos authentication.
type GSSAPIConfig struct {
	AuthType           int
	KeyTabPath         string
	CCachePath         string
	KerberosConfigPath string
	ServiceName        string
	Username           string
	Password           string
	Realm              string
	DisablePAFXFAST    bool
	BuildSpn           BuildSpnFunc
}

// BuildSpnFunc builds the service principal name of a broker.
type BuildSpnFunc func(serviceName, host string) string

// CompressionCodec is a Kafka message compression codec.
type CompressionCodec int8

const (
	CompressionNone CompressionCodec = iota
	CompressionGZIP
	CompressionSnappy
	CompressionLZ4
	CompressionZSTD
)

func (cc CompressionCodec) String() string { return "" }

// KafkaVersion is a version of the Kafka broker protocol.
type KafkaVersion struct {
	version [4]uint
}

func newKafkaVersion(major, minor, veryMinor, patch uint) KafkaVersion {
	return KafkaVersion{version: [4]uint{major, minor, veryMinor, patch}}
}

var (
	V2_1_0_0 = newKafkaVersion(2, 1, 0, 0)
	V2_8_0_0 = newKafkaVersion(2, 8, 0, 0)
	V3_0_0_0 = newKafkaVersion(3, 0, 0, 0)

	DefaultVersion = V2_8_0_0
)

func (v KafkaVersion) IsAtLeast(other KafkaVersion) bool { return true }

func (v KafkaVersion) String() string { return "" }
