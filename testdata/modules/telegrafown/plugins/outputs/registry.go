// Package outputs registers the output plugins.
package outputs

import "github.com/influxdata/telegraf"

type Creator func() telegraf.Output

var Outputs = map[string]Creator{}

func Add(name string, creator Creator) {
	Outputs[name] = creator
}
