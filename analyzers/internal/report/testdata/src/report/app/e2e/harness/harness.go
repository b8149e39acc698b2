// Package harness is under e2e: an element of its path, not its name,
// makes it a test-support package.
package harness

func bad() {}

func start() {
	bad()
}
