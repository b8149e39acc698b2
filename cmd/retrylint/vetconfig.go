package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// go vet asks the tool for its version (-V=full) once, before any
// package, with none of the flags it was given: those go to the run of
// each package, hundreds for one package of the user's (vet runs the tool
// on every dependency, for facts). A -config that cannot be loaded would
// be reported by each of them. The version query instead reads the
// -config of the go vet command that runs it, from that command's line,
// and a configuration that cannot be loaded fails the query: vet prints
// the message once and stops before the packages. Its content is then in
// the version too, so that vet's cache does not serve results computed
// under an earlier content of the file.
//
// The parent's command line is read where the system shows it
// (/proc); elsewhere the runs of the packages report the error.

// versionQuery reports whether args are go vet's query for the version.
func versionQuery(args []string) bool {
	return len(args) == 1 && (args[0] == "-V=full" || args[0] == "--V=full")
}

// vetConfig returns the configuration file of the go vet command that
// runs the version query, or file if it gives none or is not go vet. A
// relative -config, which each package's run would read from the
// package's own directory, ends the command with a message.
func vetConfig(file string) string {
	args := vetArgs()
	if args == nil {
		return file
	}
	given := ""
	for _, flags := range [][]string{strings.Fields(os.Getenv("GOFLAGS")), args} {
		if f, _ := configFlag(flags); f != "" {
			given = f // the command's own flag overrides GOFLAGS
		}
	}
	if given == "" {
		return file
	}
	if !filepath.IsAbs(given) {
		fmt.Fprintf(os.Stderr, "%s: -config %s: under go vet, give an absolute path: vet runs the tool in each package's directory\n", filepath.Base(os.Args[0]), given)
		os.Exit(2)
	}
	return given
}

// vetArgs returns the arguments after "vet" of the parent process when it
// is a go vet command (go [-C dir] vet ...), or nil.
func vetArgs() []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", os.Getppid()))
	if err != nil {
		return nil
	}
	args := strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
	if len(args) < 2 || !strings.HasPrefix(filepath.Base(args[0]), "go") {
		return nil
	}
	args = args[1:]
	switch {
	case len(args) >= 3 && (args[0] == "-C" || args[0] == "--C"):
		args = args[2:]
	case len(args) >= 2 && (strings.HasPrefix(args[0], "-C=") || strings.HasPrefix(args[0], "--C=")):
		args = args[1:]
	}
	if args[0] != "vet" {
		return nil
	}
	return args[1:]
}

// configFlag returns the value of -config or --config in the flags of a
// command line, and whether the flag is there; the value is "" when it is
// missing.
func configFlag(args []string) (value string, given bool) {
	for i, arg := range args {
		if arg == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		if !strings.HasPrefix(arg, "-") || name != "config" {
			continue
		}
		if hasValue {
			return value, true
		}
		if i+1 < len(args) {
			return args[i+1], true
		}
		return "", true
	}
	return "", false
}
