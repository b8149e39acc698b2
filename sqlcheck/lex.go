package sqlcheck

// A small PostgreSQL lexer: just enough to tell code from string
// literals, quoted identifiers, comments and dollar-quoted strings, so
// that normalisation rewrites only code and statement spans can be
// trimmed of the whitespace and comments around them. It never fails: an
// unterminated literal or comment runs to the end of the text.

type tokenKind uint8

const (
	tokSpace        tokenKind = iota
	tokComment                // -- to end of line, or /* ... */ (nested)
	tokString                 // '...', E'...', B'...', X'...', N'...', U&'...'
	tokQuotedIdent            // "..." or U&"..."
	tokDollarString           // $tag$ ... $tag$
	tokIdent                  // identifiers and keywords
	tokNumber                 // 12, 1.5, 1e10, 0x1F
	tokParam                  // $1
	tokPunct                  // one operator or punctuation byte, or "::"
)

// significant reports whether a token is code rather than layout.
func (k tokenKind) significant() bool { return k != tokSpace && k != tokComment }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// nextToken returns the kind and end of the token that starts at i < len(s).
func nextToken(s string, i int) (tokenKind, int) {
	c := s[i]
	switch {
	case isSpace(c):
		j := i + 1
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		return tokSpace, j
	case c == '-' && i+1 < len(s) && s[i+1] == '-':
		j := i + 2
		for j < len(s) && s[j] != '\n' {
			j++
		}
		return tokComment, j
	case c == '/' && i+1 < len(s) && s[i+1] == '*':
		return tokComment, blockCommentEnd(s, i)
	case c == '\'':
		return tokString, quotedEnd(s, i, '\'', false)
	case c == '"':
		return tokQuotedIdent, quotedEnd(s, i, '"', false)
	case c == '$':
		if i+1 < len(s) && isDigit(s[i+1]) {
			j := i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			return tokParam, j
		}
		if end, ok := dollarStringEnd(s, i); ok {
			return tokDollarString, end
		}
		return tokPunct, i + 1
	case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
		j := i + 1
		for j < len(s) && (isIdentChar(s[j]) || s[j] == '.' && j+1 < len(s) && isDigit(s[j+1])) {
			j++
		}
		return tokNumber, j
	case isIdentStart(c):
		// String prefixes: E'...' takes backslash escapes; B, X, N and U&
		// quote as usual.
		if i+1 < len(s) && s[i+1] == '\'' {
			switch c {
			case 'e', 'E':
				return tokString, quotedEnd(s, i+1, '\'', true)
			case 'b', 'B', 'x', 'X', 'n', 'N':
				return tokString, quotedEnd(s, i+1, '\'', false)
			}
		}
		if (c == 'u' || c == 'U') && i+2 < len(s) && s[i+1] == '&' {
			switch s[i+2] {
			case '\'':
				return tokString, quotedEnd(s, i+2, '\'', false)
			case '"':
				return tokQuotedIdent, quotedEnd(s, i+2, '"', false)
			}
		}
		j := i + 1
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		return tokIdent, j
	case c == ':' && i+1 < len(s) && s[i+1] == ':':
		return tokPunct, i + 2
	}
	return tokPunct, i + 1
}

// quotedEnd returns the end of the literal whose opening quote is at i:
// a doubled quote stands for itself, and with backslash escapes a
// backslash escapes the next byte.
func quotedEnd(s string, i int, quote byte, backslash bool) int {
	j := i + 1
	for j < len(s) {
		switch s[j] {
		case '\\':
			if backslash {
				j += 2
				continue
			}
		case quote:
			if j+1 < len(s) && s[j+1] == quote {
				j += 2
				continue
			}
			return j + 1
		}
		j++
	}
	return len(s)
}

// blockCommentEnd returns the end of the comment opened at i; PostgreSQL
// nests block comments.
func blockCommentEnd(s string, i int) int {
	depth := 0
	j := i
	for j+1 < len(s) {
		switch {
		case s[j] == '/' && s[j+1] == '*':
			depth++
			j += 2
		case s[j] == '*' && s[j+1] == '/':
			depth--
			j += 2
			if depth == 0 {
				return j
			}
		default:
			j++
		}
	}
	return len(s)
}

// dollarStringEnd returns the end of the dollar-quoted string opened at i
// ($$ or $tag$), and false when i opens no dollar quote.
func dollarStringEnd(s string, i int) (int, bool) {
	j := i + 1
	if j < len(s) && isIdentStart(s[j]) {
		for j < len(s) && isIdentChar(s[j]) && s[j] != '$' {
			j++
		}
	}
	if j >= len(s) || s[j] != '$' {
		return 0, false
	}
	tag := s[i : j+1]
	for k := j + 1; k+len(tag) <= len(s); k++ {
		if s[k] == '$' && s[k:k+len(tag)] == tag {
			return k + len(tag), true
		}
	}
	return len(s), true
}

// trimSpan shrinks [start, end) of s to its first and last significant
// tokens, dropping whitespace and comments around a statement. A span
// with no code keeps its start and becomes empty.
func trimSpan(s string, start, end int) (int, int) {
	first, last := -1, start
	for i := start; i < end; {
		kind, j := nextToken(s, i)
		if j > end {
			j = end
		}
		if kind.significant() {
			if first < 0 {
				first = i
			}
			last = j
		}
		i = j
	}
	if first < 0 {
		return start, start
	}
	return first, last
}
