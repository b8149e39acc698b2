package loop

import "testing"

func TestOp(t *testing.T) {
	if err := op(); err != nil {
		t.Fatal(err)
	}
}
