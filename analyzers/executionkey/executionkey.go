package executionkey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/check"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

//go:embed doc.go
var doc string

// Analyzer reports execution-derived keys, with the builtin rules.
var Analyzer = New(sqlextract.Analyzer, rules.Default())

// New returns an executionkey analyzer that reads the queries of extract.
func New(extract *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return check.New("executionkey", doc, extract, r, func(pass *analysis.Pass, result *sqlextract.Result) {
		run(pass, r, result)
	})
}

const (
	why    = "a new value on every execution, so a retry never meets the row it wrote and inserts again"
	remedy = "derive the key from the input"
)

func run(pass *analysis.Pass, r *rules.Rules, result *sqlextract.Result) {
	headers(pass, r)
	for _, q := range result.Queries {
		if q.SQL == nil {
			continue
		}
		for _, st := range q.SQL.Statements {
			what := "conflict key"
			if st.Kind == sqlcheck.KindMerge {
				what = "merge key"
			}
			for _, k := range st.Keys {
				switch k.Source {
				case sqlcheck.SourceExecution:
					takes := k.Written()
					if k.Default {
						takes = "its DEFAULT " + takes + " (the INSERT leaves it out)"
					}
					report.Report(pass, analysis.Diagnostic{Pos: q.Pos(k.Offset),
						Message: fmt.Sprintf("%s %s of %s takes %s, %s; %s", what, k.Column, st.Table, takes, why, remedy)})
				case sqlcheck.SourcePlaceholder:
					if q.Made == nil || q.Args == nil || k.Placeholder < 1 || k.Placeholder > len(q.Args) {
						continue
					}
					if how := q.Made(k.Placeholder); how != "" {
						arg := q.Args[k.Placeholder-1]
						report.Report(pass, analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(),
							Message: fmt.Sprintf("%s %s of %s is bound to $%d from %s, %s; %s", what, k.Column, st.Table, k.Placeholder, how, why, remedy)})
					}
				}
			}
		}
	}
}

// headers reports an idempotency header whose value is made anew on
// every run of the code around it: in the innermost function literal or
// loop that holds the header's call, or in the function when there is
// none. A key made before a retry's closure or loop is the same on every
// attempt: the server deduplicates those, and it is not reported.
func headers(pass *analysis.Pass, r *rules.Rules) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var scope *localvars.Scope
			var around []ast.Node // the function literals and loops open at the node
			ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name, value := keyOf(pass, r, call)
				if value == nil {
					return true
				}
				if scope == nil {
					scope = localvars.New(pass.TypesInfo, fd.Type, fd.Body)
				}
				around = around[:0]
				for _, s := range stack {
					switch s.(type) {
					case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
						around = append(around, s)
					}
				}
				var within ast.Node
				if len(around) > 0 {
					within = around[len(around)-1]
				}
				if gen := analysisutil.ExecutionCallWithin(pass, r, scope, value, within); gen != nil {
					report.Report(pass, analysis.Diagnostic{Pos: value.Pos(), End: value.End(),
						Message: fmt.Sprintf("idempotency key %s takes %s, a new value on every call, so a retried request is a new request to the server; %s",
							name, types.ExprString(gen), remedy)})
				}
				return true
			})
		}
	}
}

// keyOf returns the idempotency key a call sets, with its name: an
// idempotency header set on a request's Header, or a safe-with call of an
// effect rule (nats.MsgId(id), resty's SetHeader("Idempotency-Key", id)).
func keyOf(pass *analysis.Pass, r *rules.Rules, call *ast.CallExpr) (string, ast.Expr) {
	header := func(x ast.Expr) (string, bool) {
		tv := pass.TypesInfo.Types[x]
		if tv.Value == nil || tv.Value.Kind() != constant.String || !r.IsIdempotencyHeader(constant.StringVal(tv.Value)) {
			return "", false
		}
		return constant.StringVal(tv.Value), true
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Set" || sel.Sel.Name == "Add") && len(call.Args) == 2 {
		if recv, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && recv.Sel.Name == "Header" {
			if name, ok := header(call.Args[0]); ok {
				return name, call.Args[1]
			}
		}
	}
	fn := typeutil.StaticCallee(pass.TypesInfo, call)
	if fn == nil {
		return "", nil
	}
	for _, w := range r.SafeWith(fn) {
		if int(*w.Value) >= len(call.Args) {
			continue
		}
		name := analysisutil.Short(pass, call.Fun)
		if w.Header != nil {
			h, ok := "", false
			if int(*w.Header) < len(call.Args) {
				h, ok = header(call.Args[*w.Header])
			}
			if !ok {
				continue
			}
			name = h
		}
		return name, call.Args[*w.Value]
	}
	return "", nil
}
