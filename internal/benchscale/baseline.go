package main

import (
	"archive/tar"
	"bytes"
	"debug/buildinfo"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// buildEnv is added to the environment of both builds of retrylint: no
// workspace of the caller's, and the go command on PATH, whatever
// toolchain a revision's go.mod asks for.
var buildEnv = []string{"GOWORK=off", "GOTOOLCHAIN=local"}

// buildRetrylint builds cmd/retrylint of the source tree src (the work
// tree when "") into bin. The tree's build and the baseline's go through
// here alone, so that they share the command, its flags and environment.
func buildRetrylint(src, bin string) error {
	_, err := output(src, buildEnv, "go", "build", "-buildvcs=false", "-o", bin, "./cmd/retrylint")
	return err
}

// revision is a commit of the repository, as the report names it.
type revision struct {
	Hash    string // in full
	Short   string
	Subject string
}

// resolve names the commit rev is, in the repository of the current
// folder.
func resolve(rev string) (revision, error) {
	out, err := output("", nil, "git", "log", "-1", "--format=%H%n%h%n%s", rev+"^{commit}", "--")
	if err != nil {
		return revision{}, fmt.Errorf("-baseline %s: not a commit of this repository: %v", rev, err)
	}
	lines := strings.SplitN(strings.TrimRight(out, "\n"), "\n", 3)
	if len(lines) < 3 {
		return revision{}, fmt.Errorf("-baseline %s: unexpected git log output %q", rev, out)
	}
	return revision{Hash: lines[0], Short: lines[1], Subject: lines[2]}, nil
}

// extract writes the files of commit hash into the empty folder dir, as
// git archive gives them; the work tree and the index are not touched.
func extract(hash, dir string) error {
	cmd := exec.Command("git", "archive", "--format=tar", hash)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	archive, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	err = untar(archive, dir)
	if err != nil {
		io.Copy(io.Discard, archive) // let git finish writing before Wait
	}
	if werr := cmd.Wait(); werr != nil && err == nil {
		err = fmt.Errorf("git archive %s: %v: %s", hash, werr, lastLines(stderr.Bytes()))
	}
	return err
}

// untar writes the folders and regular files of a tar stream under dir.
// git archive writes nothing else but its pax header (the commit), and
// a symbolic link, should the repository ever hold one, is not needed to
// build the command.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if !filepath.IsLocal(h.Name) {
			return fmt.Errorf("archive entry %q outside of the folder", h.Name)
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(target, 0o755)
		case tar.TypeReg:
			err = writeFile(target, tr, os.FileMode(h.Mode)&0o111|0o644)
		}
		if err != nil {
			return err
		}
	}
}

func writeFile(name string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, mode)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	return errors.Join(err, f.Close())
}

// sameBuild says how two binaries were built differently: their Go
// versions and build settings (compiler flags, GOAMD64, CGO_ENABLED...),
// but the settings that record where the source came from.
func sameBuild(a, b string) (goVersion string, diffs []string, err error) {
	ia, err := buildinfo.ReadFile(a)
	if err != nil {
		return "", nil, err
	}
	ib, err := buildinfo.ReadFile(b)
	if err != nil {
		return "", nil, err
	}
	if ia.GoVersion != ib.GoVersion {
		diffs = append(diffs, fmt.Sprintf("go version %s and %s", ia.GoVersion, ib.GoVersion))
	}
	settings := func(info *buildinfo.BuildInfo) []string {
		var kv []string
		for _, s := range info.Settings {
			if !strings.HasPrefix(s.Key, "vcs") {
				kv = append(kv, s.Key+"="+s.Value)
			}
		}
		slices.Sort(kv)
		return kv
	}
	sa, sb := settings(ia), settings(ib)
	for _, s := range sa {
		if !slices.Contains(sb, s) {
			diffs = append(diffs, "tree "+s)
		}
	}
	for _, s := range sb {
		if !slices.Contains(sa, s) {
			diffs = append(diffs, "baseline "+s)
		}
	}
	return ia.GoVersion, diffs, nil
}
