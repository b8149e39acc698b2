// Package exp is a test stub of github.com/doug-martin/goqu/v9@v9.19.0: exported API only, bodies are not real.
package exp

type (
	Vals []interface{}

	Expression interface {
		Clone() Expression
		Expression() Expression
	}

	ConflictAction     int
	ConflictExpression interface {
		Expression
		Action() ConflictAction
	}
	ConflictUpdateExpression interface {
		ConflictExpression
		TargetColumn() string
		Where(expressions ...Expression) ConflictUpdateExpression
		WhereClause() ExpressionList
		Update() interface{}
	}

	ExpressionListType int
	ExpressionList     interface {
		Expression
		Type() ExpressionListType
		Expressions() []Expression
		Append(...Expression) ExpressionList
		IsEmpty() bool
	}
)

type Record map[string]interface{}

func (r Record) Cols() []string { return nil }
