// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

type OrderByColumn struct {
	Column  Column
	Desc    bool
	Reorder bool
}

// OrderBy is ORDER BY.
type OrderBy struct {
	Columns    []OrderByColumn
	Expression Expression
}

func (orderBy OrderBy) Name() string { return "ORDER BY" }

func (orderBy OrderBy) Build(builder Builder) {}

func (orderBy OrderBy) MergeClause(clause *Clause) {}
