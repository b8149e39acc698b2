module example.com/dbxbuilder

go 1.22
