// Package notowner holds directives that silence nothing, for a badcall
// analyzer that another check, running first, reports them for: it
// reports only its own directive without a reason.
package notowner

func bad() {}

func misspelt() {
	bad() //retrylint:ignore badcal the callee does nothing twice // want `call of bad`
}

func noCheck() {
	bad() //retrylint:ignore // want `call of bad`
}

func missingReason() {
	bad() //retrylint:ignore badcall // want `needs a reason` `call of bad`
}
