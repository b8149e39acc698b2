package tagged

import "testing"

// The helper is built only with -tags test.
func TestFake(t *testing.T) {
	if err := fakeOp(); err != nil {
		t.Fatal(err)
	}
}
