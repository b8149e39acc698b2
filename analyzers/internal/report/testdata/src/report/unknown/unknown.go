// Package unknown holds directives that name no check, or a name that is
// no check: they silence nothing, and the first check that runs (badcall,
// in report_test.go) reports them.
package unknown

func bad() {}

func misspelt() {
	bad() //retrylint:ignore badcal the callee does nothing twice // want `^retrylint:ignore names no check "badcal" \(did you mean badcall\?\), so it silences nothing$` `call of bad`
}

func misspeltAbove() {
	//retrylint:ignore nojiter the peer paces us // want `names no check "nojiter" \(did you mean nojitter\?\)`
	bad() // want `call of bad`
}

func farFromAny() {
	bad() //retrylint:ignore backoff the peer paces us // want `^retrylint:ignore names no check "backoff" \(checks: all, (aaa, )?badcall, nojitter, unbounded\), so it silences nothing$` `call of bad`
}

func noCheck() {
	bad() //retrylint:ignore // want `^retrylint:ignore names no check, so it silences nothing: //retrylint:ignore <check> <why this retry is safe>$` `call of bad`
}

func noCheckTrailingComment() {
	bad() //retrylint:ignore // a comment // want `names no check, so` `call of bad`
}

// A reason without a check reads its first word as the check.
func reasonOnly() {
	bad() //retrylint:ignore the callee does nothing twice // want `names no check "the"` `call of bad`
}

// The known names of a list still apply; the other is reported.
func misspeltInList() {
	bad() //retrylint:ignore badcall,unbouned the list names this check // want `names no check "unbouned" \(did you mean unbounded\?\)`
}

func allMisspelt() {
	bad() //retrylint:ignore al every check may stay silent here // want `names no check "al" \(did you mean all\?\)` `call of bad`
}

func allIsKnown() {
	bad() //retrylint:ignore all every check may stay silent here
}

func otherKnownCheck() {
	bad() //retrylint:ignore nojitter names another check // want `call of bad`
}

// Without a reason, the unknown name is reported, and no check asks for
// the reason: none is named.
func misspeltNoReason() {
	bad() //retrylint:ignore badcal // want `names no check "badcal"` `call of bad`
}
