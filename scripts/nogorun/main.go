// Command nogorun runs a nogo binary (rules_go's nogo_main.go built with
// analyzers, as scripts/nogo-check.sh builds it) over packages the way
// rules_go runs it: package by package in dependency order, the standard
// library left out, each run in a fresh directory that holds nothing but
// the package's Go files under their path from the module root (or from
// GOPATH's src), as a Bazel sandbox holds an action's inputs, with the
// dependencies' export data from the go command's build cache and their
// facts read from the files the earlier runs wrote. Packages the patterns
// name only as dependencies run with -facts_only, as rules_go runs
// packages it does not validate. It prints nogo's findings, one a line,
// and exits 3 when there is one, 1 when a run fails.
//
// Usage, in the module (or GOPATH src) the patterns are relative to:
//
//	go run ./scripts/nogorun NOGO [PATTERNS]
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// pkg is what go list -json -export says of a package.
type pkg struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	ImportMap  map[string]string
	Export     string
	Standard   bool
	DepOnly    bool
	Module     *struct{ Dir string }
}

// Exit statuses of nogo_main.go (rules_go's constants.go).
const (
	nogoSuccess   = 0
	nogoViolation = 3
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: nogorun NOGO [PATTERNS]")
		os.Exit(2)
	}
	nogo, err := filepath.Abs(os.Args[1])
	if err != nil {
		fail(err)
	}
	patterns := os.Args[2:]
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	pkgs := list(patterns)
	work, err := os.MkdirTemp("", "nogorun-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(work)
	importcfg := filepath.Join(work, "importcfg")
	var cfg strings.Builder
	for _, p := range pkgs {
		if p.Export != "" {
			fmt.Fprintf(&cfg, "packagefile %s=%s\n", p.ImportPath, p.Export)
		}
	}
	if err := os.WriteFile(importcfg, []byte(cfg.String()), 0o666); err != nil {
		fail(err)
	}
	facts := map[string]string{} // package path -> its facts file
	status := 0
	for i, p := range pkgs {
		if p.Standard || len(p.GoFiles) == 0 {
			continue // Bazel builds the standard library without nogo
		}
		sandbox := filepath.Join(work, fmt.Sprintf("sandbox%d", i))
		srcs := copySources(p, sandbox)
		out := filepath.Join(work, fmt.Sprintf("facts%d", i))
		args := []string{"-p", p.ImportPath, "-importcfg", importcfg, "-x", out}
		for _, imp := range p.Imports {
			if path, ok := p.ImportMap[imp]; ok {
				imp = path
			}
			if f, ok := facts[imp]; ok {
				args = append(args, "-fact", imp+"="+f)
			}
		}
		if p.DepOnly {
			args = append(args, "-facts_only")
		}
		cmd := exec.Command(nogo, append(args, srcs...)...)
		cmd.Dir = sandbox
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := nogoSuccess
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			fail(err)
		}
		switch code {
		case nogoSuccess:
		case nogoViolation:
			status = nogoViolation
			for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
				if !strings.HasPrefix(line, "nogo: ") {
					fmt.Println(line)
				}
			}
		default:
			fmt.Fprintf(os.Stderr, "%s: nogo exited %d:\n%s", p.ImportPath, code, stderr.Bytes())
			os.Exit(1)
		}
		facts[p.ImportPath] = out
	}
	os.Exit(status)
}

// list returns the packages of patterns and their dependencies, each
// after its dependencies, with their export data built.
func list(patterns []string) []*pkg {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-export", "-json"}, patterns...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fail(err)
	}
	var pkgs []*pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		p := new(pkg)
		if err := dec.Decode(p); err != nil {
			fail(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// copySources copies the package's Go files into the sandbox, under
// their path from the module root (GOPATH mode: the import path), and
// returns those relative names, as Bazel names an action's sources.
func copySources(p *pkg, sandbox string) []string {
	rel := p.ImportPath
	if p.Module != nil {
		var err error
		if rel, err = filepath.Rel(p.Module.Dir, p.Dir); err != nil {
			fail(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(sandbox, rel), 0o777); err != nil {
		fail(err)
	}
	var srcs []string
	for _, f := range p.GoFiles {
		data, err := os.ReadFile(filepath.Join(p.Dir, f))
		if err != nil {
			fail(err)
		}
		src := filepath.Join(rel, f)
		if err := os.WriteFile(filepath.Join(sandbox, src), data, 0o444); err != nil {
			fail(err)
		}
		srcs = append(srcs, src)
	}
	return srcs
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "nogorun:", err)
	os.Exit(1)
}
