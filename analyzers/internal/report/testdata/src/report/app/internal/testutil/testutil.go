// Package testutil serves tests: nothing in it is reported unless the
// configuration includes test-support packages.
package testutil

func bad() {}

func waitReady() {
	bad()
}
