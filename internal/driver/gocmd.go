package driver

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// noGoMod is the go command's error for a command run outside any
// module.
const noGoMod = "go.mod file not found in current directory or any parent directory"

// explain turns the go command's stderr, when it failed and described
// no package, into one error a user can act on.
func explain(dir, stderr string) error {
	if strings.Contains(stderr, noGoMod) {
		return errors.New(noModule(dir))
	}
	return errors.New(stderr)
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
