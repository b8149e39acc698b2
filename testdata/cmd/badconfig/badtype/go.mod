module example.com/badconfig/badtype

go 1.26
