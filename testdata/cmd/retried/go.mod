module example.com/retried

go 1.26
