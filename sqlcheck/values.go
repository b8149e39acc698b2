package sqlcheck

import (
	"sort"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
)

// Where a key's value comes from: the expression the statement gives the
// key column, followed through source queries (INSERT ... SELECT, MERGE
// ... USING, FROM subqueries, CTEs, unnest) to the expression that
// produces it.

// maxFollow bounds how deep values are followed through source queries
// (a recursive CTE would otherwise be followed forever).
const maxFollow = 16

// scope is what the columns of an expression can name: the FROM items of
// its SELECT and the CTEs visible to it.
type scope struct {
	from []*pg.Node
	ctes []*pg.CommonTableExpr // innermost first
}

// with returns sc with the CTEs of w in front.
func (sc *scope) with(w *pg.WithClause) *scope {
	if w == nil || len(w.Ctes) == 0 {
		return sc
	}
	out := &scope{from: sc.from}
	for _, c := range w.Ctes {
		if cte := c.GetCommonTableExpr(); cte != nil {
			out.ctes = append(out.ctes, cte)
		}
	}
	out.ctes = append(out.ctes, sc.ctes...)
	return out
}

// forSelect returns the scope of the expressions of sel.
func (sc *scope) forSelect(sel *pg.SelectStmt) *scope {
	return &scope{from: sel.FromClause, ctes: sc.with(sel.WithClause).ctes}
}

func (sc *scope) cte(name string) *pg.CommonTableExpr {
	for _, c := range sc.ctes {
		if c.Ctename == name {
			return c
		}
	}
	return nil
}

// offset returns the original offset where n starts, or -1.
func (s *script) offset(n proto.Message) int {
	if n == nil {
		return -1
	}
	loc := minLocation(n)
	if loc < 0 || loc > len(s.norm.text) {
		return -1
	}
	return s.norm.origStart(loc)
}

// insertValue returns the value an INSERT gives column col.
func (s *script) insertValue(ins *pg.InsertStmt, col string, sc *scope) KeyValue {
	unknown := KeyValue{Offset: -1}
	idx := -1
	for i, c := range ins.Cols {
		if rt := c.GetResTarget(); rt != nil && rt.Name == col {
			idx = i
			break
		}
	}
	if idx < 0 {
		// No column list, or the column is not in it and takes its
		// default: the schema decides, which the text does not say.
		return unknown
	}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil {
		return unknown
	}
	return s.valueAt(sel, idx, sc, 0)
}

// valueAt returns the value of output column idx of sel. For VALUES, it
// is the first row's, unless a row's comes from the execution; for a set
// operation, the first branch's, unless a branch's comes from the
// execution.
func (s *script) valueAt(sel *pg.SelectStmt, idx int, outer *scope, depth int) KeyValue {
	unknown := KeyValue{Offset: -1}
	if sel == nil || depth > maxFollow || idx < 0 {
		return unknown
	}
	if sel.Op != pg.SetOperation_SETOP_NONE {
		sc := outer.with(sel.WithClause)
		left := s.valueAt(sel.Larg, idx, sc, depth+1)
		right := s.valueAt(sel.Rarg, idx, sc, depth+1)
		if right.Source == SourceExecution && left.Source != SourceExecution {
			return right
		}
		return left
	}
	inner := outer.forSelect(sel)
	if len(sel.ValuesLists) > 0 {
		first, found := unknown, false
		for _, row := range sel.ValuesLists {
			items := row.GetList().GetItems()
			if idx >= len(items) {
				continue
			}
			v := s.valueOf(items[idx], inner, depth+1)
			if v.Source == SourceExecution {
				return v
			}
			if !found {
				first, found = v, true
			}
		}
		return first
	}
	pos := 0 // the output column of the target
	for _, t := range sel.TargetList {
		rt := t.GetResTarget()
		if rt == nil {
			return unknown
		}
		if isStar(rt.Val) {
			// SELECT * FROM one source: the source's columns, as many as
			// it has (all that follow when that is not known).
			items := fromItems(sel.FromClause)
			if len(items) != 1 {
				return unknown
			}
			width := sourceWidth(items[0])
			if width < 0 && len(sel.TargetList) > 1 {
				return unknown
			}
			if width < 0 || idx < pos+width {
				return s.valueAtFrom(items[0], idx-pos, inner, depth+1)
			}
			pos += width
			continue
		}
		if pos == idx {
			return s.valueOf(rt.Val, inner, depth+1)
		}
		pos++
	}
	return unknown
}

// sourceWidth returns how many columns a FROM item gives, when the text
// says: unnest(a, b, c) gives three. Otherwise -1.
func sourceWidth(item *pg.Node) int {
	if rf := item.GetRangeFunction(); rf != nil {
		if args := unnestArgs(rf); len(args) > 0 {
			return len(args)
		}
	}
	return -1
}

// valueAtFrom returns the value of output column idx of a FROM item.
func (s *script) valueAtFrom(item *pg.Node, idx int, sc *scope, depth int) KeyValue {
	switch x := item.Node.(type) {
	case *pg.Node_RangeSubselect:
		return s.valueAt(x.RangeSubselect.Subquery.GetSelectStmt(), idx, sc, depth+1)
	case *pg.Node_RangeVar:
		if x.RangeVar.Schemaname == "" {
			if cte := sc.cte(x.RangeVar.Relname); cte != nil {
				return s.valueAt(cte.Ctequery.GetSelectStmt(), idx, sc, depth+1)
			}
		}
	case *pg.Node_RangeFunction:
		if args := unnestArgs(x.RangeFunction); idx < len(args) {
			return s.valueOf(args[idx], sc, depth+1)
		}
	}
	return KeyValue{Offset: -1}
}

// unnestArgs returns the arguments of FROM unnest(a, b, ...), whose
// output columns they feed one by one.
func unnestArgs(rf *pg.RangeFunction) []*pg.Node {
	if len(rf.Functions) != 1 {
		return nil
	}
	items := rf.Functions[0].GetList().GetItems()
	if len(items) == 0 {
		return nil
	}
	fc := items[0].GetFuncCall()
	if fc == nil || funcName(fc) != "unnest" {
		return nil
	}
	return fc.Args
}

// valueByName returns the value of sel's output column named col, where
// colnames, when given, rename sel's columns (an alias's column list).
func (s *script) valueByName(sel *pg.SelectStmt, colnames []*pg.Node, col string, outer *scope, depth int) (KeyValue, bool) {
	if sel == nil || depth > maxFollow {
		return KeyValue{}, false
	}
	if len(colnames) > 0 {
		for i, c := range colnames {
			if c.GetString_().GetSval() == col {
				return s.valueAt(sel, i, outer, depth), true
			}
		}
		return KeyValue{}, false
	}
	base := sel
	for base.Op != pg.SetOperation_SETOP_NONE && base.Larg != nil {
		base = base.Larg
	}
	if len(base.ValuesLists) > 0 {
		// VALUES names its columns column1, column2, ...
		if n, err := strconv.Atoi(strings.TrimPrefix(col, "column")); err == nil && strings.HasPrefix(col, "column") && n >= 1 {
			return s.valueAt(sel, n-1, outer, depth), true
		}
		return KeyValue{}, false
	}
	star := false
	for i, t := range base.TargetList {
		rt := t.GetResTarget()
		if rt == nil {
			continue
		}
		if isStar(rt.Val) {
			star = true
			continue
		}
		if outputName(rt) != col {
			continue
		}
		if !star {
			return s.valueAt(sel, i, outer, depth), true
		}
		return s.valueOf(rt.Val, outer.forSelect(base), depth+1), true
	}
	if star {
		// SELECT * FROM src: the column is src's.
		ref := &pg.ColumnRef{Fields: []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: col}}}}, Location: -1}
		return s.column(ref, outer.forSelect(base), depth+1), true
	}
	return KeyValue{}, false
}

// isStar reports whether a target is * or x.*.
func isStar(n *pg.Node) bool {
	cr := n.GetColumnRef()
	if cr == nil || len(cr.Fields) == 0 {
		return false
	}
	return cr.Fields[len(cr.Fields)-1].GetAStar() != nil
}

// outputName returns the name PostgreSQL gives a SELECT's output column:
// its alias, or the name of the column or function it is.
func outputName(rt *pg.ResTarget) string {
	if rt.Name != "" {
		return rt.Name
	}
	return exprName(rt.Val)
}

func exprName(n *pg.Node) string {
	switch x := n.GetNode().(type) {
	case *pg.Node_ColumnRef:
		if parts, ok := names(x.ColumnRef.Fields); ok && len(parts) > 0 {
			return parts[len(parts)-1]
		}
	case *pg.Node_FuncCall:
		return funcName(x.FuncCall)
	case *pg.Node_SqlvalueFunction:
		return valueFuncNames[x.SqlvalueFunction.Op]
	case *pg.Node_TypeCast:
		if name := exprName(x.TypeCast.Arg); name != "" && name != "?column?" {
			return name
		}
		if x.TypeCast.TypeName != nil {
			if parts, _ := names(x.TypeCast.TypeName.Names); len(parts) > 0 {
				return parts[len(parts)-1]
			}
		}
	}
	return "?column?"
}

// valueOf returns where the value of expression n comes from.
func (s *script) valueOf(n *pg.Node, sc *scope, depth int) KeyValue {
	kv := KeyValue{Offset: s.offset(n)}
	if n == nil || depth > maxFollow {
		return kv
	}
	switch x := n.Node.(type) {
	case *pg.Node_ParamRef:
		return s.placeholder(kv, int(x.ParamRef.Number))
	case *pg.Node_AConst:
		kv.Source = SourceLiteral
		kv.FmtArg = s.fmtArg(int(x.AConst.Location))
		return kv
	case *pg.Node_TypeCast:
		inner := s.valueOf(x.TypeCast.Arg, sc, depth+1)
		if inner.Offset == s.offset(x.TypeCast.Arg) {
			inner.Offset = kv.Offset // CAST(x AS t) starts before x
		}
		return inner
	case *pg.Node_ColumnRef:
		return s.column(x.ColumnRef, sc, depth)
	case *pg.Node_SetToDefault:
		return kv
	case *pg.Node_FuncCall:
		if name := funcName(x.FuncCall); s.a.execution[name] {
			kv.Source, kv.Function = SourceExecution, name
			return kv
		}
	case *pg.Node_SqlvalueFunction:
		if name := valueFuncNames[x.SqlvalueFunction.Op]; s.a.execution[name] {
			kv.Source, kv.Function = SourceExecution, name
		}
		return kv
	}
	return s.composite(n, kv, sc, depth)
}

// placeholder fills kv for bind parameter $num. $0 parses but binds
// nothing: its source stays unknown.
func (s *script) placeholder(kv KeyValue, num int) KeyValue {
	if num < 1 {
		return kv
	}
	kv.Source = SourcePlaceholder
	kv.Placeholder = num
	kv.Placeholders = []int{num}
	kv.Name = s.norm.paramNames[num]
	return kv
}

// fmtArg returns the fmt argument a literal at normalised location loc
// was written as (%d, or '%s' in quotes), or 0.
func (s *script) fmtArg(loc int) int {
	if e, ok := s.norm.editAt(loc); ok && (e.kind == editFmtValue || e.kind == editFmtIdent) {
		return e.n
	}
	return s.norm.literalArg[s.norm.origStart(loc)]
}

// composite returns where the value of an expression built from others
// comes from (lower($1), $1 || '-' || $2, md5(random()::text)): from the
// execution if any part is, else from the placeholders it uses, else from
// a column, else a literal. Columns are followed through the scope, but
// not inside subqueries, whose scope is their own.
func (s *script) composite(n *pg.Node, kv KeyValue, sc *scope, depth int) KeyValue {
	type param struct{ loc, num int }
	var (
		execution string
		params    []param
		column    string
		literal   bool
		fmtArg    int
	)
	var visit func(root proto.Message, resolve bool)
	visit = func(root proto.Message, resolve bool) {
		inspect(root, func(m proto.Message) bool {
			switch x := m.(type) {
			case *pg.A_Expr:
				if name := nextNumber(x); name != "" && execution == "" {
					execution = name
					return false
				}
			case *pg.SubLink:
				if x.Testexpr != nil {
					visit(x.Testexpr, resolve)
				}
				visit(x.Subselect, false)
				return false
			case *pg.ParamRef:
				if x.Number >= 1 {
					params = append(params, param{int(x.Location), int(x.Number)})
				}
			case *pg.A_Const:
				literal = true
				if fmtArg == 0 {
					fmtArg = s.fmtArg(int(x.Location))
				}
			case *pg.FuncCall:
				if name := funcName(x); s.a.execution[name] && execution == "" {
					execution = name
				}
			case *pg.SQLValueFunction:
				if name := valueFuncNames[x.Op]; s.a.execution[name] && execution == "" {
					execution = name
				}
			case *pg.ColumnRef:
				if !resolve {
					if parts, ok := names(x.Fields); ok && column == "" {
						column = strings.Join(parts, ".")
					}
					return false
				}
				v := s.column(x, sc, depth+1)
				switch v.Source {
				case SourceExecution:
					if execution == "" {
						execution = v.Function
					}
				case SourcePlaceholder:
					for _, p := range v.Placeholders {
						params = append(params, param{int(x.Location), p})
					}
				case SourceColumn:
					if column == "" {
						column = v.FromColumn
					}
				case SourceLiteral:
					literal = true
					if fmtArg == 0 {
						fmtArg = v.FmtArg
					}
				}
				return false
			}
			return true
		})
	}
	visit(n, true)
	switch {
	case execution != "":
		kv.Source, kv.Function = SourceExecution, execution
	case len(params) > 0:
		sort.SliceStable(params, func(i, j int) bool { return params[i].loc < params[j].loc })
		kv = s.placeholder(kv, params[0].num)
		for _, p := range params[1:] {
			if !containsInt(kv.Placeholders, p.num) {
				kv.Placeholders = append(kv.Placeholders, p.num)
			}
		}
	case column != "":
		kv.Source, kv.FromColumn = SourceColumn, column
	case literal:
		kv.Source, kv.FmtArg = SourceLiteral, fmtArg
	}
	return kv
}

// nextNumber returns "max()+1" for an expression that takes the next
// number after the largest, or after the count of, rows it reads:
// max(seq) + 1, COALESCE(max(seq), 0) + 1, (SELECT count(*) FROM t) + 1.
// The statement reads it when it runs, so an execution after one that
// committed gets the number after that one's: a key made this way is
// the execution's, as nextval() is. A max() on its own is a value that
// is already there, and stays a column's.
func nextNumber(e *pg.A_Expr) string {
	if operator(e) != "+" {
		return ""
	}
	for _, side := range []*pg.Node{e.Lexpr, e.Rexpr} {
		if name := aggregateOf(side, 0); name != "" {
			return name + "()+1"
		}
	}
	return ""
}

// aggregateOf returns "max" or "count" for a call of that aggregate, one
// inside COALESCE or a cast, or a scalar subquery that selects one.
func aggregateOf(n *pg.Node, depth int) string {
	if n == nil || depth > maxFollow {
		return ""
	}
	switch x := n.Node.(type) {
	case *pg.Node_FuncCall:
		if name := funcName(x.FuncCall); name == "max" || name == "count" {
			return name
		}
	case *pg.Node_CoalesceExpr:
		for _, a := range x.CoalesceExpr.Args {
			if name := aggregateOf(a, depth+1); name != "" {
				return name
			}
		}
	case *pg.Node_TypeCast:
		return aggregateOf(x.TypeCast.Arg, depth+1)
	case *pg.Node_SubLink:
		if x.SubLink.SubLinkType != pg.SubLinkType_EXPR_SUBLINK {
			return ""
		}
		if sel := x.SubLink.Subselect.GetSelectStmt(); sel != nil && len(sel.TargetList) == 1 {
			if rt := sel.TargetList[0].GetResTarget(); rt != nil {
				return aggregateOf(rt.Val, depth+1)
			}
		}
	}
	return ""
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// column returns where the value of a column reference comes from,
// following it into the subquery, CTE or unnest of the scope that
// produces it; a column of a table stays a column.
func (s *script) column(cr *pg.ColumnRef, sc *scope, depth int) KeyValue {
	parts, ok := names(cr.Fields)
	kv := KeyValue{Offset: s.offset(cr)}
	if cr.Location < 0 {
		kv.Offset = -1
	}
	if !ok || len(parts) == 0 {
		return kv
	}
	if e, ok := s.norm.editAt(int(cr.Location)); ok && cr.Location >= 0 && e.kind == editFmtIdent && len(parts) == 1 {
		// A fmt verb in a value position, read as an identifier.
		kv.Source, kv.FmtArg = SourceLiteral, e.n
		return kv
	}
	kv.Source, kv.FromColumn = SourceColumn, s.norm.restoreVerbs(strings.Join(parts, "."))
	if depth > maxFollow {
		return kv
	}
	col, qual := parts[len(parts)-1], ""
	if len(parts) > 1 {
		qual = parts[len(parts)-2]
	}
	items := fromItems(sc.from)
	for _, it := range items {
		switch x := it.Node.(type) {
		case *pg.Node_RangeSubselect:
			alias := x.RangeSubselect.Alias
			if qual != "" && (alias == nil || alias.Aliasname != qual) {
				continue
			}
			var colnames []*pg.Node
			if alias != nil {
				colnames = alias.Colnames
			}
			if v, ok := s.valueByName(x.RangeSubselect.Subquery.GetSelectStmt(), colnames, col, sc, depth+1); ok {
				return v
			}
			if qual != "" {
				return kv
			}
		case *pg.Node_RangeVar:
			rv := x.RangeVar
			name := rv.Relname
			if rv.Alias != nil {
				name = rv.Alias.Aliasname
			}
			if qual != "" && qual != name {
				continue
			}
			if rv.Schemaname == "" {
				if cte := sc.cte(rv.Relname); cte != nil {
					colnames := cte.Aliascolnames
					if rv.Alias != nil && len(rv.Alias.Colnames) > 0 {
						colnames = rv.Alias.Colnames
					}
					if v, ok := s.valueByName(cte.Ctequery.GetSelectStmt(), colnames, col, sc, depth+1); ok {
						return v
					}
				}
			}
			if qual != "" || len(items) == 1 {
				return kv
			}
		case *pg.Node_RangeFunction:
			rf := x.RangeFunction
			alias := ""
			var colnames []*pg.Node
			if rf.Alias != nil {
				alias, colnames = rf.Alias.Aliasname, rf.Alias.Colnames
			}
			if qual != "" && qual != alias {
				continue
			}
			args := unnestArgs(rf)
			for i, c := range colnames {
				if c.GetString_().GetSval() == col && i < len(args) {
					return s.valueOf(args[i], sc, depth+1)
				}
			}
			if len(colnames) == 0 && len(args) == 1 && alias == col {
				return s.valueOf(args[0], sc, depth+1)
			}
			if qual != "" {
				return kv
			}
		}
	}
	return kv
}

// inserted returns the value of every column an INSERT fills: by its
// column list, or, without one, by position (Column "").
func (s *script) inserted(ins *pg.InsertStmt, sel *pg.SelectStmt, sc *scope) []KeyValue {
	if sel == nil {
		return nil
	}
	if len(ins.Cols) > 0 {
		out := make([]KeyValue, 0, len(ins.Cols))
		for i, c := range ins.Cols {
			rt := c.GetResTarget()
			if rt == nil {
				return nil
			}
			kv := s.valueAt(sel, i, sc, 0)
			kv.Column = s.norm.restoreVerbs(rt.Name)
			out = append(out, kv)
		}
		return out
	}
	width := len(sel.TargetList)
	if len(sel.ValuesLists) > 0 {
		width = len(sel.ValuesLists[0].GetList().GetItems())
	}
	out := make([]KeyValue, 0, width)
	for i := 0; i < width; i++ {
		out = append(out, s.valueAt(sel, i, sc, 0))
	}
	return out
}
