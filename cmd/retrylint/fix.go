package main

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/internal/fixes"
)

const (
	usageFix  = "apply all suggested fixes, and print no findings"
	usageDiff = "with -fix, don't update the files, but print a unified diff"
)

// setFix makes the run apply the first suggested fix of each diagnostic
// of the packages named, in place of printing them, or, with diff,
// print what it would change. The edits are applied as they are, with
// nothing sorted or reformatted that they do not touch (internal/fixes).
func setFix(opt *driver.Options, diff bool) {
	stdout, stderr := opt.Stdout, opt.Stderr
	checks := opt.Analyzers
	opt.Report = func(results []driver.PackageResult) error {
		var list []fixes.Fix
		for _, res := range results {
			for _, a := range checks {
				for _, d := range res.Diags[a.Name] {
					if len(d.Fixes) == 0 {
						continue
					}
					var fix fixes.Fix
					for _, e := range d.Fixes[0].Edits {
						fix = append(fix, fixes.Edit{File: e.Filename, Start: e.Start, End: e.End, New: e.New})
					}
					list = append(list, fix)
				}
			}
		}
		return applyFixes(list, diff, stdout, stderr)
	}
}

// applyFixes merges the fixes and writes the files they change, or
// prints the diff. A fix that overlaps another, or edits a generated
// file, is left out, and the run fails saying so.
func applyFixes(list []fixes.Fix, diff bool, stdout, stderr io.Writer) error {
	edits, skipped := fixes.Merge(list)
	files := make([]string, 0, len(edits))
	for file := range edits {
		files = append(files, file)
	}
	slices.Sort(files)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		if fixes.Generated(src) {
			fmt.Fprintf(stderr, "retrylint: %s is generated: its fixes are not applied\n", file)
			skipped++
			continue
		}
		out, err := fixes.Fixed(src, edits[file])
		if err != nil {
			return fmt.Errorf("retrylint: %s: %v (did it change since it was analysed?)", file, err)
		}
		if diff {
			fmt.Fprint(stdout, fixes.Unified(file+" (old)", file+" (new)", src, out))
			continue
		}
		info, err := os.Stat(file)
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, out, info.Mode().Perm()); err != nil {
			return err
		}
	}
	if skipped > 0 {
		return fmt.Errorf("retrylint: %d of %d fixes not applied (they overlap another fix, or edit a generated file); run the command again to apply more", skipped, len(list))
	}
	return nil
}
