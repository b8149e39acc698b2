// Package loop holds a retry loop only when built with the tag special.
package loop

func op() error { return nil }
