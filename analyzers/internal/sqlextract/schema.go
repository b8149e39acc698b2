package sqlextract

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

// The schema of a module is found where projects keep it, without
// configuration: every .sql file of the module (migration folders of
// golang-migrate, goose, dbmate, atlas and sql-migrate, sqlc's schema
// files, files embedded with go:embed), down migrations left out, and
// the string literals of its Go files that create or alter tables (a
// project that keeps its migrations as Go strings). Files are applied in
// natural order of their paths (2_x before 10_x), which is migration
// order for every numbered layout. It is read once per module and
// process, and only when a package runs an INSERT.

const (
	maxSchemaFiles = 20000   // files looked at in one module
	maxSchemaBytes = 4 << 20 // bytes of one file
)

type schemaKey struct {
	root string
	sql  *sqlcheck.Analyzer
}

type moduleSchema struct {
	once   sync.Once
	schema *sqlcheck.Schema
}

var schemas sync.Map // schemaKey -> *moduleSchema

// schemaFor returns the schema of the module that holds the package: an
// empty one when the package's folder is in no module, or when its files
// are named relative to the working directory. The go command's drivers
// (go vet, go/packages) name them by absolute paths; a build system that
// names them relative to its action's sandbox (Bazel's nogo) gives the
// analysis the package's files and nothing else, so the module's
// migrations are not looked for there: a result that depends only on the
// action's inputs is the same sandboxed or not, and can be cached.
// The files of a configuration's schema globs, when given, are the
// schema instead.
func schemaFor(pass *analysis.Pass, sql *sqlcheck.Analyzer, r *rules.Rules) *sqlcheck.Schema {
	if configured := r.SchemaFiles; len(configured) > 0 {
		v, _ := schemas.LoadOrStore(schemaKey{strings.Join(configured, "\x00"), sql}, new(moduleSchema))
		m := v.(*moduleSchema)
		m.once.Do(func() { m.schema = readSchema(r.SchemaRoot, append([]string(nil), configured...), sql) })
		return m.schema
	}
	if len(pass.Files) == 0 {
		return nil
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	if !filepath.IsAbs(name) {
		return sql.NewSchema()
	}
	root := moduleRoot(filepath.Dir(name))
	if root == "" {
		return sql.NewSchema()
	}
	v, _ := schemas.LoadOrStore(schemaKey{root, sql}, new(moduleSchema))
	m := v.(*moduleSchema)
	m.once.Do(func() { m.schema = discoverSchema(root, sql) })
	return m.schema
}

// moduleRoot returns the nearest folder at or above dir with a go.mod.
func moduleRoot(dir string) string {
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// discoverSchema reads the schema of the module at root.
func discoverSchema(root string, sql *sqlcheck.Analyzer) *sqlcheck.Schema {
	return readSchema(root, schemaFiles(root), sql)
}

// schemaFiles lists the files of the module at root that may hold its
// schema: its .sql files but down migrations, and its Go files but tests.
func schemaFiles(root string) []string {
	var files []string
	seen := 0
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: skip it
		}
		if seen++; seen > maxSchemaFiles {
			return filepath.SkipAll
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		lower := strings.ToLower(name)
		switch {
		case strings.HasSuffix(lower, ".sql"):
			if !downMigration(lower) {
				files = append(files, path)
			}
		case strings.HasSuffix(lower, ".go") && !strings.HasSuffix(lower, "_test.go"):
			files = append(files, path)
		}
		return nil
	})
	return files
}

// SchemaDigest hashes what the schema of a package in folder dir is read
// from: the configuration's schema files, or else the files of its
// module that can define tables (Go files only when they mention DDL).
// A driver that caches results keys those of SQL packages with it.
func SchemaDigest(dir string, r *rules.Rules) []byte {
	h := sha256.New()
	files := r.SchemaFiles
	if len(files) == 0 {
		root := moduleRoot(dir)
		if root == "" {
			return h.Sum(nil)
		}
		files = schemaFiles(root)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		if strings.HasSuffix(path, ".go") && !mentionsDDLBytes(data) {
			continue
		}
		fmt.Fprintf(h, "%s %d\n", path, len(data))
		h.Write(data)
	}
	return h.Sum(nil)
}

// readSchema applies files in natural order of their paths, named in
// messages relative to root (or as given, when root is "").
func readSchema(root string, files []string, sql *sqlcheck.Analyzer) *sqlcheck.Schema {
	sort.Slice(files, func(i, j int) bool { return naturalLess(files[i], files[j]) })
	schema := sql.NewSchema()
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil || len(data) > maxSchemaBytes {
			continue
		}
		rel := path
		if root != "" {
			if r, err := filepath.Rel(root, path); err == nil {
				rel = r
			}
		}
		rel = filepath.ToSlash(rel)
		if strings.HasSuffix(path, ".go") {
			addGoStrings(schema, rel, data)
			continue
		}
		schema.AddScript(rel, 1, string(data))
	}
	return schema
}

// downMigration reports whether a .sql file name is a down migration:
// golang-migrate's 1_x.down.sql, and the _down.sql and -down.sql of
// other layouts.
func downMigration(lower string) bool {
	base := strings.TrimSuffix(lower, ".sql")
	return strings.HasSuffix(base, ".down") || strings.HasSuffix(base, "_down") || strings.HasSuffix(base, "-down")
}

// ddlWords are the words a Go string must hold to be read as DDL.
var ddlWords = [][]byte{[]byte("create table"), []byte("alter table"), []byte("create unique index")}

// addGoStrings applies the string literals of a Go file that create or
// alter tables.
// mentionsDDLBytes reports whether a Go file's text names a DDL word
// anywhere, in any case: a file that does not holds no schema.
func mentionsDDLBytes(src []byte) bool {
	lower := bytes.ToLower(src)
	for _, w := range ddlWords {
		if bytes.Contains(lower, w) {
			return true
		}
	}
	return false
}

func addGoStrings(schema *sqlcheck.Schema, rel string, src []byte) {
	if !mentionsDDLBytes(src) {
		return // most files: no need to scan
	}
	fset := token.NewFileSet()
	file := fset.AddFile(rel, -1, len(src))
	var sc scanner.Scanner
	sc.Init(file, src, nil, 0)
	// A literal, or constant literals joined with +, as one text.
	var text strings.Builder
	line, prev := 0, token.ILLEGAL
	flush := func() {
		if t := text.String(); line > 0 && mentionsDDL(t) {
			schema.AddScript(rel, line, t)
		}
		text.Reset()
		line = 0
	}
	for {
		pos, tok, lit := sc.Scan()
		switch {
		case tok == token.EOF:
			flush()
			return
		case tok == token.STRING:
			s, err := strconv.Unquote(lit)
			if err != nil {
				flush()
				break
			}
			if prev != token.ADD || line == 0 {
				flush()
				line = fset.Position(pos).Line
			}
			text.WriteString(s)
		case tok != token.ADD:
			flush()
		}
		prev = tok
	}
}

func mentionsDDL(text string) bool {
	l := strings.ToLower(text)
	for _, w := range ddlWords {
		if strings.Contains(l, string(w)) {
			return true
		}
	}
	return false
}

// naturalLess orders paths with their digit runs compared as numbers,
// so that 2_add.up.sql comes before 10_drop.up.sql.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na := strings.TrimLeft(a[:da], "0")
			nb := strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// judgeAll judges the INSERTs and ORM inserts of the package against the
// module's schema, read at the first of them, with the tables that the
// package's own queries create added (CREATE TABLE run through a sink,
// its name filled from a constant: a schema the module keeps in code).
func (x *extractor) judgeAll(sql *sqlcheck.Analyzer, queries []*Query) {
	scopes := map[*ast.BlockStmt]*localvars.Scope{}
	x.calls = map[*ast.CallExpr]*Query{}
	for _, q := range queries {
		x.calls[q.Call] = q
	}
	for _, q := range queries {
		q.Made = x.bound(q, scopes)
	}
	var ddl []*Query
	inserts := false
	for _, q := range queries {
		if q.model != nil {
			inserts = true
			continue
		}
		if q.SQL == nil {
			continue
		}
		for _, st := range q.SQL.Statements {
			switch st.Kind {
			case sqlcheck.KindInsert:
				inserts = true
			case sqlcheck.KindDDL:
				if len(ddl) == 0 || ddl[len(ddl)-1] != q {
					ddl = append(ddl, q)
				}
			}
		}
	}
	if !inserts {
		return
	}
	x.schema, x.schemaLoaded = schemaFor(x.pass, sql, x.rules), true
	if len(ddl) > 0 {
		own := sql.NewSchema()
		if x.schema != nil {
			own = x.schema.Clone()
		}
		for _, q := range ddl {
			p := x.pass.Fset.Position(q.Call.Pos())
			own.AddScript(filepath.Base(p.Filename), p.Line, q.Text)
		}
		x.schema = own
	}
	for _, q := range queries {
		switch {
		case q.model != nil:
			q.SQL = x.judgeModel(sql, q)
		case q.SQL != nil && x.schema != nil:
			q.SQL = x.schema.JudgeBound(q.SQL, q.Made)
		}
	}
}

// bound says which of a query's placeholders its call binds to a value
// the execution makes (uuid.New(), time.Now(), a helper that returns
// one), so that a key given one is judged made by the execution.
func (x *extractor) bound(q *Query, scopes map[*ast.BlockStmt]*localvars.Scope) sqlcheck.Bound {
	if q.Args == nil || q.Enclosing == nil || q.Enclosing.Body == nil {
		return nil
	}
	return func(n int) string {
		if n < 1 || n > len(q.Args) {
			return ""
		}
		ftype, body := q.Unit()
		s := scopes[body]
		if s == nil {
			s = localvars.New(x.pass.TypesInfo, ftype, body)
			scopes[body] = s
		}
		if call := analysisutil.ExecutionCall(x.pass, x.rules, s, q.Args[n-1]); call != nil {
			return types.ExprString(call)
		}
		return x.sequenceValue(q.Args[n-1], s, body)
	}
}

// sequenceValue says how a value is the next number of a sequence read
// by the same run of the function: a variable scanned from a query whose
// one result is such a number (SELECT max(seq) ... then seq + 1, SELECT
// nextval(...)), directly or through local variables: "max()+1 read by
// QueryRowContext". Otherwise "".
func (x *extractor) sequenceValue(arg ast.Expr, s *localvars.Scope, body *ast.BlockStmt) string {
	read := x.sequenceReads(body, s)
	if len(read) == 0 {
		return ""
	}
	var follow func(e ast.Expr, plus bool, depth int) string
	follow = func(e ast.Expr, plus bool, depth int) string {
		if depth > maxDepth {
			return ""
		}
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, ok := x.pass.TypesInfo.Uses[e].(*types.Var)
			if !ok {
				return ""
			}
			if r, ok := read[v]; ok {
				if r.seq != "max()" && r.seq != "count()" {
					return r.seq + " read by " + r.by // max()+1, nextval(): new as read
				}
				if plus {
					return r.seq + "+1 read by " + r.by
				}
				return ""
			}
			for _, d := range s.Defs[v] {
				if d.Index < 0 && !d.Range && !d.Op {
					if how := follow(d.Expr, plus, depth+1); how != "" {
						return how
					}
				}
			}
		case *ast.BinaryExpr:
			if e.Op == token.ADD {
				if how := follow(e.X, true, depth+1); how != "" {
					return how
				}
				return follow(e.Y, true, depth+1)
			}
		case *ast.CallExpr:
			// a conversion: int64(n) + 1
			if tv, ok := x.pass.TypesInfo.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
				return follow(e.Args[0], plus, depth+1)
			}
		}
		return ""
	}
	return follow(arg, false, 0)
}

// sequenceRead is a variable scanned from a sequence read.
type sequenceRead struct {
	seq string    // the statement's Sequence: max(), max()+1, nextval()
	by  string    // the query call's name
	at  token.Pos // the query call
}

// sequenceReads finds the variables of body scanned from queries whose
// one result is a number read to number a new row:
// db.QueryRowContext(ctx, `SELECT max(seq) ...`).Scan(&last).
func (x *extractor) sequenceReads(body *ast.BlockStmt, s *localvars.Scope) map[*types.Var]sequenceRead {
	if out, ok := x.sequences[body]; ok {
		return out
	}
	out := map[*types.Var]sequenceRead{}
	if x.sequences == nil {
		x.sequences = map[*ast.BlockStmt]map[*types.Var]sequenceRead{}
	}
	x.sequences[body] = out
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if v, r, ok := x.readInto(call); ok {
			out[v] = r // db.GetContext(ctx, &last, `SELECT max(seq) ...`)
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Scan" {
			return true
		}
		recv, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			// row := db.QueryRow(...); row.Scan(&n)
			if id, isID := ast.Unparen(sel.X).(*ast.Ident); isID {
				if v, isVar := x.pass.TypesInfo.Uses[id].(*types.Var); isVar && len(s.Defs[v]) == 1 {
					recv, _ = ast.Unparen(s.Defs[v][0].Expr).(*ast.CallExpr)
				}
			}
		}
		q := x.calls[recv]
		if q == nil || q.SQL == nil || len(q.SQL.Statements) != 1 || q.SQL.Statements[0].Sequence == "" {
			return true
		}
		for _, a := range call.Args {
			u, ok := ast.Unparen(a).(*ast.UnaryExpr)
			if !ok || u.Op != token.AND {
				continue
			}
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
				if v, ok := x.pass.TypesInfo.Uses[id].(*types.Var); ok {
					out[v] = sequenceRead{q.SQL.Statements[0].Sequence, q.Callee.Name(), q.Call.Pos()}
				}
			}
			break // the first column is the one result
		}
		return true
	})
	return out
}

// readInto returns the variable a query call reads a sequence into when
// the call takes its destination before the query, as sqlx's Get does:
// db.GetContext(ctx, &last, `SELECT max(seq) ...`).
func (x *extractor) readInto(call *ast.CallExpr) (*types.Var, sequenceRead, bool) {
	q := x.calls[call]
	if q == nil || q.Sink == nil || q.Sink.Query == nil || q.SQL == nil || len(q.SQL.Statements) != 1 || q.SQL.Statements[0].Sequence == "" {
		return nil, sequenceRead{}, false
	}
	for _, a := range call.Args[:min(int(*q.Sink.Query), len(call.Args))] {
		u, ok := ast.Unparen(a).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			continue
		}
		if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
			if v, ok := x.pass.TypesInfo.Uses[id].(*types.Var); ok {
				return v, sequenceRead{q.SQL.Statements[0].Sequence, q.Callee.Name(), q.Call.Pos()}, true
			}
		}
	}
	return nil, sequenceRead{}, false
}
