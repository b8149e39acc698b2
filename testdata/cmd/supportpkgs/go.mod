module example.com/supportpkgs

go 1.26
