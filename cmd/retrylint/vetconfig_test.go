package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Under go vet, a -config that cannot be loaded is reported once, first,
// and vet stops before it runs the tool on any package (which it does
// once per package and dependency: 63 times for one package of the
// fixture's). A missing file says so plainly; a relative path, which the
// tool would read from each package's directory, is refused.
func TestVetConfigError(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(fixture(t, "badconfig/unknownkey"), ".retrylint.yml")
	missing := filepath.Join(t.TempDir(), "missing.yml")
	for _, c := range []struct{ name, flag, want string }{
		{"invalid", "-config=" + bad, "retrylint: rules: " + bad + `:3: unknown field "check" (did you mean "checks"?)`},
		{"invalid, flag apart", "-config " + bad, "retrylint: rules: " + bad + `:3: unknown field "check" (did you mean "checks"?)`},
		{"missing", "-config=" + missing, "retrylint: rules: " + missing + ": no such file"},
		{"relative", "-config=.retrylint.yml", "retrylint: -config .retrylint.yml: under go vet, give an absolute path: vet runs the tool in each package's directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := goVet(t, fixture(t, "findings"), append(strings.Fields(c.flag), "./...")...)
			if r.code == 0 {
				t.Errorf("exit status 0 with a broken configuration")
			}
			lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
			if lines[0] != c.want {
				t.Errorf("first line of stderr:\n%s\nwant:\n%s\nstderr:\n%s", lines[0], c.want, r.stderr)
			}
			// After it, only the go command's own words (that the
			// version query failed), and no package.
			for _, l := range lines[1:] {
				if !strings.HasPrefix(l, "go: ") {
					t.Errorf("unexpected line %q in stderr:\n%s", l, r.stderr)
				}
			}
		})
	}
}

// Under go vet, the version depends on the content of the -config file,
// so that vet's cache does not serve results computed under an earlier
// content of the same file: a check disabled since reports no more.
func TestVetConfigEdited(t *testing.T) {
	t.Parallel()
	config := filepath.Join(t.TempDir(), "config.yml")
	dir := fixture(t, "findings")
	for _, c := range []struct {
		content string
		want    []diag
	}{
		{"disable:\n  checks: [catchall, unbounded]\n", []diag{{"loop/loop.go:14:14", nojitterFixed}}},
		{"disable:\n  checks: [catchall, nojitter]\n", []diag{{"loop/loop.go:10:2", unboundedLoop}}},
	} {
		if err := os.WriteFile(config, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		r := goVet(t, dir, "-config="+config, "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr, c.want...)
	}
}
