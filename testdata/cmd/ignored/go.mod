module example.com/ignored

go 1.26
