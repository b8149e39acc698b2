//go:build test

package tagged

func fakeOp() error { return nil }
