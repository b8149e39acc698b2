package sqlcheck

import (
	"reflect"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
)

// tableRef names a table as the parser read it: unquoted names lower
// case, quoted names as written.
type tableRef struct{ catalog, schema, name string }

func rangeVarRef(rv *pg.RangeVar) tableRef {
	if rv == nil {
		return tableRef{}
	}
	return tableRef{catalog: rv.Catalogname, schema: rv.Schemaname, name: rv.Relname}
}

func (t tableRef) String() string {
	parts := make([]string, 0, 3)
	for _, p := range []string{t.catalog, t.schema, t.name} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ".")
}

// same reports whether t and u may name one table: the same name, and
// the same schema unless one of them leaves it to the search path.
func (t tableRef) same(u tableRef) bool {
	return t.name != "" && t.name == u.name && (t.schema == u.schema || t.schema == "" || u.schema == "")
}

// clearing is a DELETE or TRUNCATE seen in the script.
type clearing struct {
	table tableRef
	verb  string // "DELETE" or "TRUNCATE"
	top   int    // index of the top-level statement it is in
}

// script is the state of the classification of one query text, in
// statement order.
type script struct {
	a    *Analyzer
	norm *normalized

	top      int        // index of the top-level statement being classified
	explicit bool       // inside BEGIN ... COMMIT
	temps    []tableRef // temporary tables created so far
	// cleared are the tables deleted or truncated in the current atomic
	// unit; earlier, those in units already committed or rolled back.
	cleared, earlier []clearing

	out []Statement
}

// classifyScript classifies every statement of a parsed query text,
// data-modifying CTEs included, in text order.
func classifyScript(a *Analyzer, norm *normalized, tree *pg.ParseResult) []Statement {
	s := &script{a: a, norm: norm}
	text := norm.text
	for i, raw := range tree.Stmts {
		start := int(raw.StmtLocation)
		end := start + int(raw.StmtLen)
		if raw.StmtLen == 0 {
			end = len(text)
		}
		start, end = clamp(start, len(text)), clamp(end, len(text))
		if end < start {
			end = start
		}
		start, end = trimSpan(text, start, end)
		s.top = i
		s.statement(raw.Stmt, start, end)
		if (a.autocommit || norm.autocommit) && !s.explicit {
			s.endUnit()
		}
	}
	sort.SliceStable(s.out, func(i, j int) bool { return s.out[i].Offset < s.out[j].Offset })
	return s.out
}

func clamp(v, limit int) int {
	if v < 0 {
		return 0
	}
	if v > limit {
		return limit
	}
	return v
}

// endUnit closes the current atomic unit: what it cleared no longer
// replaces what follows.
func (s *script) endUnit() {
	s.earlier = append(s.earlier, s.cleared...)
	s.cleared = nil
}

// emit records st, located at [start, end) of the normalised text.
func (s *script) emit(st Statement, start, end int) {
	st.Offset = s.norm.origStart(start)
	stop := s.norm.origEnd(end)
	if end <= start || stop < st.Offset {
		stop = st.Offset
	}
	st.Length = stop - st.Offset
	s.out = append(s.out, st)
}

// table returns the display name of a target table, with fmt verbs
// restored.
func (s *script) table(rv *pg.RangeVar) string {
	return s.norm.restoreVerbs(rangeVarRef(rv).String())
}

// isTemp reports whether rv names a temporary table created earlier in
// the script (or is itself in pg_temp).
func (s *script) isTemp(rv *pg.RangeVar) bool {
	if rv == nil {
		return false
	}
	if rv.Schemaname == "pg_temp" || rv.Relpersistence == "t" {
		return true
	}
	if rv.Schemaname != "" {
		return false
	}
	for _, t := range s.temps {
		if t.name == rv.Relname {
			return true
		}
	}
	return false
}

func (s *script) addTemp(rv *pg.RangeVar) {
	if rv != nil && (rv.Relpersistence == "t" || rv.Schemaname == "pg_temp") {
		s.temps = append(s.temps, tableRef{name: rv.Relname})
	}
}

// statement classifies one statement found at [start, end).
func (s *script) statement(n *pg.Node, start, end int) {
	if n == nil || n.Node == nil {
		return
	}
	switch x := n.Node.(type) {
	case *pg.Node_TransactionStmt:
		s.transaction(x.TransactionStmt, start, end)
	case *pg.Node_InsertStmt:
		s.ctes(x.InsertStmt.WithClause)
		s.emit(s.insert(x.InsertStmt), start, end)
	case *pg.Node_UpdateStmt:
		s.ctes(x.UpdateStmt.WithClause)
		s.emit(s.update(x.UpdateStmt), start, end)
	case *pg.Node_DeleteStmt:
		s.ctes(x.DeleteStmt.WithClause)
		s.emit(s.delete(x.DeleteStmt), start, end)
	case *pg.Node_MergeStmt:
		s.ctes(x.MergeStmt.WithClause)
		s.emit(s.merge(x.MergeStmt), start, end)
	case *pg.Node_SelectStmt:
		s.ctes(x.SelectStmt.WithClause)
		s.emit(s.selectStmt(x.SelectStmt), start, end)
	case *pg.Node_TruncateStmt:
		s.emit(s.truncate(x.TruncateStmt), start, end)
	case *pg.Node_CopyStmt:
		s.emit(s.copyStmt(x.CopyStmt), start, end)
	case *pg.Node_CreateStmt:
		rv := x.CreateStmt.Relation
		s.addTemp(rv)
		s.emit(Statement{Kind: KindDDL, Effect: DDL, Table: s.table(rv), Temp: s.isTemp(rv), Reason: "CREATE TABLE"}, start, end)
	case *pg.Node_CreateTableAsStmt:
		var rv *pg.RangeVar
		if x.CreateTableAsStmt.Into != nil {
			rv = x.CreateTableAsStmt.Into.Rel
		}
		s.addTemp(rv)
		s.emit(Statement{Kind: KindDDL, Effect: DDL, Table: s.table(rv), Temp: s.isTemp(rv), Reason: "CREATE TABLE AS"}, start, end)
	case *pg.Node_AlterTableStmt:
		rv := x.AlterTableStmt.Relation
		s.emit(Statement{Kind: KindDDL, Effect: DDL, Table: s.table(rv), Temp: s.isTemp(rv), Reason: "ALTER TABLE"}, start, end)
	case *pg.Node_IndexStmt:
		rv := x.IndexStmt.Relation
		s.emit(Statement{Kind: KindDDL, Effect: DDL, Table: s.table(rv), Temp: s.isTemp(rv), Reason: "CREATE INDEX"}, start, end)
	case *pg.Node_ExplainStmt:
		st := Statement{Kind: KindOther, Effect: Reads, Reason: "EXPLAIN"}
		for _, o := range x.ExplainStmt.Options {
			if d, ok := o.Node.(*pg.Node_DefElem); ok && strings.EqualFold(d.DefElem.Defname, "analyze") {
				st = Statement{Kind: KindOther, Effect: Unknown, Reason: "EXPLAIN ANALYZE runs the statement"}
			}
		}
		s.emit(st, start, end)
	default:
		s.emit(other(n), start, end)
	}
}

// transaction handles BEGIN, COMMIT and the like: they delimit the
// atomic units that make delete-then-insert a replacement.
func (s *script) transaction(t *pg.TransactionStmt, start, end int) {
	switch t.Kind {
	case pg.TransactionStmtKind_TRANS_STMT_BEGIN, pg.TransactionStmtKind_TRANS_STMT_START:
		s.explicit = true
	case pg.TransactionStmtKind_TRANS_STMT_COMMIT, pg.TransactionStmtKind_TRANS_STMT_ROLLBACK,
		pg.TransactionStmtKind_TRANS_STMT_PREPARE:
		s.endUnit()
		s.explicit = t.Chain
	}
	s.emit(Statement{Kind: KindTransaction, Effect: Reads, Reason: "transaction control"}, start, end)
}

// ddlNodes are the node types, besides those named Create*, Alter*,
// Drop* and Define*, that change the schema.
var ddlNodes = map[string]bool{
	"RenameStmt": true, "CommentStmt": true, "GrantStmt": true, "GrantRoleStmt": true,
	"IndexStmt": true, "ViewStmt": true, "RuleStmt": true, "CompositeTypeStmt": true,
	"ImportForeignSchemaStmt": true, "ReassignOwnedStmt": true, "SecLabelStmt": true,
}

// readNodes are the node types that change no table.
var readNodes = map[string]bool{
	"VariableSetStmt": true, "VariableShowStmt": true, "LockStmt": true, "ListenStmt": true,
	"UnlistenStmt": true, "DeallocateStmt": true, "PrepareStmt": true, "DiscardStmt": true,
	"CheckPointStmt": true, "VacuumStmt": true, "ClosePortalStmt": true, "FetchStmt": true,
	"DeclareCursorStmt": true, "ConstraintsSetStmt": true, "LoadStmt": true, "ReindexStmt": true,
	"ClusterStmt": true,
}

// other classifies the statements that are neither DML nor transaction
// control, by their node type.
func other(n *pg.Node) Statement {
	name := strings.TrimPrefix(reflect.TypeOf(n.Node).Elem().Name(), "Node_")
	switch {
	case ddlNodes[name], strings.HasPrefix(name, "Create"), strings.HasPrefix(name, "Alter"),
		strings.HasPrefix(name, "Drop"), strings.HasPrefix(name, "Define"):
		st := Statement{Kind: KindDDL, Effect: DDL, Reason: "schema change"}
		return st
	case readNodes[name]:
		return Statement{Kind: KindOther, Effect: Reads, Reason: "changes no table"}
	}
	return Statement{Kind: KindOther, Effect: Unknown, Reason: "not classified"}
}

// ctes classifies the data-modifying statements of a WITH clause, each as
// a statement of its own located at its text between the parentheses.
func (s *script) ctes(w *pg.WithClause) {
	if w == nil {
		return
	}
	for _, c := range w.Ctes {
		cte, ok := c.Node.(*pg.Node_CommonTableExpr)
		if !ok || cte.CommonTableExpr.Ctequery == nil {
			continue
		}
		switch cte.CommonTableExpr.Ctequery.Node.(type) {
		case *pg.Node_InsertStmt, *pg.Node_UpdateStmt, *pg.Node_DeleteStmt, *pg.Node_MergeStmt:
		default:
			continue
		}
		start, end, ok := cteBody(s.norm.text, int(cte.CommonTableExpr.Location))
		if !ok {
			start = clamp(int(cte.CommonTableExpr.Location), len(s.norm.text))
			end = start
		}
		s.statement(cte.CommonTableExpr.Ctequery, start, end)
	}
}

// cteBody finds the statement of the CTE whose name is at loc: the text
// between the parentheses after AS [NOT] [MATERIALIZED].
func cteBody(text string, loc int) (int, int, bool) {
	if loc < 0 || loc >= len(text) {
		return 0, 0, false
	}
	i := loc
	next := func() (tokenKind, int, int) {
		for i < len(text) {
			kind, j := nextToken(text, i)
			if kind.significant() {
				start := i
				i = j
				return kind, start, j
			}
			i = j
		}
		return tokSpace, len(text), len(text)
	}
	next() // the name
	kind, st, en := next()
	if kind == tokPunct && text[st:en] == "(" { // the column list
		if i = matchParen(text, en); i < 0 {
			return 0, 0, false
		}
		i++
		kind, st, en = next()
	}
	if kind != tokIdent || !strings.EqualFold(text[st:en], "as") {
		return 0, 0, false
	}
	kind, st, en = next()
	if kind == tokIdent && strings.EqualFold(text[st:en], "not") {
		kind, st, en = next()
	}
	if kind == tokIdent && strings.EqualFold(text[st:en], "materialized") {
		kind, st, en = next()
	}
	if kind != tokPunct || text[st:en] != "(" {
		return 0, 0, false
	}
	close := matchParen(text, en)
	if close < 0 {
		return 0, 0, false
	}
	start, end := trimSpan(text, en, close)
	return start, end, true
}

// matchParen returns the position of the ) that closes the ( just before
// i, or -1.
func matchParen(text string, i int) int {
	depth := 1
	for i < len(text) {
		kind, j := nextToken(text, i)
		if kind == tokPunct {
			switch text[i] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return i
				}
			}
		}
		i = j
	}
	return -1
}

// replacedBy returns the DELETE or TRUNCATE of table in the current
// atomic unit, if any.
func (s *script) replacedBy(table tableRef) (clearing, bool) {
	for i := len(s.cleared) - 1; i >= 0; i-- {
		if s.cleared[i].table.same(table) {
			return s.cleared[i], true
		}
	}
	return clearing{}, false
}

// clearedEarlier returns a DELETE or TRUNCATE of table in a unit already
// closed, to explain why it does not count.
func (s *script) clearedEarlier(table tableRef) (clearing, bool) {
	for i := len(s.earlier) - 1; i >= 0; i-- {
		if s.earlier[i].table.same(table) {
			return s.earlier[i], true
		}
	}
	return clearing{}, false
}

// replaceReason says why an INSERT or COPY after c replaces its unit.
func (s *script) replaceReason(c clearing, verb string) string {
	switch {
	case c.top == s.top:
		return c.verb + " then " + verb + " in one statement"
	case s.explicit:
		return c.verb + " then " + verb + " in one transaction"
	}
	return c.verb + " then " + verb + " in one multi-statement query (one implicit transaction)"
}

// insert classifies an INSERT.
func (s *script) insert(ins *pg.InsertStmt) Statement {
	rv := ins.Relation
	target := rangeVarRef(rv)
	st := Statement{Kind: KindInsert, Table: s.table(rv), Temp: s.isTemp(rv)}
	sc := (&scope{}).with(ins.WithClause)
	sel := ins.SelectStmt.GetSelectStmt()
	st.Inserted = s.inserted(ins, sel, sc)

	if oc := ins.OnConflictClause; oc != nil {
		action := " DO NOTHING"
		if oc.Action == pg.OnConflictAction_ONCONFLICT_UPDATE {
			action = " DO UPDATE"
		}
		st.Effect = Replaces
		switch {
		case oc.Infer == nil:
			st.AnyUniqueKey = true
			st.Reason = "ON CONFLICT" + action
		case oc.Infer.Conname != "":
			st.Constraint = s.norm.restoreVerbs(oc.Infer.Conname)
			st.Reason = "ON CONFLICT ON CONSTRAINT " + st.Constraint + action
		default:
			var cols []string
			for _, e := range oc.Infer.IndexElems {
				col := indexElemColumn(e)
				if col == "" {
					continue
				}
				kv := s.insertValue(ins, col, sc)
				kv.Column = s.norm.restoreVerbs(col)
				st.Keys = append(st.Keys, kv)
				cols = append(cols, kv.Column)
			}
			st.Reason = "ON CONFLICT (" + strings.Join(cols, ", ") + ")" + action
		}
		if oc.Action == pg.OnConflictAction_ONCONFLICT_UPDATE {
			self := selfNames(rv)
			if why, ok := s.increment(oc.TargetList, self); ok {
				st.Effect = Increments
				st.Reason += ": " + why
			}
		}
		if st.Temp {
			st.Effect = Writes
			st.Reason = "INSERT into a temporary table created in the same script"
		}
		return st
	}

	if st.Temp {
		st.Effect = Writes
		st.Reason = "INSERT into a temporary table created in the same script"
		return st
	}
	if c, ok := s.replacedBy(target); ok {
		st.Effect = Replaces
		st.Reason = s.replaceReason(c, "INSERT")
		return st
	}
	if sel != nil {
		keys, form, ok := s.notExists(ins, sel, sc)
		if !ok {
			keys, form, ok = s.antiJoin(ins, sel, sc)
		}
		if ok {
			st.Effect = Writes
			st.Keys = keys
			st.Reason = "INSERT ... WHERE " + form + " on " + st.Table + ": a second execution finds the row and inserts nothing"
			return st
		}
	}
	st.Effect = Appends
	st.Reason = "no ON CONFLICT"
	if sel != nil && len(sel.ValuesLists) == 0 {
		st.Reason = "INSERT ... SELECT without ON CONFLICT"
	}
	if c, ok := s.clearedEarlier(target); ok {
		st.Reason += "; the " + c.verb + " of " + st.Table + " before it commits separately"
	}
	return st
}

// indexElemColumn returns the column of a conflict target element: its
// name, or the first column of its expression (lower(email)).
func indexElemColumn(n *pg.Node) string {
	ie, ok := n.Node.(*pg.Node_IndexElem)
	if !ok {
		return ""
	}
	if ie.IndexElem.Name != "" {
		return ie.IndexElem.Name
	}
	col := ""
	inspect(ie.IndexElem.Expr, func(m proto.Message) bool {
		if cr, ok := m.(*pg.ColumnRef); ok && col == "" {
			if parts, ok := names(cr.Fields); ok && len(parts) > 0 {
				col = parts[len(parts)-1]
			}
		}
		return col == ""
	})
	return col
}

// selfNames are the names a statement's SET list may use for its target
// table's own columns: the table's name and its alias.
func selfNames(rv *pg.RangeVar) map[string]bool {
	self := map[string]bool{}
	if rv != nil {
		self[rv.Relname] = true
		if rv.Alias != nil {
			self[rv.Alias.Aliasname] = true
		}
	}
	return self
}

// notExists recognises INSERT ... SELECT ... WHERE NOT EXISTS (SELECT
// ... FROM target WHERE key = ...) and NOT IN (SELECT key FROM target),
// and returns the keys it compares and which form it is.
func (s *script) notExists(ins *pg.InsertStmt, sel *pg.SelectStmt, sc *scope) ([]KeyValue, string, bool) {
	target := rangeVarRef(ins.Relation)
	for _, c := range conjuncts(sel.WhereClause) {
		not, ok := c.Node.(*pg.Node_BoolExpr)
		if !ok || not.BoolExpr.Boolop != pg.BoolExprType_NOT_EXPR || len(not.BoolExpr.Args) != 1 {
			continue
		}
		link, ok := not.BoolExpr.Args[0].Node.(*pg.Node_SubLink)
		if !ok {
			continue
		}
		sub := link.SubLink.Subselect.GetSelectStmt()
		if sub == nil {
			continue
		}
		var targetItem *pg.RangeVar
		for _, it := range fromItems(sub.FromClause) {
			if rv := it.GetRangeVar(); rv != nil && rangeVarRef(rv).same(target) {
				targetItem = rv
			}
		}
		if targetItem == nil {
			continue
		}
		self := selfNames(targetItem)
		inner := sc.forSelect(sel)
		var keys []KeyValue
		key := func(col string, compared *pg.Node) {
			kv := s.insertValue(ins, col, sc)
			if kv.Source == SourceUnknown && compared != nil {
				kv = s.valueOf(compared, inner, 0)
			}
			kv.Column = s.norm.restoreVerbs(col)
			keys = append(keys, kv)
		}
		form := "NOT EXISTS"
		switch link.SubLink.SubLinkType {
		case pg.SubLinkType_EXISTS_SUBLINK:
			for _, eq := range equalities(sub.WhereClause) {
				if col, ok := ownColumn(eq[0], self); ok {
					key(col, eq[1])
				} else if col, ok := ownColumn(eq[1], self); ok {
					key(col, eq[0])
				}
			}
		case pg.SubLinkType_ANY_SUBLINK:
			form = "NOT IN"
			for _, t := range sub.TargetList {
				if rt := t.GetResTarget(); rt != nil {
					if col, ok := ownColumn(rt.Val, self); ok {
						key(col, nil)
					}
				}
			}
		default:
			continue
		}
		return keys, form, true
	}
	return nil, "", false
}

// antiJoin recognises INSERT ... SELECT ... FROM src LEFT JOIN target t
// ON t.key = src.key WHERE t.key IS NULL: the rows already in the target
// are left out, as with NOT EXISTS.
func (s *script) antiJoin(ins *pg.InsertStmt, sel *pg.SelectStmt, sc *scope) ([]KeyValue, string, bool) {
	target := rangeVarRef(ins.Relation)
	var joins []*pg.JoinExpr
	var collect func(n *pg.Node)
	collect = func(n *pg.Node) {
		if j := n.GetJoinExpr(); j != nil {
			joins = append(joins, j)
			collect(j.Larg)
			collect(j.Rarg)
		}
	}
	for _, f := range sel.FromClause {
		collect(f)
	}
	for _, j := range joins {
		var rv *pg.RangeVar
		switch j.Jointype {
		case pg.JoinType_JOIN_LEFT:
			rv = j.Rarg.GetRangeVar()
		case pg.JoinType_JOIN_RIGHT:
			rv = j.Larg.GetRangeVar()
		}
		if rv == nil || !rangeVarRef(rv).same(target) {
			continue
		}
		self := selfNames(rv)
		isNull := false
		for _, c := range conjuncts(sel.WhereClause) {
			if nt := c.GetNullTest(); nt != nil && nt.Nulltesttype == pg.NullTestType_IS_NULL {
				if _, ok := ownColumn(nt.Arg, self); ok && qualified(nt.Arg) {
					isNull = true
				}
			}
		}
		if !isNull {
			continue
		}
		inner := sc.forSelect(sel)
		var keys []KeyValue
		for _, eq := range equalities(j.Quals) {
			col, other, ok := "", (*pg.Node)(nil), false
			if col, ok = ownColumn(eq[0], self); ok && qualified(eq[0]) {
				other = eq[1]
			} else if col, ok = ownColumn(eq[1], self); ok && qualified(eq[1]) {
				other = eq[0]
			}
			if other == nil {
				continue
			}
			kv := s.insertValue(ins, col, sc)
			if kv.Source == SourceUnknown {
				kv = s.valueOf(other, inner, 0)
			}
			kv.Column = s.norm.restoreVerbs(col)
			keys = append(keys, kv)
		}
		return keys, "LEFT JOIN ... IS NULL", true
	}
	return nil, "", false
}

// qualified says whether a column reference names its table: in a join,
// an unqualified column could be either side's.
func qualified(n *pg.Node) bool {
	cr := n.GetColumnRef()
	return cr != nil && len(cr.Fields) > 1
}

// ownColumn returns the column n names when it is a column of the table
// whose names are self, or an unqualified column.
func ownColumn(n *pg.Node, self map[string]bool) (string, bool) {
	cr := n.GetColumnRef()
	if cr == nil {
		if tc := n.GetTypeCast(); tc != nil && tc.Arg != nil {
			return ownColumn(tc.Arg, self)
		}
		return "", false
	}
	parts, ok := names(cr.Fields)
	if !ok || len(parts) == 0 {
		return "", false
	}
	if len(parts) == 1 || self[parts[len(parts)-2]] {
		return parts[len(parts)-1], true
	}
	return "", false
}

// update classifies an UPDATE.
func (s *script) update(u *pg.UpdateStmt) Statement {
	st := Statement{Kind: KindUpdate, Table: s.table(u.Relation), Temp: s.isTemp(u.Relation), Effect: Writes,
		Reason: "UPDATE to constants or inputs"}
	if why, ok := s.increment(u.TargetList, selfNames(u.Relation)); ok {
		st.Effect = Increments
		st.Reason = why
	}
	if st.Temp {
		st.Effect = Writes
		st.Reason = "UPDATE of a temporary table created in the same script"
	}
	return st
}

// delete classifies a DELETE, and remembers it for an INSERT that
// follows in the same unit.
func (s *script) delete(d *pg.DeleteStmt) Statement {
	s.cleared = append(s.cleared, clearing{table: rangeVarRef(d.Relation), verb: "DELETE", top: s.top})
	return Statement{Kind: KindDelete, Effect: Writes, Table: s.table(d.Relation), Temp: s.isTemp(d.Relation), Reason: "DELETE"}
}

// truncate classifies a TRUNCATE of one or more tables; Table is the
// first, Tables all of them when there are several.
func (s *script) truncate(t *pg.TruncateStmt) Statement {
	st := Statement{Kind: KindTruncate, Effect: Writes, Reason: "TRUNCATE"}
	for i, r := range t.Relations {
		rv := r.GetRangeVar()
		if rv == nil {
			continue
		}
		s.cleared = append(s.cleared, clearing{table: rangeVarRef(rv), verb: "TRUNCATE", top: s.top})
		if i == 0 {
			st.Table, st.Temp = s.table(rv), s.isTemp(rv)
		}
		st.Tables = append(st.Tables, s.table(rv))
	}
	if len(st.Tables) < 2 {
		st.Tables = nil
	}
	return st
}

// copyStmt classifies COPY: FROM appends like an INSERT, TO reads.
func (s *script) copyStmt(c *pg.CopyStmt) Statement {
	st := Statement{Kind: KindCopy, Table: s.table(c.Relation), Temp: s.isTemp(c.Relation)}
	switch {
	case !c.IsFrom:
		st.Effect, st.Reason = Reads, "COPY ... TO"
	case st.Temp:
		st.Effect, st.Reason = Writes, "COPY into a temporary table created in the same script"
	default:
		if cl, ok := s.replacedBy(rangeVarRef(c.Relation)); ok {
			st.Effect, st.Reason = Replaces, s.replaceReason(cl, "COPY")
			break
		}
		st.Effect, st.Reason = Appends, "COPY ... FROM adds the rows every time"
	}
	return st
}

// selectStmt classifies a SELECT: it reads, unless it is SELECT ... INTO,
// which creates a table.
func (s *script) selectStmt(sel *pg.SelectStmt) Statement {
	if sel.IntoClause != nil && sel.IntoClause.Rel != nil {
		rv := sel.IntoClause.Rel
		s.addTemp(rv)
		return Statement{Kind: KindDDL, Effect: DDL, Table: s.table(rv), Temp: s.isTemp(rv), Reason: "SELECT ... INTO creates a table"}
	}
	seq := s.sequenceRead(sel)
	if seq == "" {
		seq = lastRead(sel, 0)
	}
	return Statement{Kind: KindSelect, Effect: Reads, Reason: "SELECT", Sequence: seq}
}

// sequenceRead says whether a SELECT's one result is a number read to
// number a new row: max(seq), count(*), either inside COALESCE, or one
// of them plus one; or a value an execution function makes (nextval(),
// gen_random_uuid(): the rules' execution functions).
func (s *script) sequenceRead(sel *pg.SelectStmt) string {
	if sel.Op != pg.SetOperation_SETOP_NONE || len(sel.TargetList) != 1 {
		return ""
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Val == nil {
		return ""
	}
	if name := aggregateOf(rt.Val, 0); name != "" {
		return name + "()"
	}
	switch x := rt.Val.Node.(type) {
	case *pg.Node_AExpr:
		return nextNumber(x.AExpr)
	case *pg.Node_FuncCall:
		if name := funcName(x.FuncCall); s.a.execution[name] {
			return name + "()"
		}
	}
	return ""
}

// merge classifies a MERGE and finds its keys in the ON condition.
func (s *script) merge(m *pg.MergeStmt) Statement {
	rv := m.Relation
	st := Statement{Kind: KindMerge, Table: s.table(rv), Temp: s.isTemp(rv)}
	self := selfNames(rv)
	sc := (&scope{}).with(m.WithClause)
	sc = &scope{from: []*pg.Node{m.SourceRelation}, ctes: sc.ctes}
	var cols []string
	for _, eq := range equalities(m.JoinCondition) {
		col, value, ok := mergeKey(eq, self)
		if !ok {
			continue
		}
		kv := s.valueOf(value, sc, 0)
		kv.Column = s.norm.restoreVerbs(col)
		st.Keys = append(st.Keys, kv)
		cols = append(cols, kv.Column)
	}
	inserts := false
	var sets []*pg.Node
	for _, w := range m.MergeWhenClauses {
		wc := w.GetMergeWhenClause()
		if wc == nil {
			continue
		}
		switch wc.CommandType {
		case pg.CmdType_CMD_INSERT:
			inserts = true
		case pg.CmdType_CMD_UPDATE:
			sets = append(sets, wc.TargetList...)
		}
	}
	on := "MERGE ON " + strings.Join(cols, ", ")
	if len(cols) == 0 {
		on = "MERGE with no key equality in ON"
	}
	st.Effect, st.Reason = Replaces, on
	if !inserts {
		st.Effect, st.Reason = Writes, on+", no INSERT action"
	}
	if why, ok := s.increment(sets, self); ok {
		st.Effect, st.Reason = Increments, on+": "+why
	}
	if st.Temp {
		st.Effect, st.Reason = Writes, "MERGE into a temporary table created in the same script"
	}
	return st
}

// mergeKey splits an equality of a MERGE condition into the target's
// column and the value compared with it: a column qualified by the
// target's name or alias, else an unqualified column compared with
// something that is not a column.
func mergeKey(eq [2]*pg.Node, self map[string]bool) (string, *pg.Node, bool) {
	qualified := func(n *pg.Node) (string, bool) {
		cr := n.GetColumnRef()
		if cr == nil {
			return "", false
		}
		parts, ok := names(cr.Fields)
		if !ok || len(parts) < 2 || !self[parts[len(parts)-2]] {
			return "", false
		}
		return parts[len(parts)-1], true
	}
	if col, ok := qualified(eq[0]); ok {
		return col, eq[1], true
	}
	if col, ok := qualified(eq[1]); ok {
		return col, eq[0], true
	}
	for _, side := range []int{0, 1} {
		cr, other := eq[side].GetColumnRef(), eq[1-side]
		if cr == nil || other.GetColumnRef() != nil {
			continue
		}
		if parts, ok := names(cr.Fields); ok && len(parts) == 1 {
			return parts[0], other, true
		}
	}
	return "", nil, false
}

// increment looks in a SET list for a column set relative to its own
// value (n = n + 1, tags = tags || $1, array_append) or to nextval(), and
// says which.
func (s *script) increment(targets []*pg.Node, self map[string]bool) (string, bool) {
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil {
			continue
		}
		val := rt.Val
		if mar := val.GetMultiAssignRef(); mar != nil {
			row := mar.Source.GetRowExpr()
			if row == nil || mar.Colno < 1 || int(mar.Colno) > len(row.Args) {
				continue
			}
			val = row.Args[mar.Colno-1]
		}
		col := rt.Name
		found := ""
		inspect(val, func(m proto.Message) bool {
			if found != "" {
				return false
			}
			switch x := m.(type) {
			case *pg.A_Expr:
				op := operator(x)
				switch op {
				case "+", "-", "*", "/", "||":
				default:
					return true
				}
				if x.Lexpr == nil || x.Rexpr == nil {
					return true
				}
				if op == "||" && (jsonCast(x.Lexpr) || jsonCast(x.Rexpr)) {
					return true // jsonb || jsonb merges keys: setting them again changes nothing
				}
				if refersTo(x.Lexpr, col, self) || refersTo(x.Rexpr, col, self) {
					found = "SET " + col + " = " + col + " " + op + " ... changes the value relative to itself"
				}
			case *pg.FuncCall:
				switch name := funcName(x); name {
				case "nextval":
					found = "SET " + col + " = nextval(...) takes a new value on every execution"
				case "array_append", "array_prepend", "array_cat":
					for _, arg := range x.Args {
						if refersTo(arg, col, self) {
							found = "SET " + col + " = " + name + "(" + col + ", ...) changes the value relative to itself"
						}
					}
				}
			}
			return found == ""
		})
		if found != "" {
			return found, true
		}
	}
	return "", false
}

// jsonCast reports whether n is a cast to json or jsonb.
func jsonCast(n *pg.Node) bool {
	tc := n.GetTypeCast()
	if tc == nil || tc.TypeName == nil {
		return false
	}
	parts, _ := names(tc.TypeName.Names)
	return len(parts) > 0 && (parts[len(parts)-1] == "jsonb" || parts[len(parts)-1] == "json")
}

// refersTo reports whether n reads column col of the target: unqualified,
// or qualified by one of the target's names.
func refersTo(n *pg.Node, col string, self map[string]bool) bool {
	found := false
	inspect(n, func(m proto.Message) bool {
		if cr, ok := m.(*pg.ColumnRef); ok {
			parts, ok := names(cr.Fields)
			if ok && len(parts) > 0 && parts[len(parts)-1] == col && (len(parts) == 1 || self[parts[len(parts)-2]]) {
				found = true
			}
		}
		return !found
	})
	return found
}
