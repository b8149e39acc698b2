module example.com/schema

go 1.22
