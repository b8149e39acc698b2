// Package metrics is a test stub of github.com/rcrowley/go-metrics@v0.0.0-20250401214520-65e299d6c5c9: exported API only, bodies are not real.
package metrics

// Registry holds metrics by name.
type Registry interface {
	Each(func(string, interface{}))
	Get(string) interface{}
	GetAll() map[string]map[string]interface{}
	GetOrRegister(string, interface{}) interface{}
	Register(string, interface{}) error
	RunHealthchecks()
	Unregister(string)
	UnregisterAll()
}

// NewRegistry returns an empty Registry.
func NewRegistry() Registry { return nil }
