module example.com/sqlc

go 1.22
