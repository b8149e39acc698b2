package main

import "os"

// useLocalToolchain makes every go command the process runs, go/packages'
// included, run the toolchain installed, unless GOTOOLCHAIN is set in the
// environment: the rule of driver.GoEnv, for the go commands the driver
// does not start.
func useLocalToolchain() {
	if os.Getenv("GOTOOLCHAIN") == "" {
		os.Setenv("GOTOOLCHAIN", "local")
	}
}
