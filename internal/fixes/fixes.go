// Package fixes applies suggested fixes to files as their edits say, and
// nothing more: the go/analysis checker's -fix also sorts a file's
// imports and reprints the whole file, which touches lines no fix named.
//
// The fixes are merged first: each fix whole, in order, or not at all
// when one of its edits overlaps an edit of a fix already taken. Two
// identical edits are one edit, so two fixes that add the same import
// line merge. A file that was as go/printer prints it (gofmt, less the
// sorting of imports) is printed again after the edits, which lines up
// what an edit unaligned (the values of a composite literal); any other
// file keeps its bytes outside the edits.
package fixes

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"slices"
)

// An Edit replaces the bytes [Start, End) of File with New.
type Edit struct {
	File       string
	Start, End int
	New        string
}

// A Fix is edits that go together.
type Fix []Edit

// Merge takes the fixes in order, each whole or not at all, and returns
// the edits taken, by file, sorted; and how many fixes it could not take
// because they overlap one taken before. A fix identical to one taken is
// taken once.
func Merge(fixes []Fix) (edits map[string][]Edit, skipped int) {
	edits = map[string][]Edit{}
	var taken []Fix
fixes:
	for _, fix := range fixes {
		for _, t := range taken {
			if slices.Equal(t, fix) {
				continue fixes
			}
		}
		for _, e := range fix {
			for _, other := range edits[e.File] {
				if e != other && overlap(e, other) {
					skipped++
					continue fixes
				}
			}
		}
		for _, e := range fix {
			if !slices.Contains(edits[e.File], e) {
				edits[e.File] = append(edits[e.File], e)
			}
		}
		taken = append(taken, fix)
	}
	for _, list := range edits {
		// Stable: two insertions at one offset of one fix keep its order.
		slices.SortStableFunc(list, func(a, b Edit) int { return cmp.Compare(a.Start, b.Start) })
	}
	return edits, skipped
}

// overlap says whether two edits of one file touch the same bytes, or
// insert at one offset (in no order that either fix chose), or one
// inserts at an end of what the other replaces.
func overlap(a, b Edit) bool {
	within := func(p int, e Edit) bool { return e.Start <= p && p <= e.End }
	switch {
	case a.Start == a.End:
		return within(a.Start, b)
	case b.Start == b.End:
		return within(b.Start, a)
	}
	return a.Start < b.End && b.Start < a.End
}

// Apply applies sorted, disjoint edits to src.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d, %d) out of order or past the end (%d bytes)", e.Start, e.End, len(src))
		}
		out.Write(src[last:e.Start])
		out.WriteString(e.New)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// printerNormalizeNumbers is go/printer's mode that gofmt prints with:
// number literals in their canonical form.
const printerNormalizeNumbers = 1 << 30

// Print prints a Go file as gofmt does, except that it leaves the order
// of the imports alone.
func Print(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent | printerNormalizeNumbers, Tabwidth: 8}
	var out bytes.Buffer
	if err := cfg.Fprint(&out, fset, f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Fixed returns a Go file with edits applied: printed again when the
// file was printed so before, else only edited.
func Fixed(src []byte, edits []Edit) ([]byte, error) {
	out, err := Apply(src, edits)
	if err != nil {
		return nil, err
	}
	if printed, err := Print(src); err != nil || !bytes.Equal(printed, src) {
		return out, nil
	}
	if printed, err := Print(out); err == nil {
		return printed, nil
	}
	return out, nil
}

// Generated says whether a Go file says it is generated: fixes leave it
// alone, as the go/analysis checker does.
func Generated(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments|parser.PackageClauseOnly)
	return err == nil && ast.IsGenerated(f)
}
