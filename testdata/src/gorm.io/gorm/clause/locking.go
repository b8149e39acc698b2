// Package clause is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package clause

const (
	LockingStrengthUpdate    = "UPDATE"
	LockingStrengthShare     = "SHARE"
	LockingOptionsSkipLocked = "SKIP LOCKED"
	LockingOptionsNoWait     = "NOWAIT"
)

// Locking is FOR UPDATE and the like.
type Locking struct {
	Strength string
	Table    Table
	Options  string
}

func (locking Locking) Name() string { return "FOR" }

func (locking Locking) Build(builder Builder) {}

func (locking Locking) MergeClause(clause *Clause) {}
