-- +migrate Up
CREATE TABLE webhook_deliveries (
    delivery_id text PRIMARY KEY,
    endpoint text NOT NULL
);

-- +migrate Down
DROP TABLE webhook_deliveries;
