package onconflictretried

import (
	"database/sql"
	"fmt"
	"strings"

	retry "github.com/avast/retry-go/v4"
)

// metricSink writes rows into tables it learns at run time, caching the
// INSERT it formats for each.
type metricSink struct {
	db      *sql.DB
	inserts map[string]string
	upserts map[string]string
}

func (s *metricSink) insertText(table string, cols []string) string {
	marks := make([]string, len(cols))
	for i := range cols {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", table, strings.Join(cols, ","), strings.Join(marks, ","))
}

func (s *metricSink) send(query string, vals []any) error {
	_, err := s.db.Exec(query, vals...)
	return err
}

// The text is the cached one or a new one of the same shape: an INSERT
// with no conflict clause, whatever the table.
func (s *metricSink) write(table string, cols []string, vals []any) error {
	return retry.Do(func() error {
		query, ok := s.inserts[table]
		if !ok {
			query = s.insertText(table, cols)
			s.inserts[table] = query
		}
		return s.send(query, vals) // want `INSERT into a table named at run time appends \(no ON CONFLICT\), retried by retry.Do`
	})
}

func (s *metricSink) upsertText(table string, cols []string) string {
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT DO NOTHING", table, strings.Join(cols, ","), strings.Join(cols, ","))
}

// The same cache shape around a merge: silent.
func (s *metricSink) upsert(table string, cols []string, vals []any) error {
	return retry.Do(func() error {
		query, ok := s.upserts[table]
		if !ok {
			query = s.upsertText(table, cols)
			s.upserts[table] = query
		}
		return s.send(query, vals)
	})
}

// A variable whose values differ is not read.
func (s *metricSink) either(table string, cols []string, vals []any, merge bool) error {
	return retry.Do(func() error {
		query := s.insertText(table, cols)
		if merge {
			query = s.upsertText(table, cols)
		}
		return s.send(query, vals)
	})
}
