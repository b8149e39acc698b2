// Package analysisutil holds small helpers shared by the analyzers.
package analysisutil

import (
	"go/parser"
	"go/token"
	"strings"
)

// Doc returns the documentation of an analyzer from the source of
// its doc.go: the package comment after its "# Analyzer NAME" heading,
// with the first line (NAME: summary) turned into the summary.
func Doc(src string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		panic("doc.go has no package comment")
	}
	text := f.Doc.Text()
	_, after, ok := strings.Cut(text, "# Analyzer ")
	if !ok {
		panic("doc.go has no # Analyzer heading")
	}
	_, body, _ := strings.Cut(after, "\n")
	body = strings.TrimSpace(body)
	// "name: summary" becomes "summary".
	if first, rest, ok := strings.Cut(body, "\n"); ok {
		if _, summary, ok := strings.Cut(first, ": "); ok {
			return summary + "\n" + rest
		}
	}
	return body
}
