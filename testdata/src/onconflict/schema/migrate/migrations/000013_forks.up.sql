-- Copies of a run, keyed by an id the application makes; a run queued
-- with a dedup id is unique on its queue.
CREATE TABLE forks (
    fork_id text PRIMARY KEY,
    origin_id text NOT NULL,
    queue text NOT NULL,
    dedup_id text,
    timeout_ms bigint,
    created_at bigint NOT NULL
);
CREATE UNIQUE INDEX forks_dedup ON forks (queue, dedup_id) WHERE dedup_id IS NOT NULL;
