// Package ignore holds the cases of //retrylint:ignore for the badcall
// analyzer of report_test.go, which reports every call of bad.
package ignore

func bad() {}

func unmarked() {
	bad() // want `call of bad`
}

func sameLine() {
	bad() //retrylint:ignore badcall the callee does nothing twice
}

func lineAbove() {
	//retrylint:ignore badcall the callee does nothing twice
	bad()
}

func lineAboveInAGroup() {
	// An explanation first, then the directive.
	//retrylint:ignore badcall the callee does nothing twice
	bad()
}

func twoLinesAbove() {
	//retrylint:ignore badcall too far from the call

	bad() // want `call of bad`
}

func lineAboveAfterCode() {
	x := 1 //retrylint:ignore badcall applies to its own line only
	bad()  // want `call of bad`
	_ = x
}

func lineAboveAfterClosingBrace() {
	func() {
	}() //retrylint:ignore badcall applies to its own line only
	bad() // want `call of bad`
}

func wrongCheck() {
	bad() //retrylint:ignore nojitter names another check // want `call of bad`
}

func all() {
	bad() //retrylint:ignore all every check may stay silent here
}

func list() {
	bad() //retrylint:ignore nojitter,badcall,unbounded the list names this check
}

func listWithout() {
	bad() //retrylint:ignore nojitter,unbounded the list omits this check // want `call of bad`
}

func missingReason() {
	bad() //retrylint:ignore badcall // want `^retrylint:ignore needs a reason: //retrylint:ignore <check> <why this retry is safe>$` `call of bad`
}

func missingReasonAbove() {
	//retrylint:ignore badcall // want `needs a reason`
	bad() // want `call of bad`
}

func missingReasonAll() {
	bad() //retrylint:ignore all // want `needs a reason` `call of bad`
}

func missingReasonInList() {
	bad() //retrylint:ignore nojitter,badcall // want `needs a reason` `call of bad`
}

func missingReasonOtherCheck() {
	// Another check reports its own directive; this one only suppresses
	// nothing.
	bad() //retrylint:ignore nojitter // want `call of bad`
}

func longerWord() {
	bad() //retrylint:ignored badcall not a directive // want `call of bad`
}

func prose() {
	// retrylint:ignore badcall a space after the slashes makes it prose
	bad() // want `call of bad`
}
