module example.com/goose

go 1.22
