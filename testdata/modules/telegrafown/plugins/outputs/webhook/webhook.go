// Package webhook posts every batch to a webhook that records each post.
package webhook

import (
	"net/http"
	"strings"

	"github.com/influxdata/telegraf"
	"github.com/influxdata/telegraf/plugins/outputs"
)

type Webhook struct {
	URL string
}

func (w *Webhook) SampleConfig() string { return "" }
func (w *Webhook) Connect() error       { return nil }
func (w *Webhook) Close() error         { return nil }

func (w *Webhook) Write(metrics []telegraf.Metric) error {
	names := make([]string, len(metrics))
	for i, m := range metrics {
		names[i] = m.Name()
	}
	resp, err := http.Post(w.URL, "text/plain", strings.NewReader(strings.Join(names, "\n")))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func init() {
	outputs.Add("webhook", func() telegraf.Output { return &Webhook{} }) // want `outputs.Add \(telegraf's agent .*\) repeats http.Post, which sends an HTTP POST`
}
