package localrand

// rand is a package-level name: an import under it would clash.
func rand() int { return 4 }
