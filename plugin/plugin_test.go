package plugin_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	_ "github.com/retrylint/retrylint/plugin"
)

func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin("retrylint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

func TestChecks(t *testing.T) {
	as, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	want := []string{"catchall", "executionkey", "nojitter", "nonidempotent", "onconflict", "unbounded", "wallclock"}
	if !slices.Equal(names, want) {
		t.Errorf("analyzers %v, want %v", names, want)
	}
}

// A check disabled in the settings reports nothing: analysistest fails on
// the finding the loop would otherwise give.
func TestDisable(t *testing.T) {
	as, err := build(t, map[string]any{"disable": []any{"nojitter"}})
	if err != nil {
		t.Fatal(err)
	}
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	for _, a := range as {
		if a.Name == "nojitter" {
			analysistest.Run(t, testdata, a, "pluginnojitter")
		}
	}
}

// A directive that names no check is reported once, by the first check
// the settings leave on.
// ignoreErrors takes the errors analysistest reports, for a run whose
// diagnostics the test counts itself.
type ignoreErrors struct{}

func (ignoreErrors) Errorf(string, ...any) {}

// The configuration the settings name decides whether a test-support
// package is reported: by default analysistest fails on any finding in
// pluginsupport/mocks, which has no want comment; with test-support:
// include its loop is reported.
func TestTestSupport(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	include := filepath.Join(testdata, "cmd", "configs", "test-support.yml")
	for _, tc := range []struct {
		settings any
		want     int
	}{
		{nil, 0},
		{map[string]any{"config": include}, 1},
	} {
		as, err := build(t, tc.settings)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range as {
			if a.Name != "nojitter" {
				continue
			}
			if tc.want == 0 {
				analysistest.Run(t, testdata, a, "pluginsupport/mocks")
				continue
			}
			got := 0
			for _, r := range analysistest.Run(ignoreErrors{}, testdata, a, "pluginsupport/mocks") {
				got += len(r.Diagnostics)
			}
			if got != tc.want {
				t.Errorf("settings %v: %d findings in pluginsupport/mocks, want %d", tc.settings, got, tc.want)
			}
		}
	}
}

func TestUnknownDirective(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	for _, c := range []struct {
		settings any
		first    string
	}{
		{nil, "catchall"},
		{map[string]any{"disable": []any{"catchall"}}, "executionkey"},
	} {
		as, err := build(t, c.settings)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range as {
			if a.Name == c.first {
				analysistest.Run(t, testdata, a, "plugindirective")
			}
		}
	}
}

func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		settings any
		want     string
	}{
		{map[string]any{"disabled": []any{"nojitter"}}, `retrylint: decoding settings: json: unknown field "disabled"`},
		{map[string]any{"disable": []any{"nojiter"}}, `retrylint: settings: disable: unknown check "nojiter"`},
		{map[string]any{"config": "testdata/missing.yml"}, `retrylint: settings: config: rules: testdata/missing.yml: no such file`},
	} {
		_, err := build(t, tc.settings)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("settings %v: error %v, want prefix %q", tc.settings, err, tc.want)
		}
	}
}
