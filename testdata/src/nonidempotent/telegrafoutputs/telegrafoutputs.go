// Package telegrafoutputs registers telegraf outputs, whose Write the
// agent calls again with the same batch when it fails.
package telegrafoutputs

import (
	"bytes"
	"net/http"

	"github.com/influxdata/telegraf"
	"github.com/influxdata/telegraf/plugins/outputs"
)

// alertOut posts each batch to an alerting service that opens an
// incident per request.
type alertOut struct {
	URL    string
	client *http.Client
}

func (o *alertOut) SampleConfig() string { return "" }
func (o *alertOut) Connect() error       { o.client = &http.Client{}; return nil }
func (o *alertOut) Close() error         { return nil }

func (o *alertOut) Write(metrics []telegraf.Metric) error {
	var body bytes.Buffer
	for _, m := range metrics {
		body.WriteString(m.Name())
	}
	resp, err := o.client.Post(o.URL, "text/plain", &body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func init() {
	outputs.Add("alert", func() telegraf.Output { // want `outputs.Add \(telegraf's agent writes a failed batch again at every flush .*\) repeats \(\*http.Client\).Post, which sends an HTTP POST`
		return &alertOut{URL: "https://alerts.example/incidents"}
	})
}

// ticketOut is made by a named creator, through a constructor.
type ticketOut struct {
	alertOut
}

func newTicketOut(url string) *ticketOut { return &ticketOut{alertOut{URL: url}} }

func tickets() telegraf.Output { return newTicketOut("https://tickets.example/new") }

func init() {
	outputs.Add("tickets", tickets) // want `outputs.Add .* repeats \(\*http.Client\).Post, which sends an HTTP POST`
}

// statusOut puts each metric's state at its own URL: a repeat writes the
// same state again. Silent.
type statusOut struct {
	client *http.Client
}

func (o *statusOut) SampleConfig() string { return "" }
func (o *statusOut) Connect() error       { return nil }
func (o *statusOut) Close() error         { return nil }

func (o *statusOut) Write(metrics []telegraf.Metric) error {
	for _, m := range metrics {
		req, err := http.NewRequest(http.MethodPut, "https://status.example/"+m.Name(), nil)
		if err != nil {
			return err
		}
		resp, err := o.client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

func init() {
	outputs.Add("status", func() telegraf.Output { return &statusOut{} })
}

// A creator that hands out an output held in a variable, or either of
// two types, makes a value this package cannot name: silent.
var shared telegraf.Output = &alertOut{}

func init() {
	outputs.Add("shared", func() telegraf.Output { return shared })
	outputs.Add("either", func() telegraf.Output {
		if shared == nil {
			return &statusOut{}
		}
		return &alertOut{}
	})
}
