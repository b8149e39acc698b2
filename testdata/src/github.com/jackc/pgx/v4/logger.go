// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgx

import "context"

const (
	LogLevelTrace = 6
	LogLevelDebug = 5
	LogLevelInfo  = 4
	LogLevelWarn  = 3
	LogLevelError = 2
	LogLevelNone  = 1
)

type LogLevel int

func (ll LogLevel) String() string { return "" }

// Logger receives the connection's log messages.
type Logger interface {
	Log(ctx context.Context, level LogLevel, msg string, data map[string]interface{})
}

type LoggerFunc func(ctx context.Context, level LogLevel, msg string, data map[string]interface{})

func (f LoggerFunc) Log(ctx context.Context, level LogLevel, msg string, data map[string]interface{}) {
	f(ctx, level, msg, data)
}
