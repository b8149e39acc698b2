// Package storetest helps test store, which it imports: its name is
// store's and test, as httptest is http's.
package storetest

import "report/app/store"

func bad() {}

func fill() {
	store.Get()
	bad()
}
