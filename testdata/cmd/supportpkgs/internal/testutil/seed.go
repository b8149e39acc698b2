package testutil

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"time"
)

// Seed inserts a fixture row, three times at most.
func Seed(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = db.ExecContext(ctx, "INSERT INTO fixtures (id) VALUES ($1)", id); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}

// SeedKeyed inserts a fixture row under a key the database makes.
func SeedKeyed(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO named (id, name) VALUES (gen_random_uuid(), $1) ON CONFLICT (id) DO NOTHING", name)
	return err
}

// Register posts the test user to the fake identity provider.
func Register(url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		if resp, err = http.Post(url, "application/json", strings.NewReader(`{"user":"test"}`)); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}

// Record writes the test's log into the folder of the day.
func Record(dir string, log []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = os.WriteFile(dir+"/"+time.Now().Format("2006-01-02")+".log", log, 0o644); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}
