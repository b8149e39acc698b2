// Package latest ends in test, but la is no package it imports nor an
// element of its path: it is production code, and reported.
package latest

func bad() {}

func newest() {
	bad() // want `call of bad`
}
