module example.com/determinism

go 1.26
