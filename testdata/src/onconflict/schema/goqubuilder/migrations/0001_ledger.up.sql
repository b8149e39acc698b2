CREATE TABLE ledger_entries (
    id bigserial PRIMARY KEY,
    account text NOT NULL,
    cents bigint NOT NULL
);

CREATE TABLE balances (
    account text PRIMARY KEY,
    cents bigint NOT NULL
);

CREATE TABLE daily_totals (
    account text NOT NULL,
    day timestamptz NOT NULL,
    cents bigint NOT NULL,
    UNIQUE (account, day)
);
