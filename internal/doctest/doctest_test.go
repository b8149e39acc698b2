package doctest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"gopkg.in/yaml.v3"

	"github.com/retrylint/retrylint/analyzers"
	_ "github.com/retrylint/retrylint/plugin"
	"github.com/retrylint/retrylint/rules"
)

// root is the repository's root, from this package's folder.
var root = filepath.Join("..", "..")

// A block is one fenced block of a Markdown file.
type block struct {
	file   string // relative to the root
	line   int    // of the opening fence
	lang   string // the info string's first word
	body   string
	marker string // the snippet comment before the fence, without <!-- -->
}

func (b block) String() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

var fence = regexp.MustCompile("^( *)(```+)(.*)$")

// blocks returns the fenced blocks of a Markdown file.
func blocks(t *testing.T, file string) []block {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []block
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		b := block{file: file, line: i + 1}
		if f := strings.Fields(m[3]); len(f) > 0 {
			b.lang = f[0]
		}
		if i > 0 {
			if prev := strings.TrimSpace(lines[i-1]); strings.HasPrefix(prev, "<!--") && strings.HasSuffix(prev, "-->") {
				b.marker = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(prev, "<!--"), "-->"))
			}
		}
		indent, closing := m[1], m[2]
		var body []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != closing; i++ {
			body = append(body, strings.TrimPrefix(lines[i], indent))
		}
		if i == len(lines) {
			t.Fatalf("%s: the block is not closed", b)
		}
		b.body = strings.Join(body, "\n") + "\n"
		out = append(out, b)
	}
	return out
}

// docs returns the Markdown files whose blocks a reader copies: README.md
// and docs/*.md; docs/checks/ is generated from the checks' doc.go.
func docs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

func TestSnippets(t *testing.T) {
	for _, file := range docs(t) {
		for _, b := range blocks(t, file) {
			t.Run(b.String(), func(t *testing.T) {
				if err := check(t, b); err != nil {
					t.Errorf("%s: the %s block fails as copied: %v\n%s", b, b.lang, err, b.body)
				}
			})
		}
	}
}

// check checks one block; it returns why the block fails as copied.
func check(t *testing.T, b block) error {
	kind, arg, _ := strings.Cut(b.marker, ":")
	arg = strings.TrimSpace(arg)
	var needs []string
	switch kind {
	case "snippet":
		what, rest, _ := strings.Cut(arg, ":")
		rest = strings.TrimSpace(rest)
		switch what {
		case "skip":
			if rest == "" {
				return fmt.Errorf("<!-- snippet: skip: --> needs a reason")
			}
			return nil
		case "needs":
			needs = strings.Fields(rest)
		case "output":
			dir, command, ok := strings.Cut(rest, ":")
			if !ok {
				return fmt.Errorf("<!-- snippet: output: DIR: COMMAND -->: no command")
			}
			return checkOutput(t, b, strings.TrimSpace(dir), strings.TrimSpace(command))
		default:
			return fmt.Errorf("unknown snippet comment %q (skip, needs or output)", b.marker)
		}
	case "scripts/nogo-check.sh":
		// Built and run by the script; it must parse here too.
	}
	switch b.lang {
	case "go":
		return checkGo(b.body)
	case "yaml":
		return checkYAML(t, b, needs)
	case "sh":
		return checkShell(t, b.body, needs)
	case "json":
		if !json.Valid([]byte(b.body)) {
			return fmt.Errorf("not valid JSON")
		}
		return nil
	}
	return fmt.Errorf("no check for a block of %q: check it here, or say why not with <!-- snippet: skip: REASON -->", b.lang)
}

// checkGo parses a Go block as a file, else as declarations, else as
// statements.
func checkGo(src string) error {
	fset := token.NewFileSet()
	if _, err := parser.ParseFile(fset, "snippet.go", src, parser.PackageClauseOnly); err == nil {
		_, err := parser.ParseFile(fset, "snippet.go", src, parser.ParseComments)
		return err
	}
	_, declErr := parser.ParseFile(fset, "snippet.go", "package p\n"+src, parser.ParseComments)
	if declErr == nil {
		return nil
	}
	if _, err := parser.ParseFile(fset, "snippet.go", "package p\nfunc _() {\n"+src+"}\n", parser.ParseComments); err == nil {
		return nil
	}
	return fmt.Errorf("neither a Go file, nor declarations, nor statements: %v", declErr)
}

// yamlKeys returns the top-level keys of a YAML mapping, in order, or nil
// for YAML that is not a mapping.
func yamlKeys(doc *yaml.Node) []string {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	var keys []string
	m := doc.Content[0]
	for i := 0; i < len(m.Content); i += 2 {
		keys = append(keys, m.Content[i].Value)
	}
	return keys
}

// tags returns the YAML keys of a struct type's fields.
func tags(v any) []string {
	var out []string
	t := reflect.TypeOf(v)
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

func subset(keys, of []string) bool {
	for _, k := range keys {
		if !slices.Contains(of, k) {
			return false
		}
	}
	return len(keys) > 0
}

// checkYAML tells a YAML block's kind by its keys and checks it.
func checkYAML(t *testing.T, b block, needs []string) error {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(b.body), &doc); err != nil {
		return fmt.Errorf("not YAML: %v", err)
	}
	keys := yamlKeys(&doc)
	switch {
	case subset(keys, tags(rules.Config{})):
		return checkConfig(t, b.body, needs)
	case subset(keys, tags(rules.Pack{})):
		// Rows of a pack: what a reader writes in a pack of packs:.
		return checkConfig(t, "packs:\n  -\n"+indent(b.body, "    "), needs)
	case slices.Contains(keys, "linters"):
		return checkGolangci(t, b.body)
	case slices.Contains(keys, "plugins"):
		return checkCustomGcl(b.body)
	case slices.Contains(keys, "repos"):
		return checkPrecommitConfig(t, b.body, needs)
	case slices.Contains(keys, "jobs"):
		return checkWorkflow(t, b.body, needs)
	case keys == nil && doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 && doc.Content[0].Kind == yaml.SequenceNode:
		return checkHooks(t, b.body, needs)
	}
	return fmt.Errorf("YAML of no known kind (keys %v): check it here, or say why not with <!-- snippet: skip: REASON -->", keys)
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// module makes a module with no finding in a new folder (a copy of
// testdata/cmd/clean), with the files needs names, empty, and returns
// its folder.
func module(t *testing.T, needs []string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(root, "testdata", "cmd", "clean")
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range needs {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// checkConfig loads a .retrylint.yml at the root of a module, as
// retrylint does.
func checkConfig(t *testing.T, body string, needs []string) error {
	dir := module(t, needs)
	file := filepath.Join(dir, rules.ConfigFile)
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := rules.LoadConfig(file, analyzers.Names())
	return err
}

// checkGolangci builds the plugin from a .golangci.yml's settings, in the
// folder golangci-lint would run in: a module with nothing else.
func checkGolangci(t *testing.T, body string) error {
	var cfg struct {
		Linters struct {
			Enable   []string `yaml:"enable"`
			Settings struct {
				Custom map[string]struct {
					Type     string `yaml:"type"`
					Settings any    `yaml:"settings"`
				} `yaml:"custom"`
			} `yaml:"settings"`
		} `yaml:"linters"`
	}
	if err := yaml.Unmarshal([]byte(body), &cfg); err != nil {
		return err
	}
	custom, ok := cfg.Linters.Settings.Custom["retrylint"]
	switch {
	case !ok:
		return fmt.Errorf("no linters.settings.custom.retrylint")
	case custom.Type != "module":
		return fmt.Errorf("linters.settings.custom.retrylint.type is %q, want module", custom.Type)
	case !slices.Contains(cfg.Linters.Enable, "retrylint"):
		return fmt.Errorf("linters.enable does not name retrylint")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	newPlugin, err := register.GetPlugin("retrylint")
	if err != nil {
		t.Fatal(err)
	}
	_, err = newPlugin(custom.Settings)
	return err
}

// checkCustomGcl compares a .custom-gcl.yml with the shipped
// .golangci-plugin.yml, whose plugin entry says version: latest where
// the reader gives the plugin's source (path: or version:).
func checkCustomGcl(body string) error {
	shipped, err := os.ReadFile(filepath.Join(root, ".golangci-plugin.yml"))
	if err != nil {
		return err
	}
	var want, got map[string]any
	if err := yaml.Unmarshal(shipped, &want); err != nil {
		return err
	}
	if err := yaml.Unmarshal([]byte(body), &got); err != nil {
		return err
	}
	for _, m := range []map[string]any{want, got} {
		plugins, _ := m["plugins"].([]any)
		for _, p := range plugins {
			if p, ok := p.(map[string]any); ok {
				if p["path"] == nil && p["version"] == nil {
					return fmt.Errorf("a plugin with neither path: nor version:")
				}
				delete(p, "path")
				delete(p, "version")
			}
		}
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Errorf("differs from .golangci-plugin.yml (its plugin's source aside):\n got %v\nwant %v", got, want)
	}
	return nil
}

// manifest returns the hooks of .pre-commit-hooks.yaml by id.
func manifest(t *testing.T) map[string]map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []map[string]any
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, h := range hooks {
		out[fmt.Sprint(h["id"])] = h
	}
	return out
}

// checkHooks checks a list of hooks: entries of the manifest (with an
// entry:), which must be the shipped ones, or hooks of a
// .pre-commit-config.yaml.
func checkHooks(t *testing.T, body string, needs []string) error {
	var hooks []map[string]any
	if err := yaml.Unmarshal([]byte(body), &hooks); err != nil {
		return err
	}
	shipped := manifest(t)
	for _, h := range hooks {
		id := fmt.Sprint(h["id"])
		want, ok := shipped[id]
		if !ok {
			return fmt.Errorf("hook %q is not in .pre-commit-hooks.yaml", id)
		}
		if _, ok := h["entry"]; ok {
			for k, v := range h {
				if !reflect.DeepEqual(v, want[k]) {
					return fmt.Errorf("hook %q: %s is %v, .pre-commit-hooks.yaml has %v", id, k, v, want[k])
				}
			}
			continue
		}
		if err := checkHookArgs(t, h, needs); err != nil {
			return fmt.Errorf("hook %q: %v", id, err)
		}
	}
	return nil
}

// checkHookArgs runs the hook's command with a configuration's args (the
// manifest's args otherwise), as pre-commit does, at a module's root.
func checkHookArgs(t *testing.T, h map[string]any, needs []string) error {
	args, ok := h["args"].([]any)
	if !ok {
		return nil
	}
	var words []string
	for _, a := range args {
		words = append(words, fmt.Sprint(a))
	}
	return runRetrylint(t, module(t, needs), words)
}

func checkPrecommitConfig(t *testing.T, body string, needs []string) error {
	var cfg struct {
		Repos []struct {
			Repo  string           `yaml:"repo"`
			Rev   string           `yaml:"rev"`
			Hooks []map[string]any `yaml:"hooks"`
		} `yaml:"repos"`
	}
	if err := yaml.Unmarshal([]byte(body), &cfg); err != nil {
		return err
	}
	if len(cfg.Repos) == 0 {
		return fmt.Errorf("no repos")
	}
	shipped := manifest(t)
	for _, r := range cfg.Repos {
		if r.Repo != "https://github.com/retrylint/retrylint" || r.Rev == "" {
			return fmt.Errorf("repo %q rev %q: want retrylint's repository and a rev", r.Repo, r.Rev)
		}
		for _, h := range r.Hooks {
			id := fmt.Sprint(h["id"])
			if _, ok := shipped[id]; !ok {
				return fmt.Errorf("hook %q is not in .pre-commit-hooks.yaml", id)
			}
			if err := checkHookArgs(t, h, needs); err != nil {
				return fmt.Errorf("hook %q: %v", id, err)
			}
		}
	}
	return nil
}

// checkWorkflow checks the run: steps of a GitHub Actions workflow as
// shell commands.
func checkWorkflow(t *testing.T, body string, needs []string) error {
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(body), &wf); err != nil {
		return err
	}
	for _, job := range wf.Jobs {
		for _, s := range job.Steps {
			if err := checkShell(t, s.Run, needs); err != nil {
				return err
			}
		}
	}
	return nil
}

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// retrylint builds the command once for the whole test.
func retrylint(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "doctest-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "retrylint")
		cmd := exec.Command("go", "build", "-o", binary, "./cmd/retrylint")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/retrylint: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binary != "" {
		os.RemoveAll(filepath.Dir(binary))
	}
	os.Exit(code)
}

// run runs a command in dir, with retrylint's results cache off; it
// returns the exit status and what the command printed.
func run(t *testing.T, dir, name string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "RETRYLINT_CACHE=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String()
}

// runRetrylint runs retrylint with args on a module with no finding: it
// must exit 0.
func runRetrylint(t *testing.T, dir string, args []string) error {
	if rc, out := run(t, dir, retrylint(t), args...); rc != 0 {
		return fmt.Errorf("retrylint %s, on a module with no finding: exit status %d\n%s", strings.Join(args, " "), rc, out)
	}
	return nil
}

// placeholders are the parts of commands the reader replaces, and what
// the test puts in their place (in the module it runs the command in).
var placeholders = map[string]string{
	"/abs/path/": "MODULE/",
}

// checkShell runs each retrylint command of a shell block (retrylint
// itself, and go vet with retrylint as its tool) on a module with no
// finding; other commands are not run here.
func checkShell(t *testing.T, body string, needs []string) error {
	for _, cmd := range commands(body) {
		switch {
		case len(cmd) > 0 && cmd[0] == "retrylint":
			dir := module(t, needs)
			if err := runRetrylint(t, dir, fill(cmd[1:], dir)); err != nil {
				return err
			}
		case len(cmd) > 2 && cmd[0] == "go" && cmd[1] == "vet" && slices.ContainsFunc(cmd, isVettool):
			dir := module(t, needs)
			args := fill(cmd[1:], dir)
			for i, a := range args {
				if isVettool(a) {
					args[i] = "-vettool=" + retrylint(t)
				}
			}
			if rc, out := run(t, dir, "go", args...); rc != 0 {
				return fmt.Errorf("%s, on a module with no finding: exit status %d\n%s", strings.Join(cmd, " "), rc, out)
			}
		}
	}
	return nil
}

// assignment is a shell variable assignment before a command's name.
var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// vettool stands for $(command -v retrylint), the path of the command.
const vettool = "RETRYLINT-PATH"

func isVettool(arg string) bool { return arg == "-vettool="+vettool }

func fill(args []string, dir string) []string {
	out := slices.Clone(args)
	for i := range out {
		for p, v := range placeholders {
			out[i] = strings.ReplaceAll(out[i], p, strings.ReplaceAll(v, "MODULE", dir))
		}
	}
	return out
}

// commands splits a shell block into simple commands, as words: comments,
// redirections and leading variable assignments dropped, continued lines
// joined, lists (&&, ||, ;, |) split, $(command -v retrylint) one word.
// It knows only the shell the docs
// use: no quotes inside words, no here-documents.
func commands(body string) [][]string {
	body = strings.ReplaceAll(body, "\\\n", " ")
	body = strings.ReplaceAll(body, "$(command -v retrylint)", vettool)
	var out [][]string
	for _, line := range strings.Split(body, "\n") {
		if i := strings.Index(line, "#"); i >= 0 && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			line = line[:i]
		}
		for _, sep := range []string{"&&", "||", ";", "|"} {
			line = strings.ReplaceAll(line, sep, "\n")
		}
		for _, part := range strings.Split(line, "\n") {
			var words []string
			skipNext := false
			for _, w := range strings.Fields(part) {
				switch {
				case skipNext:
					skipNext = false
				case w == ">" || w == ">>" || w == "2>" || w == "<":
					skipNext = true
				case strings.HasPrefix(w, ">") || strings.HasPrefix(w, "2>"):
				case len(words) == 0 && assignment.MatchString(w):
				default:
					words = append(words, strings.Trim(w, `"'`))
				}
			}
			if len(words) > 0 {
				out = append(out, words)
			}
		}
	}
	return out
}

// finding is a line of retrylint's text output: the position, then the
// message. A check's name at the end, in parentheses, is left out of the
// comparison.
var finding = regexp.MustCompile(`^(\S+?):(\d+):(\d+): (.*?)( \([a-z]+\))?$`)

// checkOutput runs command (retrylint, with its arguments) in dir, a
// folder of the repository, and compares what it prints with the block:
// the same findings, with each file named in the block by a path that
// ends in the file's path in dir.
func checkOutput(t *testing.T, b block, dir, command string) error {
	words := strings.Fields(strings.TrimPrefix(command, "$ "))
	if len(words) == 0 || words[0] != "retrylint" {
		return fmt.Errorf("output: %q: only retrylint's output is compared", command)
	}
	abs, err := filepath.Abs(filepath.Join(root, dir))
	if err != nil {
		t.Fatal(err)
	}
	abs, err = filepath.EvalSymlinks(abs)
	if err != nil {
		t.Fatal(err)
	}
	_, out := run(t, abs, retrylint(t), words[1:]...)
	if len(words) > 1 && words[1] == "explain" {
		// An explanation names files relative to dir: the block is what
		// the command prints, line for line.
		want, ok := strings.CutPrefix(b.body, "$ "+strings.TrimPrefix(command, "$ ")+"\n")
		if !ok {
			return fmt.Errorf("the block does not start with $ %s", command)
		}
		if out != want {
			return fmt.Errorf("%s in %s prints\n%s\nand the block shows\n%s", command, dir, out, want)
		}
		return nil
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		m := finding.FindStringSubmatch(l)
		if m == nil {
			return fmt.Errorf("%s in %s printed a line that is not a finding: %s", command, dir, l)
		}
		rel, err := filepath.Rel(abs, m[1])
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s:%s:%s: %s", filepath.ToSlash(rel), m[2], m[3], m[4]))
	}
	var want []string
	for _, l := range strings.Split(strings.TrimSpace(b.body), "\n") {
		if strings.HasPrefix(l, "$ ") {
			if strings.TrimPrefix(l, "$ ") != strings.TrimPrefix(command, "$ ") {
				return fmt.Errorf("the block runs %q, its comment says %q", l, command)
			}
			continue
		}
		m := finding.FindStringSubmatch(l)
		if m == nil {
			return fmt.Errorf("a line that is not a finding: %s", l)
		}
		path := m[1]
		for _, g := range got {
			if rel, _, _ := strings.Cut(g, ":"); strings.HasSuffix(path, "/"+rel) {
				path = rel
				break
			}
		}
		want = append(want, fmt.Sprintf("%s:%s:%s: %s", path, m[2], m[3], m[4]))
	}
	sort.Strings(got)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("%s in %s prints\n%s\nand the block shows\n%s", command, dir, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	return nil
}
