package report_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/report"
)

// badcall reports every call of a function named bad, through report,
// with either entry point. Directives may name it, nojitter and unbounded;
// it runs first of them.
func badcall(perPass bool) *analysis.Analyzer {
	return badcallAmong(perPass, []string{"badcall", "nojitter", "unbounded"}, func(string) bool { return true })
}

// badcallAmong is badcall among checks, of which enabled run.
func badcallAmong(perPass bool, checks []string, enabled func(string) bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "badcall",
		Doc:      "report calls of bad",
		Requires: []*analysis.Analyzer{inspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			reportf := func(d analysis.Diagnostic) { report.Report(pass, d) }
			if perPass {
				reportf = report.For(pass).Report
			}
			ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
			for n := range ins.PreorderSeq((*ast.CallExpr)(nil)) {
				call := n.(*ast.CallExpr)
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "bad" {
					reportf(analysis.Diagnostic{Pos: call.Pos(), Message: "call of bad"})
				}
			}
			report.CheckDirectives(pass, checks, enabled)
			return nil, nil
		},
	}
}

func TestIgnore(t *testing.T) {
	for _, perPass := range []bool{false, true} {
		results := analysistest.Run(t, analysistest.TestData(), badcall(perPass), "report/ignore")
		for _, r := range results {
			if len(r.Diagnostics) == 0 {
				t.Errorf("no diagnostics: the test proves nothing")
			}
			for _, d := range r.Diagnostics {
				if want := "https://github.com/retrylint/retrylint/blob/main/docs/checks/badcall.md"; d.URL != want {
					t.Errorf("%q: URL = %q, want %q", d.Message, d.URL, want)
				}
				if d.Category != "badcall" {
					t.Errorf("%q: Category = %q, want badcall", d.Message, d.Category)
				}
			}
		}
	}
}

// A directive that names no check, or a name that is no check, is
// reported by the first check that runs, and by no other.
func TestUnknownCheck(t *testing.T) {
	all := func(string) bool { return true }
	analysistest.Run(t, analysistest.TestData(), badcall(false), "report/unknown")
	analysistest.Run(t, analysistest.TestData(), badcallAmong(true, []string{"aaa", "badcall", "nojitter", "unbounded"}, all), "report/notowner")
	// The check before it is off: badcall runs first.
	off := func(check string) bool { return check != "aaa" }
	analysistest.Run(t, analysistest.TestData(), badcallAmong(false, []string{"aaa", "badcall", "nojitter", "unbounded"}, off), "report/unknown")
}

// A URL or Category the check sets itself is kept.
func TestKeepsURLAndCategory(t *testing.T) {
	a := &analysis.Analyzer{
		Name: "badcall",
		Doc:  "report the package clause",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				report.Report(pass, analysis.Diagnostic{Pos: f.Package, Message: "here", URL: "https://example.com/x", Category: "sub"})
			}
			return nil, nil
		},
	}
	results := analysistest.Run(t, analysistest.TestData(), a, "report/keep")
	for _, r := range results {
		if len(r.Diagnostics) == 0 {
			t.Errorf("no diagnostics: the test proves nothing")
		}
		for _, d := range r.Diagnostics {
			if d.URL != "https://example.com/x" || d.Category != "sub" {
				t.Errorf("URL, Category = %q, %q; want the check's own", d.URL, d.Category)
			}
		}
	}
}

// Nothing is reported in a _test.go file.
func TestSkipsTestFiles(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), badcall(false), "report/tests")
}
