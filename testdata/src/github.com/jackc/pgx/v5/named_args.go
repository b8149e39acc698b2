// Package pgx is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgx

import "context"

// NamedArgs, as the only query argument, binds @name placeholders.
type NamedArgs map[string]any

func (na NamedArgs) RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error) {
	return sql, args, nil
}

// StrictNamedArgs is NamedArgs that fails on missing or extra names.
type StrictNamedArgs map[string]any

func (sna StrictNamedArgs) RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error) {
	return sql, args, nil
}
