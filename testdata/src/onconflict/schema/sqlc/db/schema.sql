CREATE TABLE authors (
    id bigserial PRIMARY KEY,
    email text NOT NULL,
    name text NOT NULL
);
CREATE UNIQUE INDEX authors_email ON authors (email);
