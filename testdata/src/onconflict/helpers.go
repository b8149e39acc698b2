package onconflict

import (
	"context"

	"example.com/store"
)

func throughHelper(ctx context.Context, s *store.Store, id string) error {
	return s.Exec(ctx, `INSERT INTO deliveries (id) VALUES ($1)`, id) // want `INSERT into deliveries appends`
}

func throughTwoHelpers(ctx context.Context, s *store.Store, id string) {
	s.MustExec(ctx, `INSERT INTO deliveries (id) VALUES ($1)`, id) // want `INSERT into deliveries appends`
}

func upsertThroughHelper(ctx context.Context, s *store.Store, id string) error {
	return s.Exec(ctx, `INSERT INTO deliveries (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, id)
}
