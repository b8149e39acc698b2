package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/retrylint/retrylint/analyzers/inventory"
)

// supportFindings are the findings of the supportpkgs fixture, its files
// named from prefix: the product's (app), and, with test, those of its
// test-support packages (internal/testutil, mocks, store/storetest),
// where every check has one.
func supportFindings(prefix string, test bool) []diag {
	want := []diag{
		{prefix + "app/app.go:12:2", catchallLoop},
		{prefix + "app/app.go:12:2", unboundedLoop},
		{prefix + "app/app.go:16:14", nojitterFixed},
	}
	if !test {
		return want
	}
	const (
		util    = "internal/testutil/"
		reached = `^\tretried by retry loop( here)?$`
	)
	return append(want,
		diag{prefix + util + "ready.go:13:2", catchallLoop},
		diag{prefix + util + "ready.go:13:2", unboundedLoop},
		diag{prefix + util + "ready.go:18:14", nojitterFixed},
		diag{prefix + util + "seed.go:16:2", catchallLoop},
		diag{prefix + util + "seed.go:16:2", reached},
		diag{prefix + util + "seed.go:17:36", `^INSERT into fixtures appends \(no ON CONFLICT; .*\), retried by retry loop: `},
		diag{prefix + util + "seed.go:27:70", `^conflict key id of named takes gen_random_uuid\(\), a new value on every execution`},
		diag{prefix + util + "seed.go:34:2", catchallLoop},
		diag{prefix + util + "seed.go:34:2", `^retry loop repeats http\.Post, which sends an HTTP POST: `},
		diag{prefix + util + "seed.go:34:2", `^\thttp\.Post at seed\.go:36:18$`},
		diag{prefix + util + "seed.go:47:2", catchallLoop},
		diag{prefix + util + "seed.go:47:2", reached},
		diag{prefix + util + "seed.go:48:33", `^time\.Now\(\) here becomes the date time\.Now\(\)\.Format\("2006-01-02"\) in the operation that the retry loop runs again: `},
		diag{prefix + "mocks/mocks.go:12:2", catchallLoop},
		diag{prefix + "mocks/mocks.go:12:2", unboundedLoop},
		diag{prefix + "mocks/mocks.go:17:14", nojitterFixed},
		diag{prefix + "store/storetest/storetest.go:15:2", catchallLoop},
		diag{prefix + "store/storetest/storetest.go:15:2", unboundedLoop},
		diag{prefix + "store/storetest/storetest.go:19:14", nojitterFixed},
	)
}

// A package that exists for tests is treated as a _test.go file: by
// default no check reports in it, in any driver, and the product's
// findings are reported as before; test-support: include reports it as
// any other package.
func TestTestSupport(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "supportpkgs")
	// go vet caches a result by the tool's -V=full answer and its flags,
	// not by the content of the file a flag names: a path of its own.
	data, err := os.ReadFile(filepath.Join(fixture(t, "configs"), "test-support.yml"))
	if err != nil {
		t.Fatal(err)
	}
	include := filepath.Join(t.TempDir(), "test-support.yml")
	if err := os.WriteFile(include, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// A value that is neither word stops the command before any package
	// is loaded, naming the file, the line and the key.
	t.Run("bad value", func(t *testing.T) {
		t.Parallel()
		bad := filepath.Join(t.TempDir(), "bad.yml")
		if err := os.WriteFile(bad, []byte("# Report the helpers too.\ntest-support: yes\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r := retrylint(t, dir, "-config", bad, "./...")
		checkCode(t, r, 2)
		if want := "retrylint: rules: " + bad + `:2: test-support: "yes" is not exclude or include` + "\n"; r.stderr != want || r.stdout != "" {
			t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, want)
		}
	})
	t.Run("default", func(t *testing.T) {
		t.Parallel()
		r := retrylint(t, dir, "./...")
		checkCode(t, r, 3)
		checkText(t, r.stderr, supportFindings(dir+"/", false)...)
	})
	t.Run("single", func(t *testing.T) {
		t.Parallel()
		r := runEnv(t, dir, []string{"RETRYLINT_DRIVER=single"}, binary, "./...")
		checkCode(t, r, 3)
		checkText(t, r.stderr, supportFindings(dir+"/", false)...)
	})
	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, dir, "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr, supportFindings("", false)...)
	})
	t.Run("include", func(t *testing.T) {
		t.Parallel()
		r := retrylint(t, dir, "-config", include, "./...")
		checkCode(t, r, 3)
		checkText(t, r.stderr, supportFindings(dir+"/", true)...)
	})
	// The inventory lists the product's retries; a test-support
	// package's, with test-support: include.
	for _, c := range []struct {
		name  string
		args  []string
		sites []string
	}{
		{"inventory", []string{"inventory", "-format", "json", "./..."}, []string{"app/app.go:12"}},
		{"inventory include", []string{"inventory", "-format", "json", "-config", include, "./..."}, []string{
			"app/app.go:12",
			"internal/testutil/ready.go:13",
			"internal/testutil/seed.go:16",
			"internal/testutil/seed.go:34",
			"internal/testutil/seed.go:47",
			"mocks/mocks.go:12",
			"store/storetest/storetest.go:15",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := retrylint(t, dir, c.args...)
			checkCode(t, r, 0)
			var doc inventory.Document
			if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
				t.Fatalf("%v:\n%s", err, r.stdout)
			}
			var sites []string
			for _, row := range doc.Sites {
				sites = append(sites, fmt.Sprintf("%s:%d", row.File, row.Line))
			}
			if !slices.Equal(sites, c.sites) {
				t.Errorf("sites %q, want %q", sites, c.sites)
			}
		})
	}
	t.Run("vet include", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, dir, "-config="+include, "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr, supportFindings("", true)...)
	})
}
