// Package outputs is a test stub of github.com/influxdata/telegraf@v1.37.2: exported API only, bodies are not real.
package outputs

import "github.com/influxdata/telegraf"

// Creator makes a new instance of an output plugin.
type Creator func() telegraf.Output

// Outputs holds the registered creators by plugin name.
var Outputs = make(map[string]Creator)

// Add registers an output plugin's creator under its name.
func Add(name string, creator Creator) {
	Outputs[name] = creator
}
