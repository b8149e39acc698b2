module example.com/goqubuilder

go 1.22
