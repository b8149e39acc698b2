package rules

import (
	"fmt"
	"strings"
)

// A row is an entry the rules keep in a map by its key: two rows with one
// key would let the later win without a word.
type row struct {
	list, key string
	file      string
	line      int
}

// rows lists the keyed rows of p, in the order of the file.
func (p *Pack) rows() []row {
	var rows []row
	add := func(list, key string, line int) {
		rows = append(rows, row{list, key, p.file, line})
	}
	for _, r := range p.Retries {
		add("retries", Normalize(r.Call), r.Line)
	}
	for _, r := range p.Clients {
		add("clients", Normalize(r.Call), r.Line)
	}
	for i := range p.Values {
		v := &p.Values[i]
		add("values", valueKind(v)+Normalize(v.Key()), v.Line)
	}
	for _, w := range p.Waits {
		add("waits", Normalize(w.Call), w.Line)
	}
	for _, c := range p.Contexts {
		add("contexts", Normalize(c.Call), c.Line)
	}
	for _, u := range p.TimeUnits {
		add("time-units", Normalize(u.Call), u.Line)
	}
	for _, k := range p.TimeKeeps {
		add("time-keeps", Normalize(k.Call), k.Line)
	}
	for _, s := range p.Sinks {
		add("sql-sinks", Normalize(s.Call), s.Line)
	}
	for _, s := range p.Inserts {
		add("orm-inserts", Normalize(s.Call), s.Line)
	}
	for i := range p.Builders {
		b := &p.Builders[i]
		for _, calls := range b.roles() {
			for _, c := range calls {
				add("insert-builders", Normalize(c), b.Line)
			}
		}
	}
	for _, c := range p.TransactionCallbacks {
		add("transaction-callbacks", Normalize(c.Call), c.Line)
	}
	for _, d := range p.SQLDrivers {
		add("sql-drivers", d.Package, d.Line)
	}
	for _, t := range p.TerminalSources {
		add("terminal-sources", Normalize(t.Call), t.Line)
	}
	for _, e := range p.Effects {
		add("effects", Normalize(e.Call), e.Line)
	}
	for _, q := range p.Requests {
		add("http-requests", Normalize(q.Call), q.Line)
	}
	for _, e := range p.IdempotentEndpoints {
		add("idempotent-endpoints", e.Path, e.Line)
	}
	for _, e := range p.Enqueues {
		add("enqueues", Normalize(e.Call), e.Line)
	}
	for i := range p.AttemptOptions {
		add("attempts", p.AttemptOptions[i].Key(), p.AttemptOptions[i].Line)
	}
	for i := range p.RetryOptions {
		add("retry-options", p.RetryOptions[i].Key(), p.RetryOptions[i].Line)
	}
	return rows
}

// unique rejects a second row of one list with the key of an earlier
// one, in packs read in order: those of one file, or the builtin ones.
// A user's pack replacing a builtin row is no duplicate: the two are
// checked apart.
func unique(packs []*Pack) error {
	first := map[string]row{}
	for _, p := range packs {
		for _, r := range p.rows() {
			id := r.list + " " + r.key
			prev, ok := first[id]
			if !ok {
				first[id] = r
				continue
			}
			at := fmt.Sprintf("line %d", prev.line)
			if prev.file != r.file {
				at = fmt.Sprintf("%s:%d", prev.file, prev.line)
			}
			what := r.key
			if kind, name, ok := strings.Cut(r.key, ":"); ok && r.list == "values" {
				what = kind + " " + name // valueKind's prefix
			}
			return &Error{r.file, r.line, fmt.Sprintf("%s: duplicate row for %s (first at %s)", r.list, what, at)}
		}
	}
	return nil
}
