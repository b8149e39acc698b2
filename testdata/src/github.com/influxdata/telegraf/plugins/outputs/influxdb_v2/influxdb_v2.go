// Package influxdb_v2 is a test stub of github.com/influxdata/telegraf@v1.37.2: exported API only, bodies are not real.
package influxdb_v2

import (
	"github.com/influxdata/telegraf"
	"github.com/influxdata/telegraf/config"
	"github.com/influxdata/telegraf/plugins/common/ratelimiter"
	commontls "github.com/influxdata/telegraf/plugins/common/tls"
)

// InfluxDB is the output that writes batches to InfluxDB 2's
// /api/v2/write, which stores a point by its series and timestamp.
type InfluxDB struct {
	URLs             []string                  `toml:"urls"`
	LocalAddr        string                    `toml:"local_address"`
	Token            config.Secret             `toml:"token"`
	Organization     string                    `toml:"organization"`
	Bucket           string                    `toml:"bucket"`
	BucketTag        string                    `toml:"bucket_tag"`
	ExcludeBucketTag bool                      `toml:"exclude_bucket_tag"`
	Timeout          config.Duration           `toml:"timeout"`
	HTTPHeaders      map[string]*config.Secret `toml:"http_headers"`
	HTTPProxy        string                    `toml:"http_proxy"`
	UserAgent        string                    `toml:"user_agent"`
	ContentEncoding  string                    `toml:"content_encoding"`
	UintSupport      bool                      `toml:"influx_uint_support"`
	OmitTimestamp    bool                      `toml:"influx_omit_timestamp"`
	PingTimeout      config.Duration           `toml:"ping_timeout"`
	ReadIdleTimeout  config.Duration           `toml:"read_idle_timeout"`
	ConcurrentWrites uint64                    `toml:"concurrent_writes"`
	Log              telegraf.Logger           `toml:"-"`
	commontls.ClientConfig
	ratelimiter.RateLimitConfig
}

func (*InfluxDB) SampleConfig() string { return "" }

func (i *InfluxDB) Init() error { return nil }

func (i *InfluxDB) Connect() error { return nil }

func (i *InfluxDB) Close() error { return nil }

func (i *InfluxDB) Write(metrics []telegraf.Metric) error { return nil }
