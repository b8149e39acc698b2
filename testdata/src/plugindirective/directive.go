// Package plugindirective holds a directive that misspells its check: the
// first check that runs reports it.
package plugindirective

func Poll() {
	//retrylint:ignore nojiter the queue paces us // want `^retrylint:ignore names no check "nojiter" \(did you mean nojitter\?\), so it silences nothing$`
	println()
}
