module example.com/gormmodels

go 1.22
