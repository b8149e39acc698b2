package executionkey

import (
	"context"
	"crypto/sha1"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

func uuidKey(ctx context.Context, pool *pgxpool.Pool, payload string) error {
	id := uuid.NewString()
	_, err := pool.Exec(ctx, `INSERT INTO messages (message_id, payload) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING`, id, payload) // want `conflict key message_id of messages is bound to \$1 from uuid.NewString\(\)`
	return err
}

// Negatives.

func derivedKey(ctx context.Context, pool *pgxpool.Pool, orderID, payload string) error {
	id := uuid.NewSHA1(uuid.NameSpaceURL, []byte(orderID))
	_, err := pool.Exec(ctx, `INSERT INTO messages (message_id, payload) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING`, id, payload)
	return err
}

func hashedKey(ctx context.Context, pool *pgxpool.Pool, payload string) error {
	sum := sha1.Sum([]byte(payload))
	_, err := pool.Exec(ctx, `INSERT INTO blobs (digest, payload) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING`, sum[:], payload)
	return err
}
