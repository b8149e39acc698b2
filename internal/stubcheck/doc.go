// Package stubcheck holds only a test. The analyzer tests load
// hand-written stubs of third-party retry libraries from testdata/src in
// GOPATH mode, at the libraries' real import paths, so that the analyzers
// see the same package paths, names and types as in user code; a stub that
// drifts from the real API would let the analyzers pass tests against code
// that cannot exist. The test in this package loads every stub next to the
// real package pinned by the testdata/realmod module and reports each
// exported declaration, method or struct field whose type differs.
package stubcheck
