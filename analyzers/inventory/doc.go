// Package inventory defines an Analyzer that lists every retry site of a
// package, one diagnostic per site whose message is the site's row as
// JSON. It is not a check: `retrylint inventory` runs it.
//
// # Analyzer inventory
//
// inventory: list every retry site with its mechanism, operation, classification, jitter, caps and worst-case wait
//
// See docs/inventory.md.
package inventory
