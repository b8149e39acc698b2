module example.com/sqlmigrate

go 1.22
