package report_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/rules"
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
	analysistest.Run(t, analysistest.TestData(), badcall(false), "report/testfiles")
}

// testSupportFixture are packages that serve tests (testutil, mocks,
// under e2e, storetest) beside production code (store, latest), each with
// one call of bad.
var testSupportFixture = []string{
	"report/app/internal/testutil",
	"report/app/mocks",
	"report/app/e2e/harness",
	"report/app/store/storetest",
	"report/app/store",
	"report/app/latest",
}

// By default nothing is reported in a test-support package: its calls of
// bad carry no want, the production packages' do.
func TestSkipsTestSupport(t *testing.T) {
	for _, perPass := range []bool{false, true} {
		analysistest.Run(t, analysistest.TestData(), badcall(perPass), testSupportFixture...)
	}
}

// recorder takes the errors analysistest reports for diagnostics that no
// want comment expects.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// With test-support: include, a check whose Run report.Configure wraps
// reports there too: every package's call of bad.
func TestIncludesTestSupport(t *testing.T) {
	c, err := rules.ParseConfig(".retrylint.yml", []byte("test-support: include\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, perPass := range []bool{false, true} {
		a := badcall(perPass)
		a.Run = report.Configure(rules.New(c), a.Run)
		rec := new(recorder)
		results := analysistest.Run(rec, analysistest.TestData(), a, testSupportFixture...)
		got := map[string]int{}
		for _, r := range results {
			for _, d := range r.Diagnostics {
				if d.Message == "call of bad" {
					got[r.Pass.Pkg.Path()]++
				}
			}
		}
		for _, pkg := range testSupportFixture {
			if got[pkg] != 1 {
				t.Errorf("perPass %v: %s: %d calls of bad reported, want 1", perPass, pkg, got[pkg])
			}
		}
		// The four test-support packages' calls are the ones no want
		// comment expects.
		if len(rec.errors) != 4 {
			t.Errorf("perPass %v: unexpected diagnostics: %q, want those of the 4 test-support packages", perPass, rec.errors)
		}
	}
}

// Ignored, which a pass that records what a later join reports asks,
// answers as Report drops: a test-support package's positions are
// ignored, unless report.Configure applied test-support: include.
func TestIgnoredTestSupport(t *testing.T) {
	c, err := rules.ParseConfig(".retrylint.yml", []byte("test-support: include\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, include := range []bool{false, true} {
		ignored := map[string]bool{}
		var mu sync.Mutex
		a := &analysis.Analyzer{
			Name: "recorder",
			Doc:  "record whether the package clause is ignored",
			Run: func(pass *analysis.Pass) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				ignored[pass.Pkg.Path()] = report.For(pass).Ignored("badcall", pass.Files[0].Package)
				return nil, nil
			},
		}
		if include {
			a.Run = report.Configure(rules.New(c), a.Run)
		}
		// It reports nothing: the want comments of the fixture are not its.
		analysistest.Run(new(recorder), analysistest.TestData(), a, testSupportFixture...)
		for _, pkg := range testSupportFixture {
			want := !include && !strings.HasSuffix(pkg, "/store") && !strings.HasSuffix(pkg, "/latest")
			if ignored[pkg] != want {
				t.Errorf("include %v: %s: Ignored = %v, want %v", include, pkg, ignored[pkg], want)
			}
		}
	}
}

// docs/rules.md lists the path elements of test-support packages as the
// code has them.
func TestTestSupportDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	list := "`" + strings.Join(report.TestSupportElements, "`, `") + "`"
	if !strings.Contains(string(data), list) {
		t.Errorf("docs/rules.md does not list the test-support elements as %s", list)
	}
}

func TestTestSupport(t *testing.T) {
	pkg := func(path, name string, imports ...*types.Package) *types.Package {
		p := types.NewPackage(path, name)
		p.SetImports(imports)
		return p
	}
	http := pkg("net/http", "http")
	fs := pkg("io/fs", "fs")
	store := pkg("example.com/app/store", "store")
	for _, tc := range []struct {
		pkg  *types.Package
		want bool
	}{
		{pkg("example.com/app/internal/testutil", "testutil"), true},
		{pkg("example.com/app/internal/test", "test"), true},
		{pkg("example.com/app/test/e2e/cluster", "cluster"), true},
		{pkg("example.com/app/e2e", "e2e"), true},
		{pkg("example.com/app/mocks", "mocks"), true},
		{pkg("example.com/app/store/mock", "mock"), true},
		{pkg("k8s.io/client-go/kubernetes/fake", "fake"), true},
		{pkg("k8s.io/utils/clock/testing", "testing"), true},
		{pkg("github.com/stretchr/testify/mock", "mock"), true},
		{pkg("net/http/httptest", "httptest", http), true},
		{pkg("testing/fstest", "fstest", fs), true},
		{pkg("example.com/app/store/storetest", "storetest"), true},
		{pkg("example.com/app/fixtures/storetesting", "storetesting", store), true},
		// The standard library's testing, a scratch module's own name,
		// words that end in test, production names near the list.
		{pkg("testing", "testing"), false},
		{pkg("test/app", "app"), false},
		{pkg("mocks", "mocks"), false},
		{pkg("example.com/app/latest", "latest"), false},
		{pkg("example.com/sigstore/cli/attest", "attest", http), false},
		{pkg("example.com/app/contest", "contest", store), false},
		{pkg("example.com/app/pkg/integration/slack", "slack"), false},
		{pkg("example.com/app/testcontainers", "testcontainers"), false},
		{pkg("example.com/app/store", "store"), false},
		{pkg("example.com/app/tester", "tester"), false},
		{pkg("example.com/app/test", "test"), true},
	} {
		if got := report.TestSupport(tc.pkg); got != tc.want {
			t.Errorf("TestSupport(%s, package %s) = %v, want %v", tc.pkg.Path(), tc.pkg.Name(), got, tc.want)
		}
	}
}
