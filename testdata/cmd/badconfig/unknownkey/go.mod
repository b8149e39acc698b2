module example.com/badconfig/unknownkey

go 1.26
