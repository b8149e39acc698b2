package main

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

const (
	// setupTimeout bounds each go command of a module's setup, downloads
	// included; runTimeout bounds retrylint on one module.
	setupTimeout = 15 * time.Minute
	runTimeout   = 20 * time.Minute
	// maxErrors is how many errors of one kind a module keeps.
	maxErrors = 200
)

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "eval: "+format+"\n", args...)
}

// run builds retrylint from the tree as it is and runs it over mods, one
// module after another: retrylint already uses every core.
// With rev, the checker is built from that commit instead, extracted
// from git without touching the work tree.
func run(root, rev string, mods []Module) (*Results, error) {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "retrylint-eval-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	src, version := root, treeVersion(root)
	if rev != "" {
		src = filepath.Join(tmp, "tree")
		if version, err = extractCommit(root, rev, src); err != nil {
			return nil, err
		}
	}
	bin := filepath.Join(tmp, "retrylint")
	progress("building retrylint %s", version)
	build := exec.Command("go", "build", "-o", bin, "./cmd/retrylint")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building retrylint: %v\n%s", err, out)
	}

	cache, err := os.UserCacheDir()
	if err != nil {
		return nil, err
	}
	env := goEnv(root)
	r := &runner{
		bin:   bin,
		src:   filepath.Join(cache, "retrylint-eval", "src"),
		tmp:   tmp,
		goEnv: env,
	}
	res := &Results{Retrylint: version, Go: env["GOVERSION"]}
	for i, m := range mods {
		progress("[%d/%d] %s@%s", i+1, len(mods), m.Module, m.Version)
		mr := r.module(m)
		one := Results{Modules: []ModuleResult{mr}}
		one.normalize() // a package and its test variant report the same findings
		mr = one.Modules[0]
		counts := map[string]int{}
		for _, f := range mr.Findings {
			counts[f.Check]++
		}
		var parts []string
		for _, c := range checks {
			if counts[c] > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", c, counts[c]))
			}
		}
		progress("[%d/%d] %s: setup %.1fs, %d packages, retrylint %.1fs, %s peak, %d findings (%s), %d errors",
			i+1, len(mods), m.Module, mr.SetupSeconds, mr.Packages, mr.Seconds, megabytes(mr.PeakRSS),
			len(mr.Findings), strings.Join(parts, ", "), len(mr.Errors))
		for _, e := range firstN(mr.Errors, 5) {
			progress("    %s error: %s", e.Kind, firstLine(e.Message))
		}
		res.Modules = append(res.Modules, mr)
	}
	res.Seconds = seconds(time.Since(start))
	progress("whole run: %.0fs", res.Seconds)
	return res, nil
}

type runner struct {
	bin   string
	src   string // where the writable copies of the modules are
	tmp   string
	goEnv map[string]string
}

// module sets up one module and runs retrylint on it.
func (r *runner) module(m Module) ModuleResult {
	mr := ModuleResult{Module: m.Module, Version: m.Version, Patterns: m.Packages, Findings: []Finding{}}
	addErr := func(kind, pkg, msg string) {
		mr.Errors = append(mr.Errors, RunError{Kind: kind, Package: pkg, Message: msg})
	}

	setupStart := time.Now()
	dir, flags, dropped, setupErrs := r.setup(m)
	mr.SetupSeconds = seconds(time.Since(setupStart))
	mr.GoFlags, mr.DroppedReplaces = flags, dropped
	pos := positions{dir: dir, modCache: r.goEnv["GOMODCACHE"], goroot: r.goEnv["GOROOT"]}
	for _, e := range setupErrs {
		addErr("setup", "", pos.text(e))
	}
	if dir == "" {
		return mr // nothing to analyse
	}
	mr.Packages = r.countPackages(dir, flags, m.Packages, addErr, pos)

	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.bin, append([]string{"-json"}, m.Packages...)...)
	cmd.Dir = dir
	// Without retrylint's cache: the times and the memory are those of
	// the analysis, not of a second run answered from the cache.
	cmd.Env = append(r.env(flags), "RETRYLINT_CACHE=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	mr.Seconds = seconds(time.Since(start))
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			mr.PeakRSS = ru.Maxrss * 1024 // kilobytes on Linux
		}
		mr.ExitCode = cmd.ProcessState.ExitCode()
	}
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		addErr("timeout", "", fmt.Sprintf("retrylint did not finish in %v", runTimeout))
	case err != nil && !errors.As(err, &exitErr):
		addErr("exit", "", err.Error())
	}

	stderrErrs := classifyStderr(pos.text(stderr.String()), mr.ExitCode)
	mr.Errors = append(mr.Errors, stderrErrs...)
	if stdout.Len() > 0 {
		findings, errs, err := parseTree(stdout.Bytes(), pos)
		if err != nil {
			addErr("output", "", "unreadable JSON from retrylint: "+err.Error())
		}
		mr.Findings = append(mr.Findings, findings...)
		mr.Errors = append(mr.Errors, capErrors(errs)...)
	} else if ctx.Err() == nil {
		addErr("output", "", "retrylint printed no JSON")
	}

	// -json exits 0, or 1 when a package failed to load or an analysis
	// failed; any other status, or 1 with no failure to show, is a
	// failure of its own.
	failures := 0
	for _, e := range mr.Errors {
		if e.Kind == "load" || e.Kind == "analysis" || e.Kind == "panic" {
			failures++
		}
	}
	if ctx.Err() == nil && mr.ExitCode != 0 && (mr.ExitCode != 1 || failures == 0) {
		addErr("exit", "", fmt.Sprintf("retrylint -json exited with status %d", mr.ExitCode))
	}
	if ctx.Err() == nil {
		mr.Sites = r.explain(ctx, dir, flags, m, addErr)
	}
	return mr
}

// explain runs `retrylint explain -json` on the module's packages, after
// the timed run, for the rules that decided each site.
func (r *runner) explain(ctx context.Context, dir, flags string, m Module, addErr func(kind, pkg, msg string)) []SiteRules {
	cmd := exec.CommandContext(ctx, r.bin, append([]string{"explain", "-json"}, m.Packages...)...)
	cmd.Dir = dir
	cmd.Env = append(r.env(flags), "RETRYLINT_CACHE=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil && stdout.Len() == 0 {
		addErr("explain", "", "retrylint explain -json: "+errText(err, stderr.Bytes()))
		return nil
	}
	var entries []struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		EndLine int    `json:"end_line"`
		Site    bool   `json:"site"`
		Trace   []struct {
			What string `json:"what"`
			Rule string `json:"rule"`
		} `json:"trace"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &entries); err != nil {
		addErr("explain", "", "unreadable JSON from retrylint explain: "+err.Error())
		return nil
	}
	out := make([]SiteRules, 0, len(entries))
	for _, e := range entries {
		s := SiteRules{At: fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column), End: e.EndLine, Site: e.Site, Rules: map[string]string{}}
		sites := 0
		for _, st := range e.Trace {
			if st.What == "site" {
				// Each rule that made it a site counts: the shape of its
				// loop, then what made that shape a retry.
				sites++
				if sites > 1 {
					s.Rules[fmt.Sprintf("site %d", sites)] = st.Rule
					continue
				}
			}
			s.Rules[st.What] = st.Rule // the last decision on a property holds
		}
		out = append(out, s)
	}
	return out
}

// classifyStderr turns retrylint's stderr into errors: a panic (with the
// start of its stack), and each other line a load error when the status
// says loading failed, else a stray message.
func classifyStderr(text string, exitCode int) []RunError {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var errs []RunError
	for i, line := range lines {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			end := min(len(lines), i+40)
			errs = append(errs, RunError{Kind: "panic", Message: strings.Join(lines[i:end], "\n")})
			lines = lines[:i]
			break
		}
	}
	kind := "stderr"
	if exitCode == 1 {
		kind = "load"
	}
	var rest []RunError
	for _, line := range lines {
		if strings.TrimSpace(line) != "" {
			rest = append(rest, RunError{Kind: kind, Message: line})
		}
	}
	return append(errs, capErrors(rest)...)
}

// capErrors keeps the first maxErrors of errs, and says how many it left.
func capErrors(errs []RunError) []RunError {
	if len(errs) <= maxErrors {
		return errs
	}
	// Sort first, so that the ones kept do not depend on map order.
	sortErrors(errs)
	left := len(errs) - maxErrors
	errs = append(errs[:maxErrors:maxErrors], RunError{Kind: errs[0].Kind, Message: fmt.Sprintf("(%d more not kept)", left)})
	return errs
}

func sortErrors(errs []RunError) {
	sort.Slice(errs, func(i, j int) bool { return errorLess(errs[i], errs[j]) })
}

// setup finds the module in the module cache (downloading it), copies it
// to a writable folder (once), and fetches what its packages need. It
// returns the folder, the GOFLAGS to add, and what went wrong; the folder
// is empty when there is nothing to analyse.
func (r *runner) setup(m Module) (dir, flags string, dropped, errs []string) {
	modVer := m.Module + "@" + m.Version
	out, stderr, err := r.goCmd(r.tmp, "", "mod", "download", "-json", modVer)
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil && err == nil {
		err = jerr
	}
	if info.Error != "" || err != nil || info.Dir == "" {
		return "", "", nil, []string{fmt.Sprintf("go mod download %s: %s", modVer, strings.TrimSpace(orElse(info.Error, errText(err, stderr))))}
	}

	dir = filepath.Join(r.src, modVer)
	if _, err := os.Stat(dir); err != nil {
		progress("    copying %s", info.Dir)
		if err := copyTree(info.Dir, dir); err != nil {
			return "", "", nil, []string{fmt.Sprintf("copying %s: %v", info.Dir, err)}
		}
	}

	// A module published before modules (a +incompatible version) has
	// no go.mod: its copy gets one, as a user who clones it makes it.
	if _, err := os.Stat(filepath.Join(info.Dir, "go.mod")); err != nil {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			progress("    making a go.mod (go mod init, go mod tidy)")
			for _, args := range [][]string{{"mod", "init", m.Module}, {"mod", "tidy", "-e"}} {
				if _, stderr, err := r.goCmd(dir, "", args...); err != nil {
					return "", "", nil, []string{"making a go.mod for a module without one: " + errText(err, stderr)}
				}
			}
		}
		return r.fetch(m, dir, nil)
	}

	// A module of a multi-module repository may replace its siblings
	// with their folders (../api), which the copy does not have; its
	// users get the published versions, and so does the evaluation.
	replaces, err := r.localReplaces(filepath.Join(info.Dir, "go.mod"))
	if err != nil {
		return "", "", nil, []string{err.Error()}
	}
	if len(replaces) > 0 {
		args := []string{"mod", "edit"}
		for _, old := range replaces {
			args = append(args, "-dropreplace="+old)
		}
		if _, stderr, err := r.goCmd(dir, "", args...); err != nil {
			return "", "", nil, []string{"dropping local replacements: " + errText(err, stderr)}
		}
	}

	return r.fetch(m, dir, replaces)
}

// fetch fetches what the module's packages need in its copy, and returns
// the folder, the GOFLAGS that worked, the replacements dropped and what
// went wrong.
func (r *runner) fetch(m Module, dir string, replaces []string) (_, flags string, dropped, errs []string) {
	// The flags that worked are kept beside the copy, so that a second
	// run does not decide otherwise once go.sum was completed.
	flagsFile := dir + ".goflags"
	if data, err := os.ReadFile(flagsFile); err == nil {
		flags = strings.TrimSpace(string(data))
	} else if len(replaces) > 0 {
		flags = "-mod=mod" // the replaced modules are not in go.sum
	}
	fetch := func(flags string) (string, error) {
		args := append([]string{"list", "-deps", "-test", "-f", "{{.ImportPath}}"}, m.Packages...)
		_, stderr, err := r.goCmd(dir, m.goflags(flags), args...)
		return errText(err, stderr), err
	}
	progress("    fetching dependencies")
	msg, err := fetch(flags)
	if err != nil && flags == "" {
		// An incomplete go.sum, or a go.mod that needs tidying: let the go
		// command complete them in the copy.
		if msg2, err2 := fetch("-mod=mod"); err2 == nil {
			flags, msg, err = "-mod=mod", "", nil
		} else if strings.Contains(msg, "go.sum") || strings.Contains(msg, "go mod tidy") {
			flags, msg = "-mod=mod", msg2
		}
	}
	if err != nil {
		errs = append(errs, "fetching dependencies (go list -deps -test): "+firstLines(msg, 20))
	} else if werr := os.WriteFile(flagsFile, []byte(flags+"\n"), 0o644); werr != nil {
		errs = append(errs, werr.Error())
	}
	return dir, m.goflags(flags), replaces, errs
}

// goflags adds the module's build tags to flags.
func (m Module) goflags(flags string) string {
	if len(m.Tags) == 0 {
		return flags
	}
	return strings.TrimSpace(flags + " -tags=" + strings.Join(m.Tags, ","))
}

// localReplaces lists the modules that the go.mod file replaces with a
// folder, as -dropreplace wants them (path or path@version).
func (r *runner) localReplaces(gomod string) ([]string, error) {
	out, stderr, err := r.goCmd(r.tmp, "", "mod", "edit", "-json", gomod)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %s", gomod, errText(err, stderr))
	}
	var mod struct {
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		return nil, fmt.Errorf("reading %s: %v", gomod, err)
	}
	var local []string
	for _, rep := range mod.Replace {
		if rep.New.Version != "" {
			continue // another module version, which the proxy has
		}
		old := rep.Old.Path
		if rep.Old.Version != "" {
			old += "@" + rep.Old.Version
		}
		local = append(local, old)
	}
	sort.Strings(local)
	return local, nil
}

// countPackages counts the packages the patterns match, test variants
// aside, and reports a pattern that matches none.
func (r *runner) countPackages(dir, flags string, patterns []string, addErr func(kind, pkg, msg string), pos positions) int {
	out, stderr, err := r.goCmd(dir, flags, append([]string{"list", "-e", "-f", "{{.ImportPath}}"}, patterns...)...)
	if err != nil {
		addErr("setup", "", "go list: "+pos.text(firstLines(errText(err, stderr), 20)))
	} else if s := strings.TrimSpace(string(stderr)); s != "" {
		addErr("setup", "", "go list: "+pos.text(firstLines(s, 20)))
	}
	n := 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	return n
}

// goCmd runs the go command in dir with extra GOFLAGS.
func (r *runner) goCmd(dir, flags string, args ...string) (stdout, stderr []byte, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), setupTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = r.env(flags)
	var out, errBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errBuf
	err = cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("go %s: no answer in %v", args[0], setupTimeout)
	}
	return out.Bytes(), errBuf.Bytes(), err
}

// env is the environment of the go command and retrylint for a module:
// no workspace, and flags added to the GOFLAGS in force.
func (r *runner) env(flags string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "GOWORK=") {
			env = append(env, kv)
		}
	}
	goflags := strings.TrimSpace(r.goEnv["GOFLAGS"] + " " + flags)
	return append(env, "GOWORK=off", "GOFLAGS="+goflags)
}

// goEnv reads the go command's settings the run needs.
func goEnv(root string) map[string]string {
	cmd := exec.Command("go", "env", "-json", "GOMODCACHE", "GOROOT", "GOFLAGS", "GOVERSION")
	cmd.Dir = root
	out, _ := cmd.Output()
	env := map[string]string{}
	json.Unmarshal(out, &env)
	return env
}

// treeVersion names the commit the tree is at, with "+dirty" when a
// tracked file differs from it.
func treeVersion(root string) string {
	head, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	v := strings.TrimSpace(string(head))
	status, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output()
	if err != nil || len(bytes.TrimSpace(status)) > 0 {
		v += "+dirty"
	}
	return v
}

// extractCommit writes the files of commit rev to dir and returns the
// commit's hash.
func extractCommit(root, rev, dir string) (string, error) {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--verify", rev+"^{commit}").Output()
	if err != nil {
		return "", fmt.Errorf("-rev %s: not a commit of %s", rev, root)
	}
	hash := strings.TrimSpace(string(out))
	cmd := exec.Command("git", "-C", root, "archive", "--format=tar", hash)
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return "", err
	}
	tr := tar.NewReader(pipe)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			cmd.Wait()
			return "", fmt.Errorf("git archive %s: %v", hash, err)
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(target, dir+string(filepath.Separator)) {
			continue
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(target, 0o755)
		case tar.TypeReg:
			if err = os.MkdirAll(filepath.Dir(target), 0o755); err == nil {
				err = writeFrom(target, tr, fs.FileMode(h.Mode)&0o755|0o644)
			}
		case tar.TypeSymlink:
			err = os.Symlink(h.Linkname, target)
		}
		if err != nil {
			cmd.Wait()
			return "", err
		}
	}
	if err := cmd.Wait(); err != nil {
		return "", fmt.Errorf("git archive %s: %v %s", hash, err, stderr.String())
	}
	return hash, nil
}

func writeFrom(file string, r io.Reader, mode fs.FileMode) error {
	out, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyTree copies the read-only module folder src to dst, writable; it
// copies to a temporary name first, so that dst is complete if present.
func copyTree(src, dst string) error {
	partial := dst + ".partial"
	if err := os.RemoveAll(partial); err != nil {
		return err
	}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		relPath, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(partial, relPath)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil // module zips hold only regular files
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if info.Mode()&0o111 != 0 {
			mode = 0o755
		}
		return copyFile(path, target, mode)
	})
	if err != nil {
		return err
	}
	return os.Rename(partial, dst)
}

func copyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return writeFrom(dst, in, mode)
}

// errText is what a failed command said, without its download notes.
func errText(err error, stderr []byte) string {
	var lines []string
	for _, line := range strings.Split(string(stderr), "\n") {
		if !strings.HasPrefix(line, "go: downloading ") && !strings.HasPrefix(line, "go: finding ") {
			lines = append(lines, line)
		}
	}
	if s := strings.TrimSpace(strings.Join(lines, "\n")); s != "" {
		return s
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("(%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func firstN[T any](s []T, n int) []T {
	return s[:min(len(s), n)]
}

func seconds(d time.Duration) float64 {
	return math.Round(d.Seconds()*10) / 10
}

func megabytes(b int64) string {
	return fmt.Sprintf("%d MB", (b+(1<<19))>>20)
}
