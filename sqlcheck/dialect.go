package sqlcheck

import (
	"sort"
	"strings"
)

// Dialect is the SQL dialect a query text is written in: the database
// its driver talks to.
type Dialect uint8

const (
	// DialectUnknown reads the text as PostgreSQL, as Analyze does.
	DialectUnknown Dialect = iota
	PostgreSQL
	MySQL
	SQLite
	// MySQLOrSQLite is a text written for one of the two, not known
	// which (? placeholders and no known driver): the forms of both are
	// recognised, and a remedy must be one both accept.
	MySQLOrSQLite
)

func (d Dialect) String() string {
	switch d {
	case PostgreSQL:
		return "PostgreSQL"
	case MySQL:
		return "MySQL"
	case SQLite:
		return "SQLite"
	case MySQLOrSQLite:
		return "MySQL or SQLite"
	}
	return "unknown"
}

// mysql reports whether MySQL's forms are read in d.
func (d Dialect) mysql() bool { return d == MySQL || d == MySQLOrSQLite }

// sqlite reports whether SQLite's forms are read in d.
func (d Dialect) sqlite() bool { return d == SQLite || d == MySQLOrSQLite }

// PlaceholderDialect tells what the placeholders of query say of its
// dialect: $n is PostgreSQL's, ? (outside literals, comments and the
// jsonb operators ?| and ?&) is MySQL's or SQLite's; DialectUnknown when
// it has neither. A text with both is PostgreSQL's (? is then the jsonb
// operator).
func PlaceholderDialect(query string) Dialect {
	d := DialectUnknown
	for i := 0; i < len(query); {
		kind, j := nextToken(query, i)
		switch {
		case kind == tokParam:
			return PostgreSQL
		case kind == tokPunct && query[i] == '?' && !jsonbQuestionOp(query, i):
			d = MySQLOrSQLite
		}
		i = j
	}
	return d
}

// The front end for MySQL and SQLite rewrites the few forms of their
// INSERT that PostgreSQL's parser does not accept into ones it does,
// through normalisation's edit list so that offsets stay exact, and
// remembers which form each statement was written in:
//
//	INSERT [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] [IGNORE] [INTO]  -> INSERT INTO   (MySQL)
//	REPLACE [LOW_PRIORITY|DELAYED] [INTO]                        -> INSERT INTO   (MySQL, SQLite)
//	INSERT OR IGNORE|REPLACE|ROLLBACK|ABORT|FAIL INTO            -> INSERT INTO   (SQLite)
//	[AS alias [(cols)]] ON DUPLICATE KEY UPDATE                  -> ON CONFLICT DO UPDATE SET (MySQL)
//	VALUES(col) after ON DUPLICATE KEY UPDATE                    -> mysql_values(col)
//	`name`                                                       -> "name"
//	'it\'s' (MySQL: backslash escapes)                           -> E'it\'s'
//	# comment (MySQL)                                            -> -- comment
//	?NNN (SQLite)                                                -> $NNN
//
// After classification the statement gets its form's Effect and Reason.

// rewrite replaces the original bytes [start, end) by text.
type rewrite struct {
	start, end int
	text       string
	comment    bool // the text is a comment: not a token for the fmt rule
}

// dialectForm is an idempotent form of a dialect found in a statement.
type dialectForm struct {
	stmt   int    // the original offset of the statement's first token
	reason string // in the dialect's words: "INSERT IGNORE"
	upsert bool   // ON DUPLICATE KEY UPDATE, rewritten to ON CONFLICT DO UPDATE
}

// dialectText is what the front end found in one text. Its presence
// says too that the text is MySQL's or SQLite's, which run the statements
// of a multi-statement text each in its own transaction outside BEGIN ...
// COMMIT (MySQL's multiStatements, SQLite's exec of several statements):
// the text is classified as with Options.Autocommit.
type dialectText struct {
	dialect  Dialect
	rewrites []rewrite // in text order, disjoint
	forms    []dialectForm
}

// token is one significant token of a text.
type token struct {
	kind       tokenKind
	start, end int
}

// dialectToken is nextToken with the quoting of d: backquoted names in
// MySQL and SQLite, SQLite's numbered ?NNN, and in MySQL backslash
// escapes in literals and # comments.
func dialectToken(s string, i int, d Dialect) (tokenKind, int) {
	if d.mysql() || d.sqlite() {
		if s[i] == '`' {
			return tokQuotedIdent, quotedEnd(s, i, '`', false)
		}
	}
	if d.sqlite() && s[i] == '?' && i+1 < len(s) && isDigit(s[i+1]) {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		return tokParam, j
	}
	if d == MySQL {
		switch s[i] {
		case '#':
			j := i + 1
			for j < len(s) && s[j] != '\n' {
				j++
			}
			return tokComment, j
		case '\'', '"':
			return tokString, quotedEnd(s, i, s[i], true)
		}
	}
	return nextToken(s, i)
}

// scanDialect finds the rewrites and forms of s read in d; nil for
// PostgreSQL, which needs none.
func scanDialect(s string, d Dialect) *dialectText {
	if !d.mysql() && !d.sqlite() {
		return nil
	}
	dt := &dialectText{dialect: d}
	var toks []token
	for i := 0; i < len(s); {
		kind, j := dialectToken(s, i, d)
		switch {
		case kind == tokQuotedIdent && s[i] == '`':
			dt.rewrites = append(dt.rewrites, rewrite{start: i, end: j, text: backquotedName(s[i:j])})
		case d == MySQL && kind == tokString && s[i] == '\'' && strings.IndexByte(s[i:j], '\\') >= 0:
			dt.rewrites = append(dt.rewrites, rewrite{start: i, end: j, text: "E" + s[i:j]})
		case kind == tokParam && s[i] == '?':
			dt.rewrites = append(dt.rewrites, rewrite{start: i, end: j, text: "$" + s[i+1:j]})
		case d == MySQL && kind == tokComment && s[i] == '#':
			dt.rewrites = append(dt.rewrites, rewrite{start: i, end: j, text: "--" + s[i+1:j], comment: true})
		}
		if kind.significant() {
			toks = append(toks, token{kind, i, j})
		}
		i = j
	}
	for start := 0; start < len(toks); {
		end := start
		for end < len(toks) && !(toks[end].kind == tokPunct && s[toks[end].start] == ';') {
			end++
		}
		dt.statement(s, toks[start:end])
		start = end + 1
	}
	sort.SliceStable(dt.rewrites, func(i, j int) bool { return dt.rewrites[i].start < dt.rewrites[j].start })
	// A rewrite of a statement's head covers the comments inside it:
	// keep the first of overlapping rewrites.
	kept := dt.rewrites[:0]
	for _, r := range dt.rewrites {
		if len(kept) > 0 && r.start < kept[len(kept)-1].end {
			continue
		}
		kept = append(kept, r)
	}
	dt.rewrites = kept
	return dt
}

// backquotedName writes a backquoted name as a double-quoted one.
func backquotedName(q string) string {
	inner := q[1:]
	if strings.HasSuffix(inner, "`") {
		inner = inner[:len(inner)-1]
	}
	inner = strings.ReplaceAll(inner, "``", "`")
	return `"` + strings.ReplaceAll(inner, `"`, `""`) + `"`
}

// statement reads the head of one statement, toks, for the forms of the
// dialect.
func (dt *dialectText) statement(s string, toks []token) {
	d := dt.dialect
	word := func(k int, words ...string) bool {
		if k >= len(toks) || toks[k].kind != tokIdent {
			return false
		}
		for _, w := range words {
			if strings.EqualFold(s[toks[k].start:toks[k].end], w) {
				return true
			}
		}
		return false
	}
	name := func(k int) bool {
		return k < len(toks) && (toks[k].kind == tokIdent || toks[k].kind == tokQuotedIdent)
	}
	if len(toks) == 0 {
		return
	}
	k := 1
	reason := ""
	switch {
	case word(0, "INSERT"):
		if d.mysql() {
			for word(k, "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY") {
				k++
			}
			if word(k, "IGNORE") {
				reason = "INSERT IGNORE"
				k++
			}
		}
		if k == 1 && d.sqlite() && word(k, "OR") && word(k+1, "IGNORE", "REPLACE", "ROLLBACK", "ABORT", "FAIL") {
			if word(k+1, "IGNORE", "REPLACE") {
				reason = "INSERT OR " + strings.ToUpper(s[toks[k+1].start:toks[k+1].end])
			}
			k += 2
		}
	case word(0, "REPLACE"):
		if d.mysql() {
			for word(k, "LOW_PRIORITY", "DELAYED") {
				k++
			}
		}
		reason = "REPLACE INTO"
	default:
		return
	}
	switch {
	case word(k, "INTO"):
		k++
		if k > 2 || word(0, "REPLACE") {
			dt.rewrites = append(dt.rewrites, rewrite{start: toks[0].start, end: toks[k-1].end, text: "INSERT INTO"})
		}
	case d.mysql() && name(k) && !word(k, "INTO", "SELECT", "VALUES", "VALUE", "SET"):
		// MySQL's INTO is optional: INSERT IGNORE t (a) VALUES (?).
		dt.rewrites = append(dt.rewrites, rewrite{start: toks[0].start, end: toks[k-1].end, text: "INSERT INTO"})
	default:
		return // not a form this front end knows: leave it to the parser
	}
	if reason != "" {
		dt.forms = append(dt.forms, dialectForm{stmt: toks[0].start, reason: reason})
	}
	if d.mysql() && word(0, "INSERT") {
		dt.duplicateKey(s, toks, k, word)
	}
}

// duplicateKey finds ON DUPLICATE KEY UPDATE at the top level of an
// INSERT whose table is toks[k].
func (dt *dialectText) duplicateKey(s string, toks []token, k int, word func(int, ...string) bool) {
	punct := func(m int, c byte) bool {
		return m >= 0 && m < len(toks) && toks[m].kind == tokPunct && s[toks[m].start] == c
	}
	depth := 0
	opens := []int{} // the open parentheses, for a row alias's column list
	rows, query := false, false
	match := make([]int, len(toks)) // the ( of each ), by the index of the )
	for m := k; m < len(toks); m++ {
		switch {
		case punct(m, '('):
			depth++
			opens = append(opens, m)
			continue
		case punct(m, ')'):
			if depth > 0 {
				depth--
				match[m] = opens[len(opens)-1]
				opens = opens[:len(opens)-1]
			}
			continue
		}
		if depth > 0 {
			continue
		}
		rows = rows || word(m, "VALUES", "VALUE")
		query = query || word(m, "SELECT", "TABLE")
		if !(word(m, "ON") && word(m+1, "DUPLICATE") && word(m+2, "KEY") && word(m+3, "UPDATE")) {
			continue
		}
		// A row alias after VALUES: ... VALUES (?, ?) AS new [(a, b)].
		if rows && !query {
			aliasEnd := m - 1
			a := aliasEnd
			if punct(a, ')') {
				a = match[a] - 1
			}
			if a > k && word(a-1, "AS") && toks[a].kind == tokIdent && punct(a-2, ')') {
				dt.rewrites = append(dt.rewrites, rewrite{start: toks[a-1].start, end: toks[aliasEnd].end})
			}
		}
		dt.rewrites = append(dt.rewrites, rewrite{start: toks[m].start, end: toks[m+3].end, text: "ON CONFLICT DO UPDATE SET"})
		for n := m + 4; n+1 < len(toks); n++ {
			if word(n, "VALUES") && punct(n+1, '(') {
				dt.rewrites = append(dt.rewrites, rewrite{start: toks[n].start, end: toks[n].end, text: "mysql_values"})
			}
		}
		dt.forms = append(dt.forms, dialectForm{stmt: toks[0].start, reason: "ON DUPLICATE KEY UPDATE", upsert: true})
		return
	}
}

// applyForms gives each statement written in a dialect's idempotent form
// the form's Effect and Reason, and words the Reason of an appending
// INSERT in the dialect's terms.
func (dt *dialectText) applyForms(out []Statement) {
	if dt == nil {
		return
	}
	for i := range out {
		st := &out[i]
		if st.Kind != KindInsert {
			continue
		}
		var form *dialectForm
		for j := range dt.forms {
			if dt.forms[j].stmt == st.Offset {
				form = &dt.forms[j] // the last wins: ON DUPLICATE KEY UPDATE after IGNORE
			}
		}
		switch {
		case form != nil && form.upsert:
			st.Reason = form.reason + strings.TrimPrefix(st.Reason, "ON CONFLICT DO UPDATE")
			st.AnyUniqueKey = true
		case form != nil && st.Effect == Appends:
			st.Effect = Replaces
			st.Reason = form.reason
			st.AnyUniqueKey = true
		case st.Effect == Appends && dt.dialect == MySQL:
			st.Reason = strings.Replace(st.Reason, "ON CONFLICT", "ON DUPLICATE KEY UPDATE", 1)
		case st.Effect == Appends && dt.dialect == MySQLOrSQLite:
			st.Reason = strings.Replace(st.Reason, "ON CONFLICT", "conflict clause", 1)
		}
	}
}
