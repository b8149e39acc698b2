// Package pgconn is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgconn

// PgError is an error reported by the PostgreSQL server.
type PgError struct {
	Severity            string
	SeverityUnlocalized string
	Code                string
	Message             string
	Detail              string
	Hint                string
	Position            int32
	InternalPosition    int32
	InternalQuery       string
	Where               string
	SchemaName          string
	TableName           string
	ColumnName          string
	DataTypeName        string
	ConstraintName      string
	File                string
	Line                int32
	Routine             string
}

func (pe *PgError) Error() string    { return pe.Severity + ": " + pe.Message }
func (pe *PgError) SQLState() string { return pe.Code }
