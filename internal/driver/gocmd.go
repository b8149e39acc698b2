package driver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/mod/modfile"
)

// GoEnv returns the environment to run the go command in: environ with
// GOTOOLCHAIN=local added, unless environ sets GOTOOLCHAIN itself.
//
// The go command's default, GOTOOLCHAIN=auto (from the Go distribution's
// go.env, or written by go env -w), downloads and runs a newer toolchain
// when a go.mod asks for one. A linter run should not fetch and run a
// compiler, so only a GOTOOLCHAIN given in the environment of the run,
// where the user chose it for this command, is left to the go command;
// the go.env and go env -w settings are not read. A module that needs a
// newer Go then fails with the go command's "requires go >=" error, which
// explain turns into one line that says what to do.
func GoEnv(environ []string) []string {
	for _, kv := range environ {
		if name, value, _ := strings.Cut(kv, "="); name == "GOTOOLCHAIN" && value != "" {
			return environ
		}
	}
	return append(environ[:len(environ):len(environ)], "GOTOOLCHAIN=local")
}

// tooNew matches the go command's error for a go.mod, a go.work or a
// dependency ("module example.com/dep@v1.2.0") that needs a newer Go than
// the toolchain it may run: "go: go.mod requires go >= 1.99 (running go
// 1.26.8; GOTOOLCHAIN=local)".
var tooNew = regexp.MustCompile(`(?m)^go: (.+?) requires go >= (\S+) \(running go (\S+); GOTOOLCHAIN=\S+\)$`)

// noGoMod is the go command's error for a command run outside any
// module.
const noGoMod = "go.mod file not found in current directory or any parent directory"

// explain turns the go command's stderr, when it failed and described
// no package, into one error a user can act on.
func explain(dir, stderr string) error {
	if m := tooNew.FindStringSubmatch(stderr); m != nil {
		what, need, have := m[1], m[2], m[3]
		who := what
		switch filepath.Base(what) {
		case "go.mod":
			who = modulePath(filepath.Join(absDir(dir), what)) + " needs go " + need + " (go.mod)"
		case "go.work":
			who = "the workspace needs go " + need + " (go.work)"
		default:
			who = what + " needs go " + need
		}
		return fmt.Errorf("%s, and this go is go%s; install go %s or later, or set GOTOOLCHAIN=auto to let the go command fetch it", who, have, need)
	}
	if strings.Contains(stderr, noGoMod) {
		return errors.New(noModule(dir))
	}
	return errors.New(stderr)
}

// modulePath reads the module path from a go.mod file; it returns the
// file's name if it cannot.
func modulePath(gomod string) string {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return gomod
	}
	if path := modfile.ModulePath(data); path != "" {
		return path
	}
	return gomod
}

func absDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// noModule is the message for a run outside any module.
func noModule(dir string) string {
	return "no go.mod in " + absDir(dir) + " or any folder above it: run retrylint inside a Go module"
}

// outsideModule reports whether the go command, run in dir, finds no
// main module and no workspace.
func outsideModule(dir string) bool {
	cmd := exec.Command("go", "env", "GOMOD", "GOWORK")
	cmd.Dir = dir
	cmd.Env = GoEnv(os.Environ())
	out, err := cmd.Output()
	if err != nil {
		return false
	}
	gomod, gowork, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	gowork = strings.TrimSpace(gowork)
	return (gomod == "" || gomod == os.DevNull) && (gowork == "" || gowork == "off")
}

// patternError is the message for a pattern that named no package, which
// go list describes as a package with an error and nothing else.
func patternError(dir string, p *listed) string {
	pattern := p.ImportPath
	if local(pattern) {
		folder := strings.TrimSuffix(strings.TrimSuffix(pattern, "..."), "/")
		if folder == "" {
			folder = "/"
		}
		if !filepath.IsAbs(folder) {
			folder = filepath.Join(dir, folder)
		}
		if _, err := os.Stat(folder); errors.Is(err, os.ErrNotExist) {
			return pattern + ": no such directory"
		}
	}
	msg := strings.TrimSpace(p.Error.Err)
	if (strings.Contains(msg, "does not contain main module") || strings.Contains(msg, noGoMod)) && outsideModule(dir) {
		return noModule(dir)
	}
	msg = strings.NewReplacer("\n\t", " ", "\n", " ").Replace(msg)
	if !strings.Contains(msg, pattern) {
		msg = pattern + ": " + msg
	}
	return msg
}

// local reports whether a pattern names folders, not import paths.
func local(pattern string) bool {
	return pattern == "." || pattern == ".." || strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../") || filepath.IsAbs(pattern)
}

// pseudo reports whether go list's package is a pattern that named
// none.
func pseudo(p *listed) bool {
	return p.Error != nil && p.Name == "" && p.Dir == "" && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0
}
