// Package config is a test stub of github.com/influxdata/telegraf@v1.37.2: exported API only, bodies are not real.
package config

import "time"

// Duration is a configured duration.
type Duration time.Duration

// Size is a configured size in bytes.
type Size int64

// Secret holds a configured secret; its container is not stubbed.
type Secret struct{}
