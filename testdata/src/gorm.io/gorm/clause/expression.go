// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

// Expression builds a piece of SQL.
type Expression interface {
	Build(builder Builder)
}

// NegationExpressionBuilder builds the negation of an expression.
type NegationExpressionBuilder interface {
	NegationBuild(builder Builder)
}

// Expr is raw SQL with ? placeholders bound to Vars.
type Expr struct {
	SQL                string
	Vars               []interface{}
	WithoutParentheses bool
}

func (expr Expr) Build(builder Builder) {}

// NamedExpr is raw SQL with @name placeholders.
type NamedExpr struct {
	SQL  string
	Vars []interface{}
}

func (expr NamedExpr) Build(builder Builder) {}

// IN is column IN (values).
type IN struct {
	Column interface{}
	Values []interface{}
}

func (in IN) Build(builder Builder)         {}
func (in IN) NegationBuild(builder Builder) {}

// Eq is column = value.
type Eq struct {
	Column interface{}
	Value  interface{}
}

func (eq Eq) Build(builder Builder)         {}
func (eq Eq) NegationBuild(builder Builder) {}

type Neq Eq

func (neq Neq) Build(builder Builder)         {}
func (neq Neq) NegationBuild(builder Builder) {}

type Gt Eq

func (gt Gt) Build(builder Builder)         {}
func (gt Gt) NegationBuild(builder Builder) {}

type Gte Eq

func (gte Gte) Build(builder Builder)         {}
func (gte Gte) NegationBuild(builder Builder) {}

type Lt Eq

func (lt Lt) Build(builder Builder)         {}
func (lt Lt) NegationBuild(builder Builder) {}

type Lte Eq

func (lte Lte) Build(builder Builder)         {}
func (lte Lte) NegationBuild(builder Builder) {}

type Like Eq

func (like Like) Build(builder Builder)         {}
func (like Like) NegationBuild(builder Builder) {}
