package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// listed is one package as go list describes it, with the fields the
// driver reads.
type listed struct {
	ImportPath      string
	Name            string
	Dir             string
	ForTest         string
	GoFiles         []string
	CompiledGoFiles []string
	OtherFiles      []string
	IgnoredGoFiles  []string
	EmbedFiles      []string
	Export          string
	Imports         []string
	ImportMap       map[string]string
	DepOnly         bool
	Standard        bool
	Module          *struct {
		Path, Version, Dir, GoVersion string
	}
	Error *struct {
		Pos, Err string
	}
}

const listFields = "ImportPath,Name,Dir,ForTest,GoFiles,CompiledGoFiles,OtherFiles,IgnoredGoFiles,EmbedFiles,Export,Imports,ImportMap,DepOnly,Standard,Module,Error"

// list runs go list on the patterns: the packages and all their
// dependencies, dependencies first, with the export data of each plain
// package (built by the go command, or found in its build cache). Test
// variants have none: the go command would have to compile every one,
// and the driver type-checks them from source instead.
func list(dir string, patterns []string, tests bool, buildFlags []string) ([]*listed, error) {
	if !tests {
		return goList(dir, slices.Concat([]string{"-export", "-compiled", "-deps"}, buildFlags), patterns)
	}
	pkgs, err := goList(dir, slices.Concat([]string{"-compiled", "-deps", "-test"}, buildFlags), patterns)
	if err != nil {
		return nil, err
	}
	var plain []string
	for _, p := range pkgs {
		if universeName(p.ImportPath) == "" && !testMain(p) && p.ImportPath != "unsafe" && p.Error == nil {
			plain = append(plain, p.ImportPath)
		}
	}
	if len(plain) == 0 {
		return pkgs, nil
	}
	exported, err := goList(dir, slices.Concat([]string{"-export"}, buildFlags), plain)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*listed{}
	for _, p := range exported {
		byPath[p.ImportPath] = p
	}
	for _, p := range pkgs {
		if e := byPath[p.ImportPath]; e != nil {
			p.Export = e.Export
			if p.Error == nil {
				p.Error = e.Error
			}
		}
	}
	return pkgs, nil
}

// goList runs go list with the flags on the arguments.
func goList(dir string, flags, args []string) ([]*listed, error) {
	cmd := exec.Command("go", slices.Concat([]string{"list", "-e", "-json=" + listFields}, flags, []string{"--"}, args)...)
	cmd.Dir = dir
	cmd.Env = GoEnv(os.Environ())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// With -e, go list describes the packages it could not load or
	// compile in their Error fields and exits with status 1 after
	// printing the compiler's errors, which the type-checker reports
	// again: its status and stderr matter only when it described nothing.
	err := cmd.Run()
	if err != nil && stdout.Len() == 0 {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, explain(dir, msg)
	}
	var pkgs []*listed
	dec := json.NewDecoder(&stdout)
	for {
		p := new(listed)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// pkgPath is the path of a package as its types name it: a test
// variant's ID without its bracketed suffix.
func pkgPath(id string) string {
	if i := strings.Index(id, " ["); i >= 0 {
		return id[:i]
	}
	return id
}

// universeName names the set of packages a package is type-checked with:
// those of one test binary for a test variant, else the plain ones.
func universeName(id string) string {
	if i := strings.Index(id, " ["); i >= 0 {
		return id[i+2 : len(id)-1]
	}
	return ""
}

// testMain reports whether a package is the main package the go command
// generates for a test binary: it holds no code of the user's.
func testMain(p *listed) bool {
	return p.Name == "main" && p.ForTest == "" && strings.HasSuffix(p.ImportPath, ".test") && len(p.GoFiles) == 1 && filepath.IsAbs(p.GoFiles[0])
}
