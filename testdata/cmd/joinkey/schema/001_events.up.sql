CREATE TABLE events (
    stream TEXT NOT NULL,
    seq BIGINT NOT NULL,
    body TEXT,
    PRIMARY KEY (stream, seq)
);

CREATE TABLE notes (
    id BIGSERIAL PRIMARY KEY,
    stream TEXT NOT NULL,
    seq BIGINT NOT NULL,
    body TEXT
);

CREATE TABLE daily_totals (
    day TIMESTAMP NOT NULL PRIMARY KEY,
    total BIGINT NOT NULL
);
