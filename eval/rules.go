package main

import (
	"fmt"
	"slices"
	"strings"
)

// judged maps a check to the properties of a site it reads: the rules
// that decided those, with the rule that made the site, decided its
// findings.
var judged = map[string][]string{
	"nojitter":  {"jitter"},
	"unbounded": {"attempts", "elapsed", "cancel"},
	"catchall":  {"classified"},
}

// ruleStats are one rule's numbers: the sites and silent loops it
// decided, the findings it decided with their labels, and the modules
// it decided anything in.
type ruleStats struct {
	Sites, Findings, True, False, NotActionable int
	Modules                                     map[string]bool
}

// ruleCounts counts, per rule, the entries of `retrylint explain` whose
// property it decided, and the findings that lie in a site it decided.
// A finding lies in the innermost site of its file whose lines hold it;
// one in no site counts under "(no site)".
func ruleCounts(ev *evaluation) map[string]*ruleStats {
	out := map[string]*ruleStats{}
	stat := func(rule string) *ruleStats {
		s := out[rule]
		if s == nil {
			s = &ruleStats{Modules: map[string]bool{}}
			out[rule] = s
		}
		return s
	}
	for _, m := range ev.res.Modules {
		for _, s := range m.Sites {
			for _, rule := range s.Rules {
				st := stat(rule)
				st.Sites++
				st.Modules[m.Module] = true
			}
		}
		for _, f := range m.Findings {
			rules := []string{"(no site)"}
			if s := siteOf(m.Sites, f); s != nil {
				rules = nil
				for what, r := range s.Rules {
					if what == "site" || strings.HasPrefix(what, "site ") {
						rules = append(rules, r)
					}
				}
				for _, what := range judged[f.Check] {
					if r := s.Rules[what]; r != "" {
						rules = append(rules, r)
					}
				}
			}
			l, labelled := ev.labelled[f.key(m.Module)]
			for _, rule := range compactRules(rules) {
				st := stat(rule)
				st.Findings++
				st.Modules[m.Module] = true
				switch {
				case !labelled:
				case l.Label == "true":
					st.True++
				case l.Label == "false":
					st.False++
				case l.Label == "not-actionable":
					st.NotActionable++
				}
			}
		}
	}
	return out
}

func compactRules(rules []string) []string {
	rules = slices.DeleteFunc(rules, func(r string) bool { return r == "" })
	slices.Sort(rules)
	return slices.Compact(rules)
}

// siteOf returns the innermost site whose lines hold the finding, or nil.
func siteOf(sites []SiteRules, f Finding) *SiteRules {
	file, line, _ := f.Pos()
	var best *SiteRules
	bestStart := 0
	for i := range sites {
		s := &sites[i]
		sfile, start, _ := Finding{At: s.At}.Pos()
		if !s.Site || sfile != file || line < start || line > s.End {
			continue
		}
		if best == nil || s.End-start < best.End-bestStart {
			best, bestStart = s, start
		}
	}
	return best
}

// renderRules writes the findings per rule of the model, and the rules
// that decide in one module only: a rule written for one place.
func renderRules(b *strings.Builder, ev *evaluation) {
	counts := ruleCounts(ev)
	if len(counts) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Rules\n\n")
	p("Each finding is counted under the rule that made its site a site and the rules that judged the property its check reads (jitter, the caps, classification), from `retrylint explain`; sites counts the sites and silent loops whose trace names the rule.\n\n")
	p("| rule | sites | modules | findings | true | false | not actionable |\n|---|--:|--:|--:|--:|--:|--:|\n")
	names := make([]string, 0, len(counts))
	for r := range counts {
		names = append(names, r)
	}
	slices.Sort(names)
	var single []string
	for _, r := range names {
		s := counts[r]
		p("| `%s` | %d | %d | %d | %d | %d | %d |\n", r, s.Sites, len(s.Modules), s.Findings, s.True, s.False, s.NotActionable)
		if len(s.Modules) == 1 && r != "(no site)" {
			for m := range s.Modules {
				single = append(single, fmt.Sprintf("- `%s`: %s", r, m))
			}
		}
	}
	p("\n")
	if len(single) > 0 {
		p("Rules that decide in one module only (a rule written for one place, or a shape no other module has):\n\n%s\n\n", strings.Join(single, "\n"))
	}
}
