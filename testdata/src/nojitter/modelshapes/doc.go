// Package modelshapes holds retry loops of shapes the retry model once
// missed, and loops of nearly the same shape that are no retry.
package modelshapes
