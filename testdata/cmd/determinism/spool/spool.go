// Package spool appends records to files and reads counts.
package spool

import (
	"os"
	"strconv"
)

// Append appends a record to the spool file.
func Append(name string, record []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(record); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Count parses a count.
func Count(s string) (int, error) { return strconv.Atoi(s) }
