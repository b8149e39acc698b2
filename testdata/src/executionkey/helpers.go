package executionkey

import (
	"context"
	"time"

	"example.com/store"
)

func keyThroughHelper(ctx context.Context, s *store.Store, n int) error {
	return s.Exec(ctx, `INSERT INTO counters (bucket, n) VALUES ($1, $2) ON CONFLICT (bucket) DO UPDATE SET n = EXCLUDED.n`, time.Now().Truncate(time.Hour), n) // want `conflict key bucket of counters is bound to \$1 from time.Now\(\)`
}
