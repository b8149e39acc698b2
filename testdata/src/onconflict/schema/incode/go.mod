module example.com/incode

go 1.22
