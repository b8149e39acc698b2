package sqlcheck

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// lastRead returns "max()" for a SELECT of one column that reads the
// largest value the column holds without an aggregate: ORDER BY the
// column DESC LIMIT 1, or the rows whose column is at least (or equal
// to) such a read of it, the form a locking read of the last row takes
// (WHERE seq >= (SELECT seq ... ORDER BY seq DESC LIMIT 1) FOR UPDATE).
// The caller adds one to number a new row, as after SELECT max(seq).
func lastRead(sel *pg.SelectStmt, depth int) string {
	if sel == nil || depth > maxFollow || sel.Op != pg.SetOperation_SETOP_NONE || len(sel.TargetList) != 1 {
		return ""
	}
	col := targetColumn(sel)
	if col == "" {
		return ""
	}
	if len(sel.SortClause) == 1 && limitOne(sel.LimitCount) {
		if sb := sel.SortClause[0].GetSortBy(); sb != nil && sb.SortbyDir == pg.SortByDir_SORTBY_DESC && columnOf(sb.Node) == col {
			return "max()"
		}
	}
	if len(sel.SortClause) > 0 || sel.LimitCount != nil {
		return ""
	}
	for _, c := range conjuncts(sel.WhereClause) {
		e := c.GetAExpr()
		if e == nil || (operator(e) != ">=" && operator(e) != "=") || columnOf(e.Lexpr) != col {
			continue
		}
		sub := e.Rexpr.GetSubLink()
		if sub == nil || sub.SubLinkType != pg.SubLinkType_EXPR_SUBLINK {
			continue
		}
		if inner := sub.Subselect.GetSelectStmt(); inner != nil && targetColumn(inner) == col && lastRead(inner, depth+1) == "max()" {
			return "max()"
		}
	}
	return ""
}

// targetColumn returns the column a one-column SELECT lists, without
// its table, or "".
func targetColumn(sel *pg.SelectStmt) string {
	if len(sel.TargetList) != 1 {
		return ""
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil {
		return ""
	}
	return columnOf(rt.Val)
}

// columnOf returns the name of a column reference, without its table.
func columnOf(n *pg.Node) string {
	cr := n.GetColumnRef()
	if cr == nil {
		return ""
	}
	parts, ok := names(cr.Fields)
	if !ok || len(parts) == 0 {
		return ""
	}
	return parts[len(parts)-1]
}

// limitOne says whether a LIMIT is the constant 1.
func limitOne(n *pg.Node) bool {
	c := n.GetAConst()
	return c != nil && c.GetIval() != nil && c.GetIval().Ival == 1
}
