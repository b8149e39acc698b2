module example.com/badconfig/retried

go 1.26
