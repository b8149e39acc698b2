package onconflictretried

import (
	"database/sql"
	"fmt"
	"strings"

	"github.com/influxdata/telegraf"
	"github.com/influxdata/telegraf/plugins/outputs"
)

// readingsOut writes each metric as a row of the table named after it;
// the agent writes a batch again when Write fails.
type readingsOut struct {
	db       *sql.DB
	batched  bool
	inserts  map[string]string
	keyedSQL map[string]string
}

func (o *readingsOut) SampleConfig() string { return "" }
func (o *readingsOut) Connect() error       { return nil }
func (o *readingsOut) Close() error         { return o.db.Close() }

func (o *readingsOut) insertFor(table string, cols []string) string {
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", table, strings.Join(cols, ","), strings.Repeat("?,", len(cols)))
}

func (o *readingsOut) exec(query string, args []any) error {
	_, err := o.db.Exec(query, args...)
	return err
}

func (o *readingsOut) execAll(query string, rows [][]any) error {
	tx, err := o.db.Begin()
	if err != nil {
		return err
	}
	stmt, err := tx.Prepare(query)
	if err != nil {
		return err
	}
	for _, args := range rows {
		if _, err := stmt.Exec(args...); err != nil {
			return tx.Rollback()
		}
	}
	return tx.Commit()
}

// Write sends each metric on its own, or the batch grouped by text: a
// map from the INSERT to its rows, ranged over at the end.
func (o *readingsOut) Write(metrics []telegraf.Metric) error {
	byText := make(map[string][][]any)
	for _, m := range metrics {
		cols := []string{"ts", "value"}
		query, ok := o.inserts[m.Name()]
		if !ok {
			query = o.insertFor(m.Name(), cols)
			o.inserts[m.Name()] = query
		}
		args := []any{m.Time(), m.Fields()["value"]}
		if o.batched {
			byText[query] = append(byText[query], args)
			continue
		}
		if err := o.exec(query, args); err != nil { // want `INSERT into a table named at run time appends \(no ON CONFLICT\), retried by outputs.Add \(telegraf's agent writes a failed batch again`
			return err
		}
	}
	for query, rows := range byText {
		if err := o.execAll(query, rows); err != nil { // want `INSERT into a table named at run time appends \(no ON CONFLICT\), retried by outputs.Add`
			return err
		}
	}
	return nil
}

func init() {
	outputs.Add("readings", func() telegraf.Output { return &readingsOut{} })
}

// tallyOut keeps one row per metric name and time: its merge replaces
// the row a repeated batch writes again. Silent, by a named creator.
type tallyOut struct {
	db *sql.DB
}

func newTally() telegraf.Output { return &tallyOut{} }

func (o *tallyOut) SampleConfig() string { return "" }
func (o *tallyOut) Connect() error       { return nil }
func (o *tallyOut) Close() error         { return nil }

func (o *tallyOut) Write(metrics []telegraf.Metric) error {
	byText := map[string][][]any{}
	for _, m := range metrics {
		q := "INSERT INTO tallies (name, ts, n) VALUES ($1, $2, $3) ON CONFLICT (name, ts) DO UPDATE SET n = excluded.n"
		byText[q] = append(byText[q], []any{m.Name(), m.Time(), 1})
	}
	for q, rows := range byText {
		for _, args := range rows {
			if _, err := o.db.Exec(q, args...); err != nil {
				return err
			}
		}
	}
	return nil
}

func init() {
	outputs.Add("tally", newTally)
}

// journalOut appends, but its batch map gets its keys from a function
// this package does not read: the texts are not known, silent.
type journalOut struct {
	db    *sql.DB
	group func([]telegraf.Metric, map[string][][]any)
}

func (o *journalOut) SampleConfig() string { return "" }
func (o *journalOut) Connect() error       { return nil }
func (o *journalOut) Close() error         { return nil }

func (o *journalOut) Write(metrics []telegraf.Metric) error {
	byText := make(map[string][][]any)
	byText["INSERT INTO journal (line) VALUES ($1)"] = nil
	o.group(metrics, byText)
	for q, rows := range byText {
		for _, args := range rows {
			if _, err := o.db.Exec(q, args...); err != nil {
				return err
			}
		}
	}
	return nil
}

func init() {
	outputs.Add("journal", func() telegraf.Output { return &journalOut{} })
}
