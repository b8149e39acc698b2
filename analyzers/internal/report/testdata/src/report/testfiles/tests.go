// Package testfiles holds a call of bad in a file and in a _test.go file:
// only the first is reported.
package testfiles

func bad() {}

func inCode() {
	bad() // want `call of bad`
}
