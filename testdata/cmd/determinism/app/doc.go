// Package app retries the store's writes and the partner's calls, one
// retry per file: the order of its files' positions is the loader's.
package app
