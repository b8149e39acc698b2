// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

// Interface is a clause of a statement.
type Interface interface {
	Name() string
	Build(Builder)
	MergeClause(*Clause)
}

// ClauseBuilder builds a clause.
type ClauseBuilder func(Clause, Builder)

// Writer is where SQL is written.
type Writer interface {
	WriteByte(byte) error
	WriteString(string) (int, error)
}

// Builder builds SQL and collects its variables.
type Builder interface {
	Writer
	WriteQuoted(field interface{})
	AddVar(Writer, ...interface{})
	AddError(error) error
}

// Clause is one named clause of a statement, such as WHERE.
type Clause struct {
	Name                string
	BeforeExpression    Expression
	AfterNameExpression Expression
	AfterExpression     Expression
	Expression          Expression
	Builder             ClauseBuilder
}

func (c Clause) Build(builder Builder) {}

const (
	PrimaryKey   string = "~~~py~~~"
	CurrentTable string = "~~~ct~~~"
	Associations string = "~~~as~~~"
)

var PrimaryColumn = Column{Table: CurrentTable, Name: PrimaryKey}

// Column is a quoted column name.
type Column struct {
	Table string
	Name  string
	Alias string
	Raw   bool
}

// Table is a quoted table name.
type Table struct {
	Name  string
	Alias string
	Raw   bool
}
