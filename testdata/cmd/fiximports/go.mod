module example.com/fiximports

go 1.26
