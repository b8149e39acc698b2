package effects

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Related lists a chain as the related information of a finding at pos:
// a line per call, "name at file.go:12:9", and, where a long chain was
// cut, a line that says how many calls it leaves out before its last.
func Related(pos token.Pos, chain []Hop) []analysis.RelatedInformation {
	var related []analysis.RelatedInformation
	for _, h := range chain {
		if h.Skipped > 0 {
			related = append(related, analysis.RelatedInformation{Pos: pos, Message: skipped(h.Skipped)})
		}
		related = append(related, analysis.RelatedInformation{Pos: pos, Message: fmt.Sprintf("%s at %s", h.Name, h.Posn)})
	}
	return related
}

// skipped says that n calls were left out.
func skipped(n int) string {
	if n == 1 {
		return "... 1 more call"
	}
	return fmt.Sprintf("... %d more calls", n)
}

// chainNames writes a chain's calls for a fact's String: a → b → c.
func chainNames(chain []Hop) string {
	var names []string
	for _, h := range chain {
		if h.Skipped > 0 {
			names = append(names, skipped(h.Skipped))
		}
		names = append(names, h.Name)
	}
	return strings.Join(names, " → ")
}
