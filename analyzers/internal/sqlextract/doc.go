// Package sqlextract defines an Analyzer that finds the SQL a package
// runs and what it does. It reports nothing; the SQL checks read its
// Result.
//
// # Analyzer sqlextract
//
// sqlextract: find the queries run through database/sql, pgx, sqlx and gorm, and classify them
//
// A query is the argument of a call in the rule packs' sql-sinks. Its text
// is resolved statically: string constants and constant expressions,
// local variables assigned once, package-level variables never
// reassigned, concatenation, fmt.Sprintf with a constant format (an
// argument it cannot resolve stays a verb, which the SQL parser accepts),
// and //go:embed of a file into a string variable; the key variable of a
// range over a map made in the function yields the one text stored under
// every key (batch[sql] = append(batch[sql], row); for sql, rows := range
// batch), when the map is only indexed, ranged over, measured or cleared
// there (mapkeys.go). What cannot be resolved is skipped silently. Each text is classified by sqlcheck, statement by
// statement, and the call's bind arguments are kept so that a placeholder
// $n can be followed to the Go value bound to it.
//
// Each text is read in the dialect of the database it is sent to, which
// decides which merges are recognised and how the remedies are written:
// the client the call goes through, when it talks to one database (pgx
// is PostgreSQL's); else the drivers the package imports, directly or
// through its imports (the standard library aside, at most 2000
// packages), as the rule packs' sql-drivers list them: lib/pq, pgx,
// go-pg, bun's and gorm's PostgreSQL packages and cockroach-go for
// PostgreSQL; go-sql-driver/mysql, mymysql, go-mysql and bun's and
// gorm's MySQL packages for MySQL; mattn/go-sqlite3, modernc.org/sqlite,
// ncruces/go-sqlite3, glebarez, zombiezen, crawshaw, libsql and bun's
// and gorm's SQLite packages for SQLite. When those name one dialect, it is the text's. Otherwise the
// placeholders decide: $n is PostgreSQL; ? is MySQL or SQLite, narrowed
// to the one of the two the package imports, else either (and a remedy
// must then be valid in both), except through a sink that rebinds ? for
// any driver (gorm's Exec and Raw: rules: rebinds); a text with neither is read as
// PostgreSQL, as before dialects. A driver imported for its side effect
// in a package that the analysed one does not import (the main package,
// usually) is not seen: the placeholders decide then.
//
// A project's own query helper (a function that passes a string parameter
// on as the query of a sink, like Store.Exec(ctx, query, args...)) is a
// sink too, in any package: it is exported as a fact with the query's and
// the bind arguments' parameter indices.
//
// A method of an interface that mirrors a sink (the same name and
// signature as a sink method of a package in the import graph, as sqlc's
// DBTX mirrors *sql.DB) is a sink too.
//
// The file a //go:embed names, and the module's migrations, are read
// only when the package's files are named by absolute paths, as the go
// command's drivers name them. A build system that names them relative
// to its action's sandbox (Bazel's nogo) gives the analysis the
// package's Go files and nothing else: an embedded query is not read
// there, and the schema is empty, whether the action runs sandboxed or
// not, so that its result depends only on its inputs.
//
// A call is in a transaction when its receiver is a transaction value
// (rules: transactions) or the transaction parameter of a callback that a
// transaction runs (rules: transaction-callbacks); the checks use it to
// see delete-then-insert on one transaction.
//
// # Batches of rows and texts chosen by implementation
//
// strings.Join of a local list of strings is resolved: a list of
// constants (a literal, with what is appended to it under an if, outside
// a loop, left out: the text as it is on the path where no condition
// holds), or a list of fixed length (make([]string, 3), or
// make([]string, len(cols)) of such a literal) whose elements are one
// text, joined; and a list of identical parenthesised
// rows joined with commas, whatever its length, as its one row (a VALUES
// list built at run time), its placeholders numbered at run time
// (fmt.Sprintf("$%d", len(args)+j+1)) numbered $1..$n as in the first
// row. When the call spreads a slice that one append per row fills,
// beside the row's own append in one loop's body, with as many values
// as the row has placeholders, those values are the query's Args; other
// appends to it may only come after that one in the loop's body, under
// a condition (the values of optional columns, left out of the text). A
// call of a method with no parameters of an interface of the package,
// whose every implementation there returns a constant text, is resolved to
// each in turn (up to four); the query is kept only when every reading
// is analysed alike.
//
// A call of a local variable assigned once a method value (exec :=
// tx.ExecContext) is a call of that method: a sink when the method is
// one, on the transaction its receiver is.
package sqlextract
