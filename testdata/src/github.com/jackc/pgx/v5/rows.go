// Package pgx is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgx

import (
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// Rows is the result set of a query.
type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgconn.FieldDescription
	Next() bool
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
	Conn() *Conn
	TypeMap() *pgtype.Map
}

// Row is the single row of QueryRow.
type Row interface {
	Scan(dest ...any) error
}

// RowScanner scans a whole row at once.
type RowScanner interface {
	ScanRow(rows Rows) error
}

func ForEachRow(rows Rows, scans []any, fn func() error) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

// CollectableRow is the part of Rows that a RowToFunc may use.
type CollectableRow interface {
	FieldDescriptions() []pgconn.FieldDescription
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
}

type RowToFunc[T any] func(row CollectableRow) (T, error)

func AppendRows[T any, S ~[]T](slice S, rows Rows, fn RowToFunc[T]) (S, error) { return slice, nil }

func CollectRows[T any](rows Rows, fn RowToFunc[T]) ([]T, error) { return nil, nil }

func CollectOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) {
	var value T
	return value, nil
}

func CollectExactlyOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) {
	var value T
	return value, nil
}

func RowTo[T any](row CollectableRow) (T, error) {
	var value T
	return value, nil
}

func RowToAddrOf[T any](row CollectableRow) (*T, error) { return nil, nil }

func RowToMap(row CollectableRow) (map[string]any, error) { return nil, nil }

func RowToStructByPos[T any](row CollectableRow) (T, error) {
	var value T
	return value, nil
}

func RowToStructByName[T any](row CollectableRow) (T, error) {
	var value T
	return value, nil
}

func RowToStructByNameLax[T any](row CollectableRow) (T, error) {
	var value T
	return value, nil
}
