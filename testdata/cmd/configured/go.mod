module example.com/configured

go 1.26
