// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

// Set is the assignments of UPDATE ... SET or of an upsert.
type Set []Assignment

// Assignment is column = value.
type Assignment struct {
	Column Column
	Value  interface{}
}

// Assigner provides assignments.
type Assigner interface {
	Assignments() []Assignment
}

func (set Set) Name() string { return "SET" }

func (set Set) Build(builder Builder) {}

func (set Set) MergeClause(clause *Clause) {}

func (set Set) Assignments() []Assignment { return []Assignment(set) }

// Assignments makes a Set from a map, sorted by column.
func Assignments(values map[string]interface{}) Set { return nil }

// AssignmentColumns makes a Set that sets each column to its excluded (new) value.
func AssignmentColumns(values []string) Set { return nil }

func (a Assignment) Assignments() []Assignment { return []Assignment{a} }
