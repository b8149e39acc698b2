-- migrate:up
CREATE TABLE ledger_entries (
    id bigserial PRIMARY KEY,
    account text NOT NULL,
    cents bigint NOT NULL
);

-- migrate:down
-- Never in force while the up section is: this key must not count.
CREATE UNIQUE INDEX ledger_account ON ledger_entries (account);
