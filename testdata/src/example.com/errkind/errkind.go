// Package errkind classifies errors, in another package than the retries
// that use it.
package errkind

import (
	"errors"
	"net"
)

// Transient says whether an error may clear on a second attempt.
func Transient(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
