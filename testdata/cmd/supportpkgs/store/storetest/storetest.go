// Package storetest helps test store, as httptest helps test http: its
// name is the name of a package it imports, and test.
package storetest

import (
	"context"
	"database/sql"
	"time"

	"example.com/supportpkgs/store"
)

// WaitForDB waits for the test container's database to answer.
func WaitForDB(db *sql.DB) {
	for {
		if store.Ping(context.Background(), db) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
