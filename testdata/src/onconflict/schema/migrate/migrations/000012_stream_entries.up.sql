CREATE TABLE stream_entries (
    stream_id text NOT NULL,
    position bigint NOT NULL,
    payload bytea NOT NULL,
    PRIMARY KEY (stream_id, position)
);
