// Package telegraf stands in for telegraf's own module, which holds its
// output plugins: their registration with outputs.Add is judged there
// too (own-module).
package telegraf

// Metric is one measurement.
type Metric interface {
	Name() string
}

// Output is a plugin the agent writes batches to.
type Output interface {
	SampleConfig() string
	Connect() error
	Close() error
	Write(metrics []Metric) error
}
