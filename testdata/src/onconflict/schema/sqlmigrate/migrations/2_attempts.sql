-- +migrate Up
CREATE TABLE webhook_attempts (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id text NOT NULL
);
-- +migrate Down
DROP TABLE webhook_attempts;
