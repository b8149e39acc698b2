// Package logger is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package logger

import (
	"context"
	"errors"
	"time"
)

// ErrRecordNotFound is returned when a query that wants a record finds none.
var ErrRecordNotFound = errors.New("record not found")

type LogLevel int

const (
	Silent LogLevel = iota + 1
	Error
	Warn
	Info
)

// Writer prints log lines.
type Writer interface {
	Printf(string, ...interface{})
}

// Config configures the default logger.
type Config struct {
	SlowThreshold             time.Duration
	Colorful                  bool
	IgnoreRecordNotFoundError bool
	ParameterizedQueries      bool
	LogLevel                  LogLevel
}

// Interface is the logger GORM writes to.
type Interface interface {
	LogMode(LogLevel) Interface
	Info(context.Context, string, ...interface{})
	Warn(context.Context, string, ...interface{})
	Error(context.Context, string, ...interface{})
	Trace(ctx context.Context, begin time.Time, fc func() (sql string, rowsAffected int64), err error)
}

var (
	Discard = New(nil, Config{})
	Default = New(nil, Config{})
)

func New(writer Writer, config Config) Interface { return nil }
