// Command noop is the floor of a checker that loads every package into
// one process: a multichecker whose only analyzer reports nothing but
// declares a fact type, which makes the checker load every dependency
// from source as retrylint's single-process driver does.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// mark is the fact type no package ever exports.
type mark struct{}

func (*mark) AFact()         {}
func (*mark) String() string { return "mark" }

var analyzer = &analysis.Analyzer{
	Name:      "noop",
	Doc:       "noop does nothing; it declares a fact type so that every dependency is loaded from source",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(mark)},
}

func main() { multichecker.Main(analyzer) }
