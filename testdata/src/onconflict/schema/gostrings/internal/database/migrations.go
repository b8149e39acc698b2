// Package database keeps the schema's history as Go strings, applied in
// order at start-up.
package database

var migrations = []string{
	`CREATE TABLE subscriptions (
		id serial PRIMARY KEY,
		user_id int NOT NULL,
		feed_url text NOT NULL,
		UNIQUE (user_id, feed_url)
	)`,
	`CREATE TABLE fetch_log (id serial PRIMARY KEY, feed_url text NOT NULL, fetched_at timestamptz DEFAULT now())`,
	"ALTER TABLE fetch_log ADD COLUMN attempt int",
}

// A table written as constant pieces joined with +.
const createSeen = "CREATE TABLE IF NOT EXISTS seen_items(" +
	"feed_id int NOT NULL, " +
	"hash text NOT NULL, " +
	"PRIMARY KEY (feed_id, hash))"
