package main

import (
	"fmt"
	"io"
	"strings"
)

// writeTodo prints the finding lines that have no label, by module, as
// entries of a labels file with label and why left empty for a human; the
// messages, and the why of a near-miss the line lies on, are comments. Then, as comments, the hazards whose module is
// not in the results. Blind leaves the near-misses and hazards out: a
// first-contact round's findings are labelled without its independent
// reading.
func writeTodo(w io.Writer, res *Results, ann *Annotations, blind bool) {
	labelled := map[lineKey]bool{}
	for _, l := range ann.Labels {
		labelled[lineKey{l.Module, l.File, l.Line, l.Check}] = true
	}
	near := nearMissesByModule(ann.NearMisses)
	total := 0
	for _, m := range res.Modules {
		// Findings are sorted by position: the findings of one line and
		// check are one entry, whatever their columns.
		var keys []lineKey
		messages := map[lineKey][]string{}
		for _, f := range m.Findings {
			k := f.key(m.Module)
			if labelled[k] {
				continue
			}
			if messages[k] == nil {
				keys = append(keys, k)
			}
			messages[k] = append(messages[k], f.Message)
		}
		if len(keys) == 0 {
			continue
		}
		total += len(keys)
		fmt.Fprintf(w, "\n# %s@%s: %d without a label\n", m.Module, m.Version, len(keys))
		for _, k := range keys {
			for _, msg := range messages[k] {
				fmt.Fprintf(w, "# %s\n", oneLine(msg))
			}
			if n, ok := nearMissAt(near[m.Module], k); ok && !blind {
				fmt.Fprintf(w, "# on a near-miss (%s): %s\n", n.Source, oneLine(n.Why))
			}
			fmt.Fprintf(w, "- module: %s\n  at: %s:%d\n  check: %s\n  label:  # true, false or not-actionable\n  why: \"\"\n",
				k.Module, k.File, k.Line, k.Check)
		}
	}
	if total == 0 {
		fmt.Fprintf(w, "# every finding has a label\n")
	}
	if blind {
		return
	}
	var notRun []Hazard
	for _, h := range ann.Hazards {
		if !inResults(res, h.Module) {
			notRun = append(notRun, h)
		}
	}
	sortHazards(notRun)
	if len(notRun) > 0 {
		fmt.Fprintf(w, "\n# %d hazards name a module that is not in the results (add it to eval/modules.yaml, or run it):\n", len(notRun))
		for _, h := range notRun {
			fmt.Fprintf(w, "#   %s %s %s (%s)\n", h.Module, h.At(), h.Check, h.Source)
		}
	}
}

func inResults(res *Results, module string) bool {
	for _, m := range res.Modules {
		if m.Module == module {
			return true
		}
	}
	return false
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return s
}
