package main

import (
	"strings"
	"testing"
)

// TestRuleCounts checks that a finding is counted under the rule that
// made its innermost site a site and the rules that judged what its
// check reads, with its label, and that a rule deciding in one module
// only is listed.
func TestRuleCounts(t *testing.T) {
	res := &Results{Modules: []ModuleResult{
		{
			Module: "a",
			Sites: []SiteRules{
				{At: "x.go:10:2", End: 30, Site: true, Rules: map[string]string{"site": "loop.outer", "jitter": "jitter.random"}},
				{At: "x.go:12:3", End: 20, Site: true, Rules: map[string]string{"site": "loop.inner", "site 2": "loop.waits", "jitter": "jitter.constant", "attempts": "caps.counted"}},
				{At: "x.go:40:2", End: 44, Site: false, Rules: map[string]string{"site": "not.poller"}},
			},
			Findings: []Finding{
				{Check: "nojitter", At: "x.go:15:4"},  // in the inner loop
				{Check: "unbounded", At: "x.go:25:2"}, // in the outer loop only
				{Check: "executionkey", At: "y.go:3:1"},
			},
		},
		{
			Module:   "b",
			Sites:    []SiteRules{{At: "z.go:5:2", End: 9, Site: true, Rules: map[string]string{"site": "loop.inner", "jitter": "jitter.constant"}}},
			Findings: []Finding{{Check: "nojitter", At: "z.go:7:3"}},
		},
	}}
	ann := &Annotations{Labels: []Label{
		{Module: "a", File: "x.go", Line: 15, Check: "nojitter", Label: "false"},
		{Module: "b", File: "z.go", Line: 7, Check: "nojitter", Label: "true"},
	}}
	counts := ruleCounts(evaluate(res, ann))
	for _, c := range []struct {
		rule                                 string
		sites, findings, true_, false_, mods int
	}{
		{"loop.inner", 2, 2, 1, 1, 2},
		{"jitter.constant", 2, 2, 1, 1, 2},
		{"loop.outer", 1, 1, 0, 0, 1}, // the unbounded finding; its site decided no cap
		{"caps.counted", 1, 0, 0, 0, 1},
		{"loop.waits", 1, 1, 0, 1, 1}, // what made the inner loop a retry
		{"jitter.random", 1, 0, 0, 0, 1},
		{"not.poller", 1, 0, 0, 0, 1},
		{"(no site)", 0, 1, 0, 0, 1},
	} {
		s := counts[c.rule]
		if s == nil {
			t.Errorf("rule %s: not counted", c.rule)
			continue
		}
		if s.Sites != c.sites || s.Findings != c.findings || s.True != c.true_ || s.False != c.false_ || len(s.Modules) != c.mods {
			t.Errorf("rule %s: sites %d findings %d true %d false %d modules %d; want %d %d %d %d %d", c.rule, s.Sites, s.Findings, s.True, s.False, len(s.Modules), c.sites, c.findings, c.true_, c.false_, c.mods)
		}
	}
	if counts["caps.counted"].Findings != 0 {
		t.Errorf("an unbounded finding in the outer loop was counted under the inner loop's cap rule")
	}
	var b strings.Builder
	renderRules(&b, evaluate(res, ann))
	out := b.String()
	if !strings.Contains(out, "- `loop.outer`: a") || strings.Contains(out, "- `loop.inner`:") || strings.Contains(out, "- `(no site)`") {
		t.Errorf("the rules that decide in one module only are not listed right:\n%s", out)
	}
}
