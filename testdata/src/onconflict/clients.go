package onconflict

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"
)

func pgxAppend(ctx context.Context, pool *pgxpool.Pool, id string) error {
	_, err := pool.Exec(ctx, `INSERT INTO deliveries (id) VALUES ($1)`, id) // want `INSERT into deliveries appends`
	return err
}

func pgxBatchAppend(ctx context.Context, conn *pgx.Conn, ids []string) error {
	batch := &pgx.Batch{}
	for _, id := range ids {
		batch.Queue(`INSERT INTO deliveries (id) VALUES ($1)`, id) // want `INSERT into deliveries appends`
	}
	return conn.SendBatch(ctx, batch).Close()
}

func pgxCopy(ctx context.Context, conn *pgx.Conn, rows [][]any) error {
	_, err := conn.CopyFrom(ctx, pgx.Identifier{"analytics", "fct_events"}, []string{"id", "payload"}, pgx.CopyFromRows(rows)) // want `CopyFrom copies rows into analytics.fct_events, which appends`
	return err
}

func sqlxAppend(db *sqlx.DB, name string) {
	db.MustExec(`INSERT INTO signups (email) VALUES ($1)`, name) // want `INSERT into signups appends`
}

type signup struct{ Email string }

func sqlxNamed(ctx context.Context, db *sqlx.DB, s signup) error {
	_, err := db.NamedExecContext(ctx, `INSERT INTO signups (email) VALUES (:email)`, s) // want `INSERT into signups appends`
	return err
}

func gormAppend(db *gorm.DB, id string) error {
	return db.Exec(`INSERT INTO audit (id) VALUES (?)`, id).Error // want `INSERT into audit appends`
}

// Negatives: the unit is replaced on one transaction.

func pgxBeginFunc(ctx context.Context, pool *pgxpool.Pool, day string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM fct_daily WHERE day = $1`, day); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO fct_daily (day, total) SELECT day, count(*) FROM events WHERE day = $1 GROUP BY day`, day)
		return err
	})
}

func pgxBatchReplace(ctx context.Context, conn *pgx.Conn, day string) error {
	batch := &pgx.Batch{}
	batch.Queue(`DELETE FROM fct_daily WHERE day = $1`, day)
	batch.Queue(`INSERT INTO fct_daily (day, total) SELECT day, count(*) FROM events WHERE day = $1 GROUP BY day`, day)
	return conn.SendBatch(ctx, batch).Close()
}

func gormTransaction(db *gorm.DB, day string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`DELETE FROM fct_daily WHERE day = ?`, day).Error; err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO fct_daily (day, total) SELECT day, count(*) FROM events WHERE day = ? GROUP BY day`, day).Error
	})
}

func sqlxTx(db *sqlx.DB, day string) error {
	tx := db.MustBegin()
	tx.MustExec(`TRUNCATE fct_archive, fct_snapshot`)
	tx.MustExec(`INSERT INTO fct_snapshot SELECT * FROM live`)
	return tx.Commit()
}

func pgxUpsert(ctx context.Context, pool *pgxpool.Pool, id string) error {
	_, err := pool.Exec(ctx, `INSERT INTO deliveries (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, id)
	return err
}
