package inventory

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

// Classes of operations besides the effects' own.
const (
	Replaces = "replaces"
	Reads    = "reads"
	Unknown  = "unknown"
)

// maxDepth bounds the calls followed for evidence of a replace or a
// read, as effects bounds its chains.
const maxDepth = 8

// operation says what a site's operation does when it runs again: the
// effect the effects analysis finds (external, increments, appends),
// else the SQL it runs in this package (replaces, reads), else unknown.
func (l *lister) operation(s *retrysite.Site) Operation {
	var roots []ast.Node
	var first string
	switch {
	case s.Kind == retrysite.Client:
		if e := l.clientEffect(s); e != nil {
			return fromEffect(e)
		}
		return Operation{Class: Unknown}
	case s.Operation == nil:
		return Operation{Class: Unknown}
	}
	if fn := s.OperationFunc(l.pass.TypesInfo); fn != nil {
		if e := l.eff.Func(fn); e != nil {
			return fromEffect(e)
		}
		d := l.decls[fn.Origin()]
		if d == nil || d.Body == nil {
			return Operation{Class: Unknown}
		}
		roots, first = []ast.Node{d.Body}, funcLabel(fn)
		if what, ok := declaredIdempotent(d); ok {
			return Operation{Class: Replaces, What: what, Chain: []Hop{{Name: first + " (declared)", Posn: l.posn(d)}}}
		}
		if r := l.rules.Effect(fn); r != nil && r.Class == effects.Idempotent {
			return Operation{Class: Replaces, What: "is declared idempotent by a rule: " + r.What, Chain: []Hop{{Name: first + " (declared)", Posn: l.posn(d)}}}
		}
	} else {
		if e := effects.Preferred(l.callEffects(s.Operation)); e != nil {
			return fromEffect(e)
		}
		roots = []ast.Node{s.Operation}
	}
	ev := l.evidence(roots, map[*types.Func]bool{}, 0)
	if ev == nil {
		return Operation{Class: Unknown}
	}
	if first != "" {
		ev.Chain = append([]Hop{{Name: first, Posn: l.posn(s.Operation)}}, ev.Chain...)
	}
	return *ev
}

// callEffects returns the effects of the calls in n, in source order,
// outside goroutines (a retry waits for none of their work).
func (l *lister) callEffects(n ast.Node) []*effects.Effect {
	var found []*effects.Effect
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			return false
		case *ast.CallExpr:
			if e := l.eff.Calls[n]; e != nil {
				found = append(found, e)
			}
		}
		return true
	})
	return found
}

// fromEffect writes an effect as an operation. A request or command of
// the caller's, sent on, is what the caller makes it: a POST or a GET,
// an increment or a read. Its class is unknown; What says so.
func fromEffect(e *effects.Effect) Operation {
	op := Operation{Class: e.Class, What: e.What}
	switch e.Class {
	case effects.AnyMethod:
		op.Class, op.What = Unknown, e.What+", of any method (POST included)"
	case effects.AnyCommand:
		op.Class, op.What = Unknown, e.What+", of any kind (writes included)"
	}
	for _, h := range e.Chain {
		op.Chain = append(op.Chain, Hop{Name: h.Name, Posn: h.Posn})
	}
	return op
}

// evidence looks in the nodes, and in the functions of this package they
// call, for SQL that replaces its unit (an upsert, an UPDATE to values,
// a DELETE, a delete-then-insert in one transaction) or reads (a
// SELECT), and for functions declared idempotent. It returns the first
// replace found, else the first read, else nil.
func (l *lister) evidence(nodes []ast.Node, seen map[*types.Func]bool, depth int) *Operation {
	var read *Operation
	for _, n := range nodes {
		var found *Operation
		ast.Inspect(n, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.GoStmt:
				return false
			case *ast.CallExpr:
				if q := l.queries[n]; q != nil {
					switch op := l.queryClass(q); {
					case op == nil:
					case op.Class == Replaces:
						found = op
					case read == nil:
						read = op
					}
				}
				fn := typeutil.StaticCallee(l.pass.TypesInfo, n)
				if fn == nil || fn.Pkg() != l.pass.Pkg || seen[fn.Origin()] || depth >= maxDepth {
					return true
				}
				seen[fn.Origin()] = true
				d := l.decls[fn.Origin()]
				if d == nil || d.Body == nil {
					return true
				}
				hop := Hop{Name: funcLabel(fn), Posn: l.posn(n)}
				if what, ok := declaredIdempotent(d); ok {
					found = &Operation{Class: Replaces, What: what, Chain: []Hop{{Name: hop.Name + " (declared)", Posn: hop.Posn}}}
					return false
				}
				if op := l.evidence([]ast.Node{d.Body}, seen, depth+1); op != nil {
					op.Chain = append([]Hop{hop}, op.Chain...)
					if op.Class == Replaces {
						found = op
					} else if read == nil {
						read = op
					}
				}
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return read
}

// queryClass says whether a query replaces or reads, from its
// statements; nil when it does neither (or is not understood).
func (l *lister) queryClass(q *sqlextract.Query) *Operation {
	if q.SQL == nil {
		return nil
	}
	var read *Operation
	for _, st := range q.SQL.Statements {
		hop := []Hop{{Name: fmt.Sprintf("%s %q", funcLabel(q.Callee), abbreviate(q.Text[st.Offset:])), Posn: l.posn(q.Call)}}
		switch st.Effect {
		case sqlcheck.Replaces, sqlcheck.Writes:
			return &Operation{Class: Replaces, What: fmt.Sprintf("%s (%s)", statement(st.Kind, st.Table), st.Reason), Chain: hop}
		case sqlcheck.Appends:
			if l.extract.ReplacedInTx(q, st.Table) {
				return &Operation{Class: Replaces, What: statement(st.Kind, st.Table) + " after deleting its rows in the same transaction", Chain: hop}
			}
		case sqlcheck.Reads:
			if st.Kind == sqlcheck.KindSelect && read == nil {
				read = &Operation{Class: Reads, What: statement(st.Kind, st.Table), Chain: hop}
			}
		}
	}
	return read
}

// statement says what a statement of a kind does to a table.
func statement(kind sqlcheck.Kind, table string) string {
	verb := map[sqlcheck.Kind]string{
		sqlcheck.KindSelect:   "selects from",
		sqlcheck.KindInsert:   "inserts into",
		sqlcheck.KindUpdate:   "updates",
		sqlcheck.KindDelete:   "deletes from",
		sqlcheck.KindMerge:    "merges into",
		sqlcheck.KindCopy:     "copies into",
		sqlcheck.KindTruncate: "truncates",
	}[kind]
	if verb == "" {
		verb = "runs " + string(kind) + " on"
	}
	if table == "" && kind == sqlcheck.KindSelect {
		return "runs a SELECT"
	}
	if table == "" {
		return strings.TrimSuffix(strings.TrimSuffix(verb, " from"), " into") + " a table"
	}
	return verb + " " + table
}

// declaredIdempotent reads a //retrylint:effect idempotent directive in a
// function's doc comment.
func declaredIdempotent(d *ast.FuncDecl) (string, bool) {
	if d.Doc == nil {
		return "", false
	}
	for _, c := range d.Doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//retrylint:effect idempotent")
		if ok && (rest == "" || rest[0] == ' ') {
			return "is declared idempotent: " + strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// funcLabel names a function as effects' chains do: pkg.Func or
// (*pkg.T).Method.
func funcLabel(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return strings.NewReplacer(fn.Pkg().Path()+".", fn.Pkg().Name()+".").Replace(rules.FuncKey(fn))
}

// abbreviate shortens a query for a witness: its first words.
func abbreviate(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 40 {
		text = text[:40] + "..."
	}
	return text
}

// clientEffect returns the first effect of the calls made, in the
// site's function, through a local variable that holds only the client
// the site builds. Calls through a field or a function that returns the
// client are not followed here.
func (l *lister) clientEffect(s *retrysite.Site) *effects.Effect {
	if s.Enclosing == nil || s.Enclosing.Body == nil {
		return nil
	}
	scope := localvars.New(l.pass.TypesInfo, s.Enclosing.Type, s.Enclosing.Body)
	holds := map[*types.Var]bool{}
	for v, defs := range scope.Defs {
		if len(defs) == 1 && ast.Unparen(defs[0].Expr) == s.Node {
			holds[v] = true
		}
	}
	var found []*effects.Effect
	ast.Inspect(s.Enclosing.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				if v, ok := l.pass.TypesInfo.Uses[id].(*types.Var); ok && holds[v] {
					if e := l.eff.Calls[call]; e != nil {
						found = append(found, e)
					}
				}
			}
		}
		return true
	})
	return effects.Preferred(found)
}
