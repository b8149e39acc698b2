package retrysite

import "go/types"

// isBoolType says whether t is a boolean: a retry decision's flag.
func isBoolType(t types.Type) bool {
	b, ok := t.(*types.Basic)
	if t != nil && !ok {
		b, ok = t.Underlying().(*types.Basic)
	}
	return ok && b.Info()&types.IsBoolean != 0
}
