module example.com/tested

go 1.26
