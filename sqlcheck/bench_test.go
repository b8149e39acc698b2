package sqlcheck_test

import (
	"testing"

	"github.com/retrylint/retrylint/sqlcheck"
)

// benchQueries is a mix of the queries Go services and pipelines run:
// plain inserts, upserts, MERGE, scripts, Sprintf- and sqlx-style texts,
// reads and updates.
var benchQueries = []struct{ name, query string }{
	{"insert", `INSERT INTO events (id, kind, payload, created_at) VALUES ($1, $2, $3, now())`},
	{"insert_multirow", `INSERT INTO line_items (order_id, sku, qty, price) VALUES ($1, $2, $3, $4), ($5, $6, $7, $8), ($9, $10, $11, $12)`},
	{"upsert", `INSERT INTO fct_orders (order_id, customer_id, amount, updated_at) VALUES ($1, $2, $3, now())
ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount, updated_at = EXCLUDED.updated_at`},
	{"upsert_execution_key", `INSERT INTO payments (payment_id, amount) VALUES (gen_random_uuid(), $1) ON CONFLICT (payment_id) DO NOTHING`},
	{"upsert_constraint", `INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING RETURNING id`},
	{"insert_select", `INSERT INTO analytics.fct_orders (order_id, customer_id, amount)
SELECT o.order_id, o.customer_id, sum(li.price * li.qty)
FROM staging.orders o JOIN staging.line_items li ON li.order_id = o.order_id
WHERE o.day = $1 GROUP BY o.order_id, o.customer_id`},
	{"not_exists", `INSERT INTO customers (customer_id, name) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM customers WHERE customer_id = $1)`},
	{"merge", `MERGE INTO dim_customer d
USING (SELECT customer_id, name, email FROM staging.customers WHERE batch_id = $1) s
ON d.customer_id = s.customer_id
WHEN MATCHED THEN UPDATE SET name = s.name, email = s.email
WHEN NOT MATCHED THEN INSERT (customer_id, name, email) VALUES (s.customer_id, s.name, s.email)`},
	{"replace_script", `BEGIN;
DELETE FROM analytics.fct_daily WHERE day = $1;
INSERT INTO analytics.fct_daily (day, total) SELECT day, sum(amount) FROM analytics.fct_orders WHERE day = $1 GROUP BY day;
COMMIT;`},
	{"cte_upsert", `WITH c AS (
  INSERT INTO customers (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id
)
INSERT INTO orders (customer_id, amount) SELECT id, $2 FROM c`},
	{"unnest_upsert", `INSERT INTO prices (sku, price) SELECT * FROM unnest($1::text[], $2::numeric[]) AS s(sku, price)
ON CONFLICT (sku) DO UPDATE SET price = EXCLUDED.price`},
	{"mysql_style", `INSERT INTO audit_log (actor, action, at) VALUES (?, ?, ?)`},
	{"sprintf", `INSERT INTO %s (id, name) VALUES (%d, '%s') ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`},
	{"sqlx_named", `INSERT INTO users (id, name, email) VALUES (:id, :name, :email) ON CONFLICT (id) DO UPDATE SET name = :name`},
	{"update_increment", `UPDATE counters SET n = n + 1, updated_at = now() WHERE id = $1`},
	{"update_status", `UPDATE jobs SET state = $1, finished_at = now() WHERE id = $2 AND state = 'running'`},
	{"delete", `DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`},
	{"select", `SELECT o.order_id, o.amount, c.name FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.day = $1 ORDER BY o.amount DESC LIMIT 100`},
	{"copy", `COPY staging.orders (order_id, customer_id, amount, day) FROM STDIN WITH (FORMAT csv, HEADER true)`},
	{"temp_table", `CREATE TEMP TABLE batch (LIKE orders INCLUDING DEFAULTS) ON COMMIT DROP;
COPY batch FROM STDIN;
INSERT INTO orders SELECT * FROM batch ON CONFLICT (order_id) DO NOTHING;`},
}

// BenchmarkAnalyze measures parse-and-classify per query: every
// iteration analyses one query of the mix with an empty cache.
func BenchmarkAnalyze(b *testing.B) {
	opts := sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs}
	b.Run("mix", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			sqlcheck.New(opts).Analyze(benchQueries[i%len(benchQueries)].query)
			i++
		}
	})
	for _, q := range benchQueries {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sqlcheck.New(opts).Analyze(q.query)
			}
		})
	}
}

// BenchmarkAnalyzeCached measures a repeated query: a cache lookup, and
// no parse (parses/op is 0).
func BenchmarkAnalyzeCached(b *testing.B) {
	a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
	q := benchQueries[7].query
	a.Analyze(q)
	before := a.ParseCount()
	b.ReportAllocs()
	for b.Loop() {
		a.Analyze(q)
	}
	b.ReportMetric(float64(a.ParseCount()-before)/float64(b.N), "parses/op")
}

// TestBenchQueries keeps the benchmark honest: every query of the mix
// parses and gives statements.
func TestBenchQueries(t *testing.T) {
	a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
	for _, q := range benchQueries {
		if r := a.Analyze(q.query); !r.Parsed || len(r.Statements) == 0 {
			t.Errorf("%s: parsed %v, %d statements", q.name, r.Parsed, len(r.Statements))
		}
	}
}
