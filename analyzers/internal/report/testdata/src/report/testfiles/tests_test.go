package testfiles

// A retry in a test harms no production dependency: nothing in a _test.go
// file is reported.
func inATest() {
	bad()
}
