module example.com/dbmate

go 1.22
