CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    actor text NOT NULL,
    action text NOT NULL
);

CREATE TABLE api_keys (
    key_hash text PRIMARY KEY,
    owner text NOT NULL
);

CREATE TABLE seats (
    room text NOT NULL,
    seat int NOT NULL,
    holder text NOT NULL,
    UNIQUE (room, seat)
);
