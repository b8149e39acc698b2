-- name: CreateAuthor :exec
INSERT INTO authors (email, name) VALUES ($1, $2);
