module example.com/bunmodels

go 1.22
