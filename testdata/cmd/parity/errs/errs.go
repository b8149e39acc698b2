// Package errs tells the errors worth another attempt from the others.
package errs

import "errors"

// Temporary reports whether err says it may clear by itself.
func Temporary(err error) bool {
	var t interface{ Temporary() bool }
	return errors.As(err, &t) && t.Temporary()
}
