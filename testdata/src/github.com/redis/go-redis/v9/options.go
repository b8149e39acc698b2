// Package redis is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package redis

import (
	"context"
	"crypto/tls"
	"net"
	"time"

	"github.com/redis/go-redis/v9/auth"
	"github.com/redis/go-redis/v9/maintnotifications"
	"github.com/redis/go-redis/v9/push"
)

// Options configures a Client; MaxRetries is how often a failed command is retried.
type Options struct {
	Network string

	Addr string

	NodeAddress string

	ClientName string

	Dialer func(ctx context.Context, network, addr string) (net.Conn, error)

	OnConnect func(ctx context.Context, cn *Conn) error

	Protocol int

	Username string

	Password string

	CredentialsProvider func() (username string, password string)

	CredentialsProviderContext func(ctx context.Context) (username string, password string, err error)

	StreamingCredentialsProvider auth.StreamingCredentialsProvider

	DB int

	MaxRetries      int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration

	DialTimeout        time.Duration
	DialerRetries      int
	DialerRetryTimeout time.Duration
	DialerRetryBackoff func(attempt int) time.Duration

	ReadTimeout           time.Duration
	WriteTimeout          time.Duration
	ContextTimeoutEnabled bool

	ReadBufferSize  int
	WriteBufferSize int

	PipelineReadBufferSize  int
	PipelineWriteBufferSize int
	PipelinePoolSize        int

	AutoPipelineOptions *AutoPipelineOptions

	PoolFIFO bool

	PoolSize int

	MaxConcurrentDials int

	PoolTimeout time.Duration

	MinIdleConns int

	MaxIdleConns int

	MaxActiveConns int

	ConnMaxIdleTime time.Duration

	ConnMaxLifetime time.Duration

	ConnMaxLifetimeJitter time.Duration

	TLSConfig *tls.Config

	Limiter Limiter

	readOnly bool

	DisableIndentity bool

	DisableIdentity bool

	IdentitySuffix string

	UnstableResp3 bool

	PushNotificationProcessor push.NotificationProcessor

	FailingTimeoutSeconds int

	MaintNotificationsConfig *maintnotifications.Config

	ClientSideCacheConfig *ClientSideCacheConfig

	ClientSideCache Cache

	ClientSideCacheStrategy CSCStrategy

	ClientSideCacheRefreshOnInvalidate bool

	ClientSideCacheCoalesceMisses bool

	ClientSideCacheInvalidationBatchWindow time.Duration
}

// Limiter is a rate limiter or circuit breaker.
type Limiter interface {
	Allow() error
	ReportResult(result error)
}

// AutoPipelineOptions configures automatic pipelining.
type AutoPipelineOptions struct {
	MaxBatchSize int

	MaxBatchBytes int

	MaxConcurrentBatches int

	Unordered bool

	FullDuplex bool

	FullDuplexWindow int

	FullDuplexIdleTimeout time.Duration

	FullDuplexMaxHold time.Duration

	NumShards int

	MaxFlushDelay time.Duration

	AdaptiveDelay bool

	MaxQueuedCommands int
}

// CSCStrategy is the client-side caching architecture.
type CSCStrategy int

const (
	CSCStrategySharedTracking CSCStrategy = iota
)

// ClientSideCacheConfig configures the client-side cache.
type ClientSideCacheConfig = CacheConfig

// CacheSizer returns the size charged for a cache entry.
type CacheSizer func(cacheKey string, redisKeys []string, value []byte) int64

// CacheConfig configures a local cache.
type CacheConfig struct {
	MaxEntries int

	MaxMemoryBytes int64

	Sizer CacheSizer

	StaleTimeout time.Duration

	DrainInterval time.Duration

	MaxStaleness time.Duration
}

// Cache is a client-side cache.
type Cache interface {
	Get(ctx context.Context, cacheKey string) ([]byte, bool)
	Reserve(cacheKey string, redisKeys []string) (token uint64, shouldFetch bool)
	FulfillOwned(cacheKey string, token, ownerConnID uint64, value []byte) bool
	Cancel(cacheKey string, token uint64) bool
	DeleteByRedisKey(redisKey string) int
	DeleteByCacheKey(cacheKey string) bool
	EvictByConn(connID uint64) int
	Flush() int
}
