package sqlcheck

import (
	"sort"
	"strconv"
	"strings"
)

// Normalisation rewrites the placeholder and format styles of other
// drivers into text PostgreSQL's parser accepts, and records every
// rewrite so that a byte offset in the normalised text maps back to the
// original. See the package documentation for the rules.

// editKind is what one rewrite replaced.
type editKind uint8

const (
	editQuestion  editKind = iota // ? -> $n
	editColonName                 // :name (sqlx) -> $n
	editAtName                    // @name (pgx) -> $n
	editFmtIdent                  // fmt verb in a name position -> fmtarg_N
	editFmtValue                  // fmt verb elsewhere -> 0
	editPercent                   // %% -> %
	editDialect                   // a MySQL or SQLite form -> PostgreSQL's (dialect.go)
)

// edit is one rewrite: original bytes [orig, origEnd) became normalised
// bytes [norm, normEnd).
type edit struct {
	norm, normEnd int
	orig, origEnd int
	kind          editKind
	// n is the placeholder number for the placeholder kinds and the
	// 1-based fmt argument for the verb kinds.
	n int
}

// normalized is a query text ready for the parser.
type normalized struct {
	text  string
	edits []edit // in text order
	// paramNames names the placeholders that were named parameters.
	paramNames map[int]string
	// verbText is the first verb, as written, of each fmt argument; it
	// puts verbs back into the table and column names reported.
	verbText map[int]string
	// literalArg maps the original offset of a string literal that holds
	// a fmt verb ('%s') to that verb's argument.
	literalArg map[int]int
	// autocommit says the text's dialect runs each statement of a
	// multi-statement text in its own transaction (dialect.go).
	autocommit bool
}

// normalizeMode selects the fallbacks tried when the default rewrite
// does not parse.
type normalizeMode uint8

const (
	// fmtAsIdent writes every fmt verb as an identifier, which parses in
	// more positions (column lists, casts) than a literal.
	fmtAsIdent normalizeMode = 1 << iota
	// keepQuestion leaves ? alone: it is then the jsonb operator.
	keepQuestion
)

// fmtVerb is one verb of a Go format string.
type fmtVerb struct {
	start, end int
	arg        int // 1-based argument the verb formats; 0 for %%
}

// scanFmtVerbs finds the verbs of s read as a Go format string, with
// fmt's argument numbering (explicit [n] indexes and * widths included).
// Only the verbs fmt knows count, and a space is not taken as a flag, so
// that SQL's % operator ("a % 2", "x %b"... rarely) is mostly left alone.
func scanFmtVerbs(s string) []fmtVerb {
	var verbs []fmtVerb
	argNum := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		start := i
		j := i + 1
		if j < len(s) && s[j] == '%' {
			verbs = append(verbs, fmtVerb{start: start, end: j + 1})
			i = j
			continue
		}
		for j < len(s) && strings.IndexByte("+-#0", s[j]) >= 0 {
			j++
		}
		argIndex := func() {
			if j < len(s) && s[j] == '[' {
				k := j + 1
				for k < len(s) && isDigit(s[k]) {
					k++
				}
				if k < len(s) && s[k] == ']' && k > j+1 {
					n, err := strconv.Atoi(s[j+1 : k])
					if err == nil && n > 0 && n < 1<<16 {
						argNum = n - 1
					}
					j = k + 1
				}
			}
		}
		argIndex()
		if j < len(s) && s[j] == '*' {
			argNum++
			j++
		} else {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
		}
		if j < len(s) && s[j] == '.' {
			j++
			argIndex()
			if j < len(s) && s[j] == '*' {
				argNum++
				j++
			} else {
				for j < len(s) && isDigit(s[j]) {
					j++
				}
			}
		}
		argIndex()
		if j < len(s) && strings.IndexByte("bcdeEfFgGoOpqstTUvxX", s[j]) >= 0 {
			argNum++
			verbs = append(verbs, fmtVerb{start: start, end: j + 1, arg: argNum})
			i = j
		}
	}
	return verbs
}

// identKeywords are the keywords after which a fmt verb stands for a
// name (a table, a schema, a constraint) rather than a value.
var identKeywords = map[string]bool{
	"FROM": true, "INTO": true, "UPDATE": true, "JOIN": true, "TABLE": true,
	"TRUNCATE": true, "ONLY": true, "USING": true, "COPY": true,
	"EXISTS": true, "INDEX": true, "CONSTRAINT": true, "MERGE": true,
}

// normalize rewrites s for the parser; see the package documentation.
// dt holds the rewrites of s's dialect, done first; nil for PostgreSQL.
func normalize(s string, mode normalizeMode, dt *dialectText) *normalized {
	n := &normalized{autocommit: dt != nil}
	var rewriteAt map[int]rewrite
	if dt != nil && len(dt.rewrites) > 0 {
		rewriteAt = make(map[int]rewrite, len(dt.rewrites))
		for _, r := range dt.rewrites {
			rewriteAt[r.start] = r
		}
	}
	verbs := scanFmtVerbs(s)
	verbAt := make(map[int]fmtVerb, len(verbs))
	for _, v := range verbs {
		verbAt[v.start] = v
		if v.arg > 0 {
			if n.verbText == nil {
				n.verbText = map[int]string{}
			}
			if _, ok := n.verbText[v.arg]; !ok {
				n.verbText[v.arg] = s[v.start:v.end]
			}
		}
	}

	// A text that already uses $n keeps its ? (then the jsonb operator)
	// and numbers named parameters after its highest $n.
	maxParam, hasParam := 0, false
	for i := 0; i < len(s); {
		kind, j := nextToken(s, i)
		if kind == tokParam {
			hasParam = true
			if p, err := strconv.Atoi(s[i+1 : j]); err == nil && p > maxParam && p < 1<<16 {
				maxParam = p
			}
		}
		i = j
	}
	convertQuestion := !hasParam && mode&keepQuestion == 0
	next := maxParam
	var atNames map[string]int

	var b strings.Builder
	b.Grow(len(s) + 16)
	prevSig := ""     // the last significant token written, for the fmt rule
	prevEnd := -1     // its end in the original text
	bracketDepth := 0 // inside [...] a colon is an array slice
	addEdit := func(orig, origEnd int, repl string, kind editKind, num int) {
		start := b.Len()
		b.WriteString(repl)
		n.edits = append(n.edits, edit{norm: start, normEnd: b.Len(), orig: orig, origEnd: origEnd, kind: kind, n: num})
	}
	for i := 0; i < len(s); {
		if r, ok := rewriteAt[i]; ok {
			// A dialect's form, a name or a literal: nothing inside it
			// is rewritten again.
			addEdit(r.start, r.end, r.text, editDialect, 0)
			if f := strings.Fields(r.text); len(f) > 0 && !r.comment {
				prevSig, prevEnd = f[len(f)-1], r.end
			}
			i = r.end
			continue
		}
		if v, ok := verbAt[i]; ok {
			switch {
			case v.arg == 0:
				addEdit(v.start, v.end, "%", editPercent, 0)
				prevSig, prevEnd = "%", v.end
			case mode&fmtAsIdent != 0 || verbIsName(s, v, prevSig, prevEnd):
				addEdit(v.start, v.end, "fmtarg_"+strconv.Itoa(v.arg), editFmtIdent, v.arg)
				prevSig, prevEnd = "fmtarg", v.end
			default:
				addEdit(v.start, v.end, "0", editFmtValue, v.arg)
				prevSig, prevEnd = "0", v.end
			}
			i = v.end
			continue
		}
		kind, j := nextToken(s, i)
		switch {
		case kind == tokString:
			// The literal is the fmt argument of the first verb in it.
			k := sort.Search(len(verbs), func(k int) bool { return verbs[k].start > i })
			for ; k < len(verbs) && verbs[k].end <= j; k++ {
				if verbs[k].arg > 0 {
					if n.literalArg == nil {
						n.literalArg = map[int]int{}
					}
					n.literalArg[i] = verbs[k].arg
					break
				}
			}
		case kind == tokPunct && s[i] == '?' && convertQuestion && !jsonbQuestionOp(s, i):
			next++
			addEdit(i, j, "$"+strconv.Itoa(next), editQuestion, next)
			prevSig, prevEnd, i = "$", j, j
			continue
		case kind == tokPunct && s[i] == ':' && j == i+1 && bracketDepth == 0 && i+1 < len(s) && isIdentStart(s[i+1]) && (i == 0 || s[i-1] != ':'):
			end := i + 1
			for end < len(s) && (isIdentChar(s[end]) && s[end] != '$' || s[end] == '.') {
				end++
			}
			next++
			addEdit(i, end, "$"+strconv.Itoa(next), editColonName, next)
			n.nameParam(next, s[i+1:end])
			prevSig, prevEnd, i = "$", end, end
			continue
		case kind == tokPunct && s[i] == '@' && i+1 < len(s) && isIdentStart(s[i+1]) && (i == 0 || !isOperatorChar(s[i-1])):
			end := i + 1
			for end < len(s) && isIdentChar(s[end]) && s[end] != '$' {
				end++
			}
			name := s[i+1 : end]
			num, seen := atNames[name]
			if !seen {
				next++
				num = next
				if atNames == nil {
					atNames = map[string]int{}
				}
				atNames[name] = num
			}
			addEdit(i, end, "$"+strconv.Itoa(num), editAtName, num)
			n.nameParam(num, name)
			prevSig, prevEnd, i = "$", end, end
			continue
		case kind == tokPunct && s[i] == '[':
			bracketDepth++
		case kind == tokPunct && s[i] == ']' && bracketDepth > 0:
			bracketDepth--
		}
		// No code token runs into a verb: verbs start with %, which
		// only a literal or a comment swallows.
		b.WriteString(s[i:j])
		if kind.significant() {
			prevSig, prevEnd = s[i:j], j
		}
		i = j
	}
	n.text = b.String()
	return n
}

func (n *normalized) nameParam(num int, name string) {
	if n.paramNames == nil {
		n.paramNames = map[int]string{}
	}
	n.paramNames[num] = name
}

// verbIsName reports whether the verb v stands where a name goes: after
// a keyword that takes one, after or before a dot, or glued to an
// identifier ("events_%s", "%s_events").
func verbIsName(s string, v fmtVerb, prevSig string, prevEnd int) bool {
	if identKeywords[strings.ToUpper(prevSig)] || prevSig == "." {
		return true
	}
	if prevEnd == v.start && prevSig != "" && isIdentChar(prevSig[len(prevSig)-1]) {
		return true
	}
	return v.end < len(s) && (s[v.end] == '.' || isIdentChar(s[v.end]))
}

// jsonbQuestionOp reports whether the ? at i is part of the jsonb
// operators ?| or ?&.
func jsonbQuestionOp(s string, i int) bool {
	return i+1 < len(s) && (s[i+1] == '|' || s[i+1] == '&')
}

func isOperatorChar(c byte) bool { return strings.IndexByte("+-*/<>=~!@#%^&|`?", c) >= 0 }

// origStart maps a byte offset of the normalised text, where something
// starts, to the original text: inside a rewrite, to the rewrite's start.
func (n *normalized) origStart(pos int) int {
	i := sort.Search(len(n.edits), func(i int) bool { return n.edits[i].norm > pos }) - 1
	if i < 0 {
		return pos
	}
	e := n.edits[i]
	if pos < e.normEnd {
		return e.orig
	}
	return pos - e.normEnd + e.origEnd
}

// origEnd maps a byte offset of the normalised text, where something
// ends, to the original text: inside or at the end of a rewrite, to the
// rewrite's end.
func (n *normalized) origEnd(pos int) int {
	i := sort.Search(len(n.edits), func(i int) bool { return n.edits[i].norm >= pos }) - 1
	if i < 0 {
		return pos
	}
	e := n.edits[i]
	if pos <= e.normEnd {
		return e.origEnd
	}
	return pos - e.normEnd + e.origEnd
}

// editAt returns the rewrite that produced the normalised byte at pos.
func (n *normalized) editAt(pos int) (edit, bool) {
	i := sort.Search(len(n.edits), func(i int) bool { return n.edits[i].norm > pos }) - 1
	if i >= 0 && pos < n.edits[i].normEnd {
		return n.edits[i], true
	}
	return edit{}, false
}

// restoreVerbs puts the verbs back into a name taken from the normalised
// text: fmtarg_2 becomes %s again.
func (n *normalized) restoreVerbs(name string) string {
	if len(n.verbText) == 0 || !strings.Contains(name, "fmtarg_") {
		return name
	}
	var b strings.Builder
	for {
		i := strings.Index(name, "fmtarg_")
		if i < 0 {
			b.WriteString(name)
			return b.String()
		}
		j := i + len("fmtarg_")
		for j < len(name) && isDigit(name[j]) {
			j++
		}
		arg, err := strconv.Atoi(name[i+len("fmtarg_") : j])
		verb, ok := n.verbText[arg]
		b.WriteString(name[:i])
		if err == nil && ok {
			b.WriteString(verb)
		} else {
			b.WriteString(name[i:j])
		}
		name = name[j:]
	}
}
