// Package p is never loaded: the configuration is wrong.
package p

var x int = "not loaded, not reported"
