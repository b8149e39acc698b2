// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

const (
	AndWithSpace = " AND "
	OrWithSpace  = " OR "
)

// Where is a WHERE clause.
type Where struct {
	Exprs []Expression
}

func (where Where) Name() string { return "WHERE" }

func (where Where) Build(builder Builder) {}

func (where Where) MergeClause(clause *Clause) {}

func And(exprs ...Expression) Expression { return AndConditions{Exprs: exprs} }

type AndConditions struct {
	Exprs []Expression
}

func (and AndConditions) Build(builder Builder) {}

func Or(exprs ...Expression) Expression { return OrConditions{Exprs: exprs} }

type OrConditions struct {
	Exprs []Expression
}

func (or OrConditions) Build(builder Builder) {}

func Not(exprs ...Expression) Expression { return NotConditions{Exprs: exprs} }

type NotConditions struct {
	Exprs []Expression
}

func (not NotConditions) Build(builder Builder) {}
