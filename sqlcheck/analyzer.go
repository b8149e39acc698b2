package sqlcheck

import (
	"strings"
	"sync"
	"sync/atomic"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// Options configures an Analyzer.
type Options struct {
	// ExecutionFuncs are the SQL functions, lower case and without
	// schema, whose value comes from the execution rather than the
	// input: a key made by one of them is new on every execution. The
	// SQL-standard value functions written without parentheses
	// (current_timestamp, current_date, current_time, localtimestamp,
	// localtime) are matched by these names too. Nil means none: pass
	// DefaultExecutionFuncs, or the list of a rule pack.
	ExecutionFuncs []string
	// Autocommit says the text is a script run one statement at a time,
	// each in its own transaction outside BEGIN ... COMMIT, as psql -f
	// runs a file. By default the text is one query sent in one call,
	// which PostgreSQL runs as one implicit transaction (see the package
	// documentation).
	Autocommit bool
}

// DefaultExecutionFuncs are PostgreSQL's functions whose value comes from
// the execution, for tests and standalone use; the analyzers take the
// list from their rule pack.
var DefaultExecutionFuncs = []string{
	"gen_random_uuid",
	"uuid_generate_v1",
	"uuid_generate_v1mc",
	"uuid_generate_v4",
	"uuidv7",
	"now",
	"current_timestamp",
	"current_date",
	"current_time",
	"localtimestamp",
	"localtime",
	"clock_timestamp",
	"statement_timestamp",
	"transaction_timestamp",
	"timeofday",
	"random",
	"nextval",
	"txid_current",
	"pg_current_xact_id",
}

// maxCached bounds the cache: past it, the cache starts over.
const maxCached = 10000

// Analyzer analyses query texts. It is safe for concurrent use, and
// remembers the result of every text it has seen (up to maxCached texts),
// so that a query repeated across call sites is parsed once.
type Analyzer struct {
	execution  map[string]bool
	autocommit bool

	mu    sync.Mutex
	cache map[cacheKey]*Result

	parses atomic.Int64 // texts handed to the parser, for tests
}

// New returns an Analyzer configured by opts.
func New(opts Options) *Analyzer {
	a := &Analyzer{
		execution:  make(map[string]bool, len(opts.ExecutionFuncs)),
		autocommit: opts.Autocommit,
		cache:      map[cacheKey]*Result{},
	}
	for _, f := range opts.ExecutionFuncs {
		a.execution[strings.ToLower(f)] = true
	}
	return a
}

// Analyze returns the analysis of query, one or many statements, read as
// PostgreSQL. It never fails: a text that does not parse gives a Result
// whose Parsed is false. The Result is shared by every caller that
// analyses the same text: do not modify it.
func (a *Analyzer) Analyze(query string) *Result {
	return a.AnalyzeDialect(query, DialectUnknown)
}

// AnalyzeDialect is Analyze for a text written in dialect d: MySQL's and
// SQLite's own forms of INSERT are recognised (see the package
// documentation), and Result.Dialect is d.
func (a *Analyzer) AnalyzeDialect(query string, d Dialect) *Result {
	key := cacheKey{d, query}
	a.mu.Lock()
	r, ok := a.cache[key]
	a.mu.Unlock()
	if ok {
		return r
	}
	r = a.analyze(query, d)
	r.Dialect = d
	a.mu.Lock()
	defer a.mu.Unlock()
	if prev, ok := a.cache[key]; ok {
		// Another goroutine analysed the same text meanwhile: hand out
		// one Result for one text.
		return prev
	}
	if len(a.cache) >= maxCached {
		clear(a.cache)
	}
	a.cache[key] = r
	return r
}

// cacheKey is a text read in a dialect.
type cacheKey struct {
	dialect Dialect
	query   string
}

// analyze parses and classifies query. Nothing in it may reach the
// caller as a panic: a failure of the parser or of the classification is
// an unparsed Result.
func (a *Analyzer) analyze(query string, d Dialect) (r *Result) {
	defer func() {
		if recover() != nil {
			r = &Result{}
		}
	}()
	dt := scanDialect(query, d)
	norm, tree := a.parse(query, dt)
	if tree == nil {
		return &Result{}
	}
	out := classifyScript(a, norm, tree)
	dt.applyForms(out)
	return &Result{Parsed: true, Statements: out}
}

// parse normalises and parses query, trying the fallbacks of
// normalisation that apply when the default does not parse.
func (a *Analyzer) parse(query string, dt *dialectText) (*normalized, *pg.ParseResult) {
	norm := normalize(query, 0, dt)
	tree, err := a.parseText(norm.text)
	if err == nil {
		return norm, tree
	}
	var hasVerb, hasQuestion bool
	for _, e := range norm.edits {
		hasVerb = hasVerb || e.kind == editFmtValue
		hasQuestion = hasQuestion || e.kind == editQuestion
	}
	for _, mode := range []normalizeMode{fmtAsIdent, keepQuestion, fmtAsIdent | keepQuestion} {
		if mode&fmtAsIdent != 0 && !hasVerb || mode&keepQuestion != 0 && !hasQuestion {
			continue
		}
		norm = normalize(query, mode, dt)
		if tree, err = a.parseText(norm.text); err == nil {
			return norm, tree
		}
	}
	return nil, nil
}

func (a *Analyzer) parseText(text string) (tree *pg.ParseResult, err error) {
	a.parses.Add(1)
	return pg.Parse(text)
}
