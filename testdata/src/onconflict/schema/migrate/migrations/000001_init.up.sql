-- The ledger: one row per payment, keyed by the payment's own id.
CREATE TABLE payments (
    payment_id text PRIMARY KEY,
    amount_cents bigint NOT NULL
);

-- Deliveries get a database-made id and nothing else unique.
CREATE TABLE deliveries (
    id bigserial PRIMARY KEY,
    order_id text NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE page_views (path text NOT NULL, viewed_at timestamptz);

CREATE TABLE daily_rollups (
    day date NOT NULL,
    account_id text NOT NULL,
    total bigint NOT NULL
);
