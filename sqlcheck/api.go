package sqlcheck

import "strings"

// Effect is what a statement does to its target table, as a retry sees it:
// whether running it twice leaves the table as running it once.
type Effect int

const (
	Unknown    Effect = iota // not parsed, or not classified: say nothing
	Reads                    // SELECT, and statements that change no table
	Replaces                 // replaces its unit: upsert, MERGE, delete-then-insert or truncate-then-insert in one script
	Appends                  // adds rows every time: INSERT without ON CONFLICT, INSERT ... SELECT, COPY ... FROM
	Increments               // changes a value relative to itself: SET x = x + 1, nextval()
	Writes                   // idempotent write: UPDATE to constants or inputs, DELETE
	DDL                      // schema changes
	// Rejects is an INSERT that adds rows once: a primary or unique key
	// of its table takes all its columns from the input, so a second
	// execution fails with a unique violation and writes nothing. Only
	// a Schema's Judge says so.
	Rejects
)

// Kind is the statement's SQL kind.
type Kind string

const (
	KindSelect      Kind = "select"
	KindInsert      Kind = "insert"
	KindUpdate      Kind = "update"
	KindDelete      Kind = "delete"
	KindMerge       Kind = "merge"
	KindCopy        Kind = "copy"
	KindTruncate    Kind = "truncate"
	KindDDL         Kind = "ddl"
	KindTransaction Kind = "transaction" // BEGIN, COMMIT, ROLLBACK, SAVEPOINT
	KindOther       Kind = "other"
)

// Source is where a key column's value comes from.
type Source int

const (
	SourceUnknown     Source = iota
	SourceLiteral            // a constant in the query
	SourcePlaceholder        // a bind parameter $n: the caller's argument n
	SourceColumn             // a column of a source query (INSERT ... SELECT, MERGE ... USING)
	SourceExecution          // a function whose value comes from the execution: now(), gen_random_uuid(), nextval()
)

// KeyValue is one column of a conflict or merge key and the value the
// statement gives it.
type KeyValue struct {
	Column      string
	Source      Source
	Placeholder int    // n of $n, for SourcePlaceholder (1-based)
	Function    string // the function's name, lower case, for SourceExecution
	FromColumn  string // the source query's column, for SourceColumn
	// Placeholders are every $n the value depends on, in text order,
	// for SourcePlaceholder: $1 || '-' || $2 gives [1 2]. Placeholder
	// is the first.
	Placeholders []int
	// Name is the name of a named parameter (sqlx :name, pgx @name)
	// that normalisation turned into Placeholder.
	Name string
	// FmtArg is, for a value written as a fmt verb (%d, or '%s' in
	// quotes) in a text built with fmt.Sprintf, the 1-based index of the
	// Sprintf argument that fills it; 0 otherwise. Source is then
	// SourceLiteral: the executed text holds a constant, which the Go
	// side can follow to the argument.
	FmtArg int
	// Offset is the byte offset in the original query text of the
	// expression that gives the value, or -1.
	Offset int
	// Default is set when the INSERT leaves the column out and the
	// table's DEFAULT gives the value (Function), as a Schema says.
	Default bool
}

// Written returns a SourceExecution value as SQL writes it: now(),
// current_timestamp (a value function takes no parentheses), max()+1.
func (k KeyValue) Written() string {
	switch {
	case strings.ContainsAny(k.Function, "()"):
		return k.Function
	case strings.HasPrefix(k.Function, "current_") || strings.HasPrefix(k.Function, "local"):
		return k.Function
	}
	return k.Function + "()"
}

// Statement is one statement of a query text.
type Statement struct {
	Kind   Kind
	Effect Effect
	// Table is the target table as written (schema.table), unquoted and
	// lower-cased unless it was quoted; "" for statements without one.
	Table string
	// Tables are all the targets of a statement with several (TRUNCATE
	// a, b), as Table names them; nil when there is one or none.
	Tables []string
	// Temp is true for a target created as a temporary table in the same
	// script.
	Temp bool
	// Keys are the conflict target (INSERT ... ON CONFLICT) or merge
	// condition (MERGE ... ON) columns, with where their values come from.
	Keys []KeyValue
	// Constraint is the constraint named by ON CONFLICT ON CONSTRAINT
	// name: a conflict target whose columns the text does not say (Keys
	// is empty).
	Constraint string
	// AnyUniqueKey is true for a merge whose conflict target is every
	// unique key of the table rather than columns the text names (Keys
	// is then empty): ON CONFLICT DO NOTHING with no target; MySQL's ON
	// DUPLICATE KEY UPDATE, INSERT IGNORE and REPLACE; SQLite's INSERT OR
	// IGNORE, INSERT OR REPLACE and REPLACE. It replaces its unit when
	// the table has a unique key whose values come from the input.
	AnyUniqueKey bool
	// Reason says in a few words why Effect was chosen, for messages, in
	// the words of the text's dialect: "ON CONFLICT (order_id) DO
	// UPDATE", "DELETE then INSERT in one transaction", "no ON
	// CONFLICT", "INSERT IGNORE", "no ON DUPLICATE KEY UPDATE".
	Reason string
	// Offset and Length locate the statement in the original query text.
	Offset, Length int
	// Inserted are the columns an INSERT gives a value, with where the
	// value comes from, in the order of its column list; without a
	// column list, Column is "" and the order is the table's.
	Inserted []KeyValue
	// Definition is the target table as a Schema defines it, once the
	// statement is judged with one (Schema.Judge); nil when unknown.
	Definition *Table
	// Unmatched is set on an INSERT ... ON CONFLICT (cols) when no
	// primary key or unique constraint or index of the table has exactly
	// those columns: PostgreSQL and SQLite reject the statement.
	Unmatched bool
	// Sequence is set on a SELECT whose one result is a value the
	// execution reads to key a new row: "max()" or "count()" (the caller
	// adds one), "max()+1", or an execution function's ("nextval()").
	Sequence string
}

// Result is the analysis of one query text.
type Result struct {
	// Parsed is false when the text did not parse; Statements is empty.
	Parsed     bool
	Statements []Statement
	// Dialect is the dialect the text was read in (AnalyzeDialect);
	// DialectUnknown, read as PostgreSQL, for Analyze.
	Dialect Dialect
}
