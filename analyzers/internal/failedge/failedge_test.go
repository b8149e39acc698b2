package failedge_test

import (
	"fmt"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
	"github.com/retrylint/retrylint/rules"
)

// decisions reports each loop's and recursive call's decision at its
// start, for the fixtures' want comments.
var decisions = &analysis.Analyzer{
	Name:     "failedge",
	Doc:      "report the failure-edge definition's decision on each loop",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := rules.Default()
		opt := failedge.Options{IsWait: func(fn *types.Func) bool { return r.Wait(fn) != nil }, IsRandom: r.IsRandom}
		for _, fn := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
			if fn.Parent() != nil {
				continue // Analyze visits closures with their function
			}
			for _, d := range failedge.Analyze(fn, opt) {
				msg := fmt.Sprintf("%s (%s)", d.Kind, d.Rule)
				if d.Kind != failedge.NotRetry {
					msg += ": " + d.Says
				}
				pass.Reportf(d.Pos, "%s", msg)
			}
		}
		return nil, nil
	},
}

func TestShapes(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), decisions, "retries", "notretries")
}
