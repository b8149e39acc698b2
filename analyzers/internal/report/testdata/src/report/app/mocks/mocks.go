// Package mocks serves tests too: its path has the element mocks.
package mocks

func bad() {}

func mocked() {
	bad()
}
