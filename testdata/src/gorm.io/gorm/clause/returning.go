// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

// Returning is RETURNING columns.
type Returning struct {
	Columns []Column
}

func (returning Returning) Name() string { return "RETURNING" }

func (returning Returning) Build(builder Builder) {}

func (returning Returning) MergeClause(clause *Clause) {}
