module example.com/badconfig/badname

go 1.26
