// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

// OnConflict is INSERT ... ON CONFLICT (an upsert).
type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

func (OnConflict) Name() string { return "ON CONFLICT" }

func (onConflict OnConflict) Build(builder Builder) {}

func (onConflict OnConflict) MergeClause(clause *Clause) {}
