module example.com/migrate

go 1.22
