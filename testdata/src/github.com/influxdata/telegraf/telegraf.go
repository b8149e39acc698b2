// Package telegraf is a test stub of github.com/influxdata/telegraf@v1.37.2: exported API only, bodies are not real.
package telegraf

import "time"

// ValueType says how a metric's value is to be read.
type ValueType int

// The kinds of value a metric holds.
const (
	_ ValueType = iota
	Counter
	Gauge
	Untyped
	Summary
	Histogram
)

// Tag is one tag of a metric.
type Tag struct {
	Key   string
	Value string
}

// Field is one field of a metric.
type Field struct {
	Key   string
	Value interface{}
}

// Metric is one measurement on its way to the outputs.
type Metric interface {
	Name() string
	Tags() map[string]string
	TagList() []*Tag
	Fields() map[string]interface{}
	FieldList() []*Field
	Time() time.Time
	Type() ValueType
	SetName(name string)
	AddPrefix(prefix string)
	AddSuffix(suffix string)
	GetTag(key string) (string, bool)
	HasTag(key string) bool
	AddTag(key, value string)
	RemoveTag(key string)
	GetField(key string) (interface{}, bool)
	HasField(key string) bool
	AddField(key string, value interface{})
	RemoveField(key string)
	SetTime(t time.Time)
	SetType(t ValueType)
	HashID() uint64
	HashIDWithFieldsFiltered(excludedTags, excludedFields []string) uint64
	Copy() Metric
	Accept()
	Reject()
	Drop()
}

// PluginDescriber gives a plugin's sample configuration.
type PluginDescriber interface {
	SampleConfig() string
}

// Output is a plugin the agent writes batches of metrics to.
type Output interface {
	PluginDescriber
	Connect() error
	Close() error
	Write(metrics []Metric) error
}
