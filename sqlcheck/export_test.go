package sqlcheck

// ParseCount returns how many texts a handed to the parser, so that tests
// can tell a cached Analyze from one that parsed.
func (a *Analyzer) ParseCount() int64 { return a.parses.Load() }

// Normalize returns the text the parser sees for s, and the mapping of a
// normalised offset back to s.
func Normalize(s string) (string, func(int) int) {
	n := normalize(s, 0, nil)
	return n.text, n.origStart
}
