// Package sqlcheck tells what a PostgreSQL query does to its tables, as
// a retry sees it: whether running it twice leaves the tables as running
// it once, and, for an upsert or a MERGE, where the values of its key
// come from.
//
// It parses with PostgreSQL's own parser (pg_query_go, through cgo),
// whose types stay inside this package. The analyzers onconflict and
// executionkey read its results; it is usable on its own too, on the
// queries of any program or on .sql files.
//
//	a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
//	r := a.Analyze(`INSERT INTO payments (payment_id, amount) VALUES (gen_random_uuid(), $1)
//		ON CONFLICT (payment_id) DO NOTHING`)
//	// r.Statements[0]: KindInsert, Replaces, Keys[0] = payment_id from
//	// gen_random_uuid() (SourceExecution): a new key on every execution.
//
// # What it never does
//
// It imports nothing from go/analysis and knows nothing of Go. It never
// executes SQL and never connects to a database. It never fails and
// never panics: a text it cannot parse gives a Result whose Parsed is
// false and no statements, and the callers stay silent on it rather than
// guess. An empty text, or one of comments only, parses to no
// statements.
//
// # Normalisation
//
// Go programs write queries for other drivers and build them with
// fmt.Sprintf; before parsing, the text is rewritten so that PostgreSQL's
// parser accepts it. Only code is rewritten: never the inside of string
// literals ('...', E'...'), quoted identifiers ("..."), comments (-- and
// nested /* */) or dollar-quoted strings ($$...$$, $tag$...$tag$). Every
// Offset refers to the original text: a position inside a rewritten
// token maps to the token's start.
//
//   - ? becomes $1, $2, ... in order (database/sql with MySQL, SQLite and
//     sqlx's ? bindvar). A text that already uses $n keeps its ?, which
//     is then the jsonb operator, as are ?| and ?&.
//   - sqlx named parameters :name become $n, numbered per occurrence as
//     sqlx binds them; :: (a cast) and a colon inside [...] (an array
//     slice) are left alone. pgx named arguments @name become $n,
//     numbered per distinct name as pgx binds them; an @ glued to an
//     operator (@@, <@) is left alone. KeyValue.Name keeps the name.
//     Named parameters are numbered after the highest $n of the text.
//   - fmt verbs are found as fmt.Sprintf reads its format, everywhere in
//     the text, with fmt's argument numbering (%[2]s, %*d); KeyValue.FmtArg
//     is the 1-based Sprintf argument. A verb after FROM, INTO, UPDATE,
//     JOIN, TABLE, TRUNCATE, ONLY, USING, COPY, MERGE, INDEX,
//     CONSTRAINT or EXISTS, next to a dot, or glued to an identifier
//     (events_%s), stands for a name and becomes the identifier
//     fmtarg_N; a verb anywhere else stands for a value and becomes the
//     literal 0 (a verb inside quotes, '%s', stays as written: it is a
//     string literal already). %% becomes %. Table and column names
//     report the verb as written: INSERT INTO %s has Table "%s". When
//     the text does not parse so, it is parsed again with every verb an
//     identifier, which parses in more positions (a column list, a type).
//     A space is not taken as a fmt flag, so that a % b stays the modulo
//     operator.
//
// # Dialects
//
// Analyze reads PostgreSQL. AnalyzeDialect reads a text written for
// MySQL, SQLite, or one of the two not known which (MySQLOrSQLite: the
// forms of both are read), and Result.Dialect says which it was read in.
// pg_query_go parses PostgreSQL only; a small front end rewrites the few
// forms of the other dialects' INSERT into PostgreSQL's, as edits of
// normalisation (so Offsets stay exact), and gives the statement its
// form's Effect and a Reason in the dialect's words:
//
//	MySQL   INSERT ... ON DUPLICATE KEY UPDATE     Replaces (Increments if it adds: SET n = n + 1)
//	        INSERT [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] IGNORE [INTO]  Replaces, "INSERT IGNORE"
//	        REPLACE [LOW_PRIORITY|DELAYED] [INTO]   Replaces, "REPLACE INTO"
//	SQLite  INSERT OR IGNORE / OR REPLACE INTO      Replaces, "INSERT OR IGNORE" / "INSERT OR REPLACE"
//	        INSERT OR ROLLBACK / ABORT / FAIL INTO  as INSERT INTO: what a failure does, not a merge
//	        REPLACE INTO                            Replaces, "REPLACE INTO"
//	        ON CONFLICT ...                         as PostgreSQL's
//
// These merge on whichever unique key of the table the row hits, not on
// columns the text names: Keys is empty and AnyUniqueKey is set (as it
// is for PostgreSQL's ON CONFLICT DO NOTHING with no target). The front
// end also reads backquoted names (`name`, as "name"), SQLite's numbered
// ?NNN, and in MySQL backslash escapes in '...' literals and # comments.
// It reads only a statement's head and, in MySQL, ON DUPLICATE KEY
// UPDATE at the statement's top level, with the row alias before it
// (VALUES (...) AS new) and VALUES(col) in it; a form in a literal or a
// name (a column named ignore, REPLACE(...) in a SELECT) is not one. An
// appending INSERT says so in the dialect's words too: "no ON DUPLICATE
// KEY UPDATE" in MySQL, "no conflict clause" in MySQL or SQLite. What
// still does not parse (MySQL's INSERT ... SET, LOCK IN SHARE MODE,
// DELETE ... LIMIT) is unparsed, as always: the callers say nothing.
//
// MySQL and SQLite do not run a multi-statement text as one implicit
// transaction, as PostgreSQL does: each statement outside BEGIN ...
// COMMIT commits on its own, so a text read in their dialects is
// classified as with Options.Autocommit (a DELETE then an INSERT of the
// same table appends unless BEGIN ... COMMIT surrounds them).
//
// PlaceholderDialect tells the dialect a text's placeholders imply: $n
// PostgreSQL, ? MySQL or SQLite.
//
// # Statements and transactions
//
// Each statement of a multi-statement text is a Statement, located by
// Offset and Length in the original text without the whitespace,
// comments and semicolon around it. A data-modifying CTE (WITH x AS
// (INSERT ...)) is a Statement too, located at its text between the
// parentheses; statements are listed in text order, so a CTE's
// statement follows the statement it is part of.
//
// Delete-then-insert replaces its unit only if the two are atomic: if a
// failure between them cannot leave the DELETE done and the INSERT not.
// A text handed to Analyze is taken, by default, as one query sent in
// one call, as Go code sends it (db.Exec, pgx's Exec, an embedded .sql
// file). PostgreSQL runs the statements of such a query (simple query
// protocol) as one implicit transaction, and refuses a multi-statement
// query with parameters (extended protocol) outright. So a DELETE (or
// TRUNCATE) of a table followed by an INSERT (or COPY ... FROM) into it
// in the same text replaces, even without BEGIN and COMMIT, unless a
// COMMIT or ROLLBACK between them ends the transaction. Options.Autocommit
// analyses the text as psql -f runs a file instead: one transaction per
// statement outside BEGIN ... COMMIT, where the same pair appends. A
// DELETE in a data-modifying CTE of the INSERT itself replaces in either
// mode.
//
// Tables are compared by name, and by schema when both name one: orders
// and public.orders are taken as one table. Table is the name as the
// parser reads it: schema.table, unquoted names lower case, quoted ones
// without their quotes and with their case ("Orders" gives Orders).
//
// # Effects
//
//	Replaces    INSERT ... ON CONFLICT (cols) DO UPDATE / DO NOTHING,
//	            ON CONFLICT ON CONSTRAINT name (Keys empty, Constraint
//	            set), ON CONFLICT DO NOTHING with no target (Keys empty,
//	            AnyUniqueKey set); the dialects' merges (see
//	            Dialects); MERGE with a
//	            WHEN NOT MATCHED THEN INSERT; INSERT or COPY FROM after a
//	            DELETE or TRUNCATE of the same table in the same
//	            transaction (see above)
//	Appends     INSERT ... VALUES and INSERT ... SELECT with none of the
//	            above; COPY ... FROM. A nextval() among the values does
//	            not change this: it shows only as an execution-derived key
//	            value
//	Increments  UPDATE ... SET x = x + ... (also -, *, /, ||, and
//	            array_append, array_prepend, array_cat of the column), and
//	            SET x = nextval(...); an upsert or a MERGE whose update
//	            sets a column relative to itself (DO UPDATE SET n =
//	            counters.n + 1), since a retry adds again
//	Writes      idempotent writes: UPDATE to constants or inputs
//	            (SET status = $1), DELETE, TRUNCATE; INSERT ... SELECT
//	            ... WHERE NOT EXISTS (or NOT IN, or a LEFT JOIN of the
//	            target with WHERE target.key IS NULL) on the target (the
//	            second execution finds the row: this package calls it a
//	            write rather than a replacement, since a changed input
//	            does not replace the row); MERGE with no INSERT action;
//	            any INSERT, COPY, UPDATE or MERGE into a temporary table
//	            created earlier in the text (CREATE TEMP[ORARY] TABLE,
//	            CREATE TEMP TABLE ... AS, SELECT ... INTO TEMP), with Temp
//	            set
//	Reads       SELECT, COPY ... TO, transaction control, SET, SHOW,
//	            EXPLAIN, LOCK and the other statements that change no
//	            table
//	DDL         CREATE, ALTER, DROP, GRANT, COMMENT, SELECT ... INTO
//	Unknown     what does not parse, and what it does not classify:
//	            CALL, DO, EXECUTE, NOTIFY, EXPLAIN ANALYZE...
//
// RETURNING changes nothing. A jsonb merge (SET doc = doc ||
// $1::jsonb) is not an increment.
//
// # Keys
//
// For INSERT ... ON CONFLICT (cols), Keys has one KeyValue per conflict
// column (the first column of an expression target such as
// lower(email)), with the value the INSERT gives it: the expression at
// the column's position in the column list, in VALUES (the first row's,
// unless a row's comes from the execution: then that row's), or in the
// SELECT's target list. With no column list, or a conflict column not in
// it (it takes its default), the Source is SourceUnknown and Offset -1.
// For MERGE, Keys are the equalities of the ON condition between a
// column of the target (qualified by its name or alias) and a value,
// in order; for INSERT ... WHERE NOT EXISTS, the equalities of the
// subquery on the target table.
//
// A value is followed through the queries that produce it: a column of
// a FROM subquery, of a MERGE's USING subquery, of a CTE, of VALUES
// (column1, or an alias's column list), of unnest($1::uuid[], ...) (its
// nth argument). It ends at a placeholder (SourcePlaceholder, with
// Placeholder = n), a constant (SourceLiteral), a column of a table
// (SourceColumn, FromColumn as written, qualified), or a function of
// Options.ExecutionFuncs (SourceExecution, Function in lower case). An
// expression built from several (lower($1), $1 || $2, md5(random()::text))
// takes, in order of precedence: the execution, if any part comes from
// it; else the placeholders it uses (Placeholders lists them all); else
// a column; else a literal. Offset is where the value's expression
// starts: in the USING subquery, for a MERGE key followed there.
package sqlcheck
