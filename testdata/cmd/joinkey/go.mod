module example.com/joinkey

go 1.26

require github.com/jmoiron/sqlx v1.4.0

replace github.com/jmoiron/sqlx => ./sqlx
