// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

// Limit is LIMIT and OFFSET.
type Limit struct {
	Limit  *int
	Offset int
}

func (limit Limit) Name() string { return "LIMIT" }

func (limit Limit) Build(builder Builder) {}

func (limit Limit) MergeClause(clause *Clause) {}
