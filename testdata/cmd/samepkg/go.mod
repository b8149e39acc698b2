module example.com/samepkg

go 1.26
