package ownpublisher

import "nonidempotent/ownpublisher/mocks"

// NewForTest returns a Service whose publisher records what it is given,
// for the tests of the packages that use one.
func NewForTest() (*Service, *mocks.Publisher) {
	p := &mocks.Publisher{}
	return &Service{publisher: p}, p
}
