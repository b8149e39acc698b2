// Package telegraf is a test stub of github.com/influxdata/telegraf@v1.37.2: exported API only, bodies are not real.
package telegraf

// LogLevel is a logger's level.
type LogLevel int

// Logger is the logger a plugin is given.
type Logger interface {
	Level() LogLevel
	AddAttribute(key string, value interface{})
	Errorf(format string, args ...interface{})
	Error(args ...interface{})
	Warnf(format string, args ...interface{})
	Warn(args ...interface{})
	Infof(format string, args ...interface{})
	Info(args ...interface{})
	Debugf(format string, args ...interface{})
	Debug(args ...interface{})
	Tracef(format string, args ...interface{})
	Trace(args ...interface{})
}
