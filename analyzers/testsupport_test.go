package analyzers_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
)

// TestPerPackageTestSupport: the checks as nogo registers them (the
// Analyzer variables, with the builtin rules) report nothing in the
// packages of cmd/retrylint's supportpkgs fixture that exist for tests
// (internal/testutil, mocks, store/storetest), where every check has a
// finding, and report the product's (app). Built from a configuration
// that says test-support: include, as docs/bazel.md builds them, they
// report both.
func TestPerPackageTestSupport(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets a fixture")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "cmd", "supportpkgs"))
	if err != nil {
		t.Fatal(err)
	}
	config, err := filepath.Abs(filepath.Join("..", "testdata", "cmd", "configs", "test-support.yml"))
	if err != nil {
		t.Fatal(err)
	}
	rx := regexp.MustCompile
	var (
		catchall  = rx(`^retry loop retries every error, terminal ones included`)
		unbounded = rx(`^retry loop has no attempt cap, no elapsed-time cap and no cancellation`)
		nojitter  = rx(`^retry loop waits a fixed .* with no jitter`)
	)
	product := map[string][]expectation{
		"catchall":  {{"app/app.go:12", catchall}},
		"unbounded": {{"app/app.go:12", unbounded}},
		"nojitter":  {{"app/app.go:16", nojitter}},
	}
	const util = "internal/testutil/"
	all := map[string][]expectation{
		"catchall": {
			{"app/app.go:12", catchall},
			{util + "ready.go:13", catchall},
			{util + "seed.go:16", catchall},
			{util + "seed.go:34", catchall},
			{util + "seed.go:47", catchall},
			{"mocks/mocks.go:12", catchall},
			{"store/storetest/storetest.go:15", catchall},
		},
		"unbounded": {
			{"app/app.go:12", unbounded},
			{util + "ready.go:13", unbounded},
			{"mocks/mocks.go:12", unbounded},
			{"store/storetest/storetest.go:15", unbounded},
		},
		"nojitter": {
			{"app/app.go:16", nojitter},
			{util + "ready.go:18", nojitter},
			{"mocks/mocks.go:17", nojitter},
			{"store/storetest/storetest.go:19", nojitter},
		},
		"executionkey":  {{util + "seed.go:27", rx(`^conflict key id of named takes gen_random_uuid\(\)`)}},
		"nonidempotent": {{util + "seed.go:34", rx(`^retry loop repeats http\.Post, which sends an HTTP POST`)}},
		"onconflict":    {{util + "seed.go:17", rx(`^INSERT into fixtures appends .*, retried by retry loop`)}},
		"wallclock":     {{util + "seed.go:48", rx(`^time\.Now\(\) here becomes the date`)}},
	}
	for _, tc := range []struct {
		name   string
		config string
		want   map[string][]expectation
	}{
		{"builtin", "", product},
		{"include", config, all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := []string{vettoolEnv + "=nogo", vetRunEnv + "=supportpkgs-" + tc.name, gorootEnv + "=" + gorootSrc(t),
				factLogEnv + "=" + filepath.Join(t.TempDir(), "facts")}
			if tc.config != "" {
				env = append(env, configEnv+"="+tc.config)
			}
			out, err := goVet(exe, dir, []string{"./..."}, env...)
			if err != nil {
				t.Fatal(err)
			}
			got := vetFindings(t, out, dir)
			for _, check := range analyzers.Names() {
				checkFindings(t, check, got[check], tc.want[check], []string{"./..."})
			}
		})
	}
}
