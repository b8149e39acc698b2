// Package telegrafoutputs registers telegraf outputs: the agent keeps a
// batch whose Write failed and writes it again at every flush.
package telegrafoutputs

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/influxdata/telegraf"
	"github.com/influxdata/telegraf/plugins/outputs"
)

// quotaOut sends each metric's "limit" tag as a number; a tag that is not
// one fails the whole batch, at every flush, until the buffer drops it.
type quotaOut struct {
	client *http.Client
	url    string
}

func (o *quotaOut) SampleConfig() string { return "" }
func (o *quotaOut) Connect() error       { return nil }
func (o *quotaOut) Close() error         { return nil }

func (o *quotaOut) Write(metrics []telegraf.Metric) error {
	var lines []string
	for _, m := range metrics {
		v, _ := m.GetTag("limit")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return err
		}
		lines = append(lines, m.Name()+"="+strconv.FormatInt(n, 10))
	}
	req, err := http.NewRequest(http.MethodPut, o.url, strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		return err
	}
	resp, err := o.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func init() {
	outputs.Add("quota", func() telegraf.Output { return &quotaOut{} }) // want `outputs.Add \(telegraf's agent .*\) retries every error, terminal ones included \(its operation can fail with a number parsing error from strconv.ParseInt\): .*; return an \*internal.PartialWriteError whose MetricsReject lists the metrics`
}

// gaugeOut skips a metric whose tag is not a number and writes the rest:
// nothing it returns fails the same way again. Silent.
type gaugeOut struct {
	client *http.Client
	url    string
	skip   int
}

func (o *gaugeOut) SampleConfig() string { return "" }
func (o *gaugeOut) Connect() error       { return nil }
func (o *gaugeOut) Close() error         { return nil }

func (o *gaugeOut) Write(metrics []telegraf.Metric) error {
	var lines []string
	for _, m := range metrics {
		v, _ := m.GetTag("limit")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			o.skip++
			continue
		}
		lines = append(lines, m.Name()+"="+strconv.FormatInt(n, 10))
	}
	req, err := http.NewRequest(http.MethodPut, o.url, strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		return err
	}
	resp, err := o.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func init() {
	outputs.Add("gauge", func() telegraf.Output { return &gaugeOut{} })
}
