module example.com/golangcifixture

go 1.26
