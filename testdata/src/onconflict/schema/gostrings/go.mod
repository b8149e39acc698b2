module example.com/gostrings

go 1.22
