// Package failedge decides, on a function's SSA form, which of its loops
// and recursive calls are retries: places where an operation runs again
// because its last run failed.
package failedge
