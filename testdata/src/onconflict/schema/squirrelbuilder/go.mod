module example.com/squirrelbuilder

go 1.22
