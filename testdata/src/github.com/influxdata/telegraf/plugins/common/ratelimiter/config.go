// Package ratelimiter is a test stub of github.com/influxdata/telegraf@v1.37.2: exported API only, bodies are not real.
package ratelimiter

import "github.com/influxdata/telegraf/config"

// RateLimitConfig is an output's rate limit.
type RateLimitConfig struct {
	Limit  config.Size     `toml:"rate_limit"`
	Period config.Duration `toml:"rate_limit_period"`
}
