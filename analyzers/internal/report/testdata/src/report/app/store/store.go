// Package store is production code: its call of bad is reported.
package store

func bad() {}

// Get is what storetest helps test.
func Get() {
	bad() // want `call of bad`
}
