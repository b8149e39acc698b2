module example.com/testtags

go 1.26
