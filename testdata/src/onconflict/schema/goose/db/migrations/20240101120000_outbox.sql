-- +goose Up
-- +goose StatementBegin
CREATE TABLE outbox (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    topic text NOT NULL,
    body bytea NOT NULL
);
-- +goose StatementEnd

CREATE TABLE inbox (
    message_id text NOT NULL,
    consumer text NOT NULL,
    PRIMARY KEY (message_id, consumer)
);

-- +goose Down
-- A key that exists only while rolling back must not count.
ALTER TABLE outbox ADD CONSTRAINT outbox_topic UNIQUE (topic, body);
