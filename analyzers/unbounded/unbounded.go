package unbounded

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/check"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports retries that never give up, with the builtin rules.
var Analyzer = New(retrysite.Analyzer, rules.Default())

// New returns a unbounded analyzer that reads the sites of site.
func New(site *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return check.New("unbounded", doc, site, r, run)
}

const why = "an error that will not clear keeps it retrying forever, holding its work and loading the failing dependency"

func run(pass *analysis.Pass, result *retrysite.Result) {
	for _, s := range result.Sites {
		if s.Poller {
			continue // not a retry of one operation: only its waits are judged
		}
		if s.Kind == retrysite.Declared {
			continue // its attempts are declared; the orchestrator's caps are not code
		}
		if s.Policy.Bounded() != retrysite.No {
			continue
		}
		var msg string
		var related []analysis.RelatedInformation
		switch s.Kind {
		case retrysite.Loop:
			msg = fmt.Sprintf("retry loop has no attempt cap, no elapsed-time cap and no cancellation: %s; count the attempts, bound the elapsed time, or stop when the context is done", why)
		case retrysite.Helper:
			// A helper's own bounds are reported in the helper; its
			// caller only for what it passes in.
			if s.Helper.ContextParam < 0 && s.Helper.PolicyParam < 0 {
				continue
			}
			if cause := s.Policy.CapCause; cause != nil && s.Helper.ContextParam >= 0 {
				msg = fmt.Sprintf("%s retries until its context is done, and %s never is: %s; pass a context with a deadline", s.Name(), analysisutil.Short(pass, cause.Node), why)
			} else {
				msg = fmt.Sprintf("%s retries with no attempt cap, no elapsed-time cap and no cancellation: %s; cap the attempts or the elapsed time", s.Name(), why)
			}
		case retrysite.Redelivery:
			msg = "redelivery counts the round trips of its message but never compares the count with a limit, and has no other stop: a message that always fails goes round its queue forever, loading the failing dependency; send it to a dead-letter destination once the count reaches a maximum"
			if cause := s.Policy.CapCause; cause != nil {
				related = append(related, analysis.RelatedInformation{Pos: cause.Node.Pos(), End: cause.Node.End(),
					Message: "the count goes back into the message here, and nothing compares it with a limit"})
			}
		case retrysite.Framework:
			// The framework's own policy: the workflow's or caller's
			// context is not a cap that a failing handler reaches.
			remedy := "cap its attempts or the time it may take"
			if cause := s.Policy.CapCause; cause != nil && cause.Remedy != "" {
				remedy = cause.Remedy
			}
			msg = fmt.Sprintf("%s retries its operation with no attempt cap and no elapsed-time cap: %s; %s", s.Name(), why, remedy)
		default:
			msg = fmt.Sprintf("%s retries with no attempt cap, no elapsed-time cap and no cancellation: %s; cap the attempts or the elapsed time, or pass a context that ends", s.Name(), why)
			if cause := s.Policy.CapCause; cause != nil && cause.Node != s.Node && analysisutil.File(pass, cause.Node.Pos()) != nil {
				related = append(related, analysis.RelatedInformation{Pos: cause.Node.Pos(), End: cause.Node.End(),
					Message: fmt.Sprintf("%s removes the last cap", analysisutil.Describe(pass, cause.Node))})
			}
		}
		end := s.HeadEnd()
		report.Report(pass, analysis.Diagnostic{Pos: s.Node.Pos(), End: end, Message: msg, Related: related})
	}
}
