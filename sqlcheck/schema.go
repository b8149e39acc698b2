package sqlcheck

import (
	"fmt"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
)

// Schema is the tables a project's DDL defines: their columns, what fills
// a column an INSERT leaves out, and their primary and unique keys. It is
// built by feeding it scripts in migration order (AddScript); a statement
// that does not parse, or that it does not model, is skipped. It is not
// safe for concurrent modification; once built, it may be read
// concurrently.
type Schema struct {
	a      *Analyzer
	tables map[string]*Table // by display name (schema.table)
	files  int
}

// Table is one table of a Schema.
type Table struct {
	Name string
	// File and Line locate the CREATE TABLE that defined it.
	File string
	Line int
	// Columns are in definition order.
	Columns []Column
	// Keys are the primary key, unique constraints and unique indexes,
	// in the order they were defined.
	Keys []Key
	// Opaque is set when the table's keys cannot all be known: it was
	// created LIKE another or as a partition.
	Opaque bool
}

// Column is one column of a Table.
type Column struct {
	Name string
	// Generated names the value the execution makes for the column when
	// an INSERT leaves it out: "serial", "identity", "DEFAULT now()";
	// "" when there is none.
	Generated string
	// Function is the execution function of a generated DEFAULT
	// ("gen_random_uuid"), lower case; "" for serial and identity, whose
	// function is the sequence's nextval.
	Function string
	// Default is set when the column has a DEFAULT of any kind.
	Default bool
}

// Key is a primary key, a unique constraint or a unique index.
type Key struct {
	Name    string // constraint or index name, "" when implicit
	Columns []string
	Primary bool
	// Partial is a unique index with a WHERE predicate, Expression one
	// with an expression among its elements (lower(email)): which rows
	// they make unique depends on more than the columns.
	Partial, Expression bool
}

func (k Key) String() string {
	kind := "UNIQUE"
	if k.Primary {
		kind = "PRIMARY KEY"
	}
	if k.Expression {
		return "UNIQUE INDEX " + k.Name + " (on an expression)"
	}
	return kind + " (" + strings.Join(k.Columns, ", ") + ")"
}

// NewSchema returns an empty schema whose column defaults are judged with
// a's execution functions.
func (a *Analyzer) NewSchema() *Schema {
	return &Schema{a: a, tables: map[string]*Table{}}
}

// Empty reports whether no script defined a table.
func (s *Schema) Empty() bool { return s == nil || len(s.tables) == 0 }

// Tables returns the tables in name order.
func (s *Schema) Tables() []*Table {
	out := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// TableName returns the name a statement's target table is known by: a
// schema named at run time (fmt's %s, or its normalised fmtarg_N) is
// left to the search path, so %s.jobs is jobs, and so is %sjobs, a
// prefix glued to the name. ok is false when the table's own name is
// named at run time.
func TableName(name string) (string, bool) {
	runtime := func(part string) bool { return strings.Contains(part, "%") || strings.HasPrefix(part, "fmtarg") }
	i := strings.LastIndexByte(name, '.')
	if rest, ok := strings.CutPrefix(name[i+1:], "%s"); ok && rest != "" && !runtime(rest) && (i < 0 || runtime(name[:i])) {
		// %sjobs with a prefix that ends in its own dot ("app."): the
		// table is jobs, as in %s.jobs, and as the DDL that names it with
		// the same prefix says.
		return rest, true
	}
	if name == "" || runtime(name[i+1:]) {
		return "", false
	}
	if i >= 0 && runtime(name[:i]) {
		return name[i+1:], true
	}
	return name, true
}

// Table returns the table an INSERT's target names: the same name, or,
// when either side leaves the schema to the search path, the one table
// of that bare name.
func (s *Schema) Table(name string) *Table {
	if s == nil {
		return nil
	}
	name, ok := TableName(name)
	if !ok {
		return nil
	}
	if t := s.tables[name]; t != nil {
		return t
	}
	bare := name[strings.LastIndexByte(name, '.')+1:]
	var found *Table
	for n, t := range s.tables {
		if n == bare || strings.HasSuffix(n, "."+bare) && !strings.Contains(name, ".") {
			if found != nil {
				return nil // ambiguous
			}
			found = t
		}
	}
	return found
}

// AddScript applies the DDL of a script: CREATE TABLE, ALTER TABLE,
// CREATE UNIQUE INDEX, DROP and RENAME. line is the line of file at
// which text starts (1 for a whole file). Migration tools' down
// sections (goose, sql-migrate, dbmate) are left out.
func (s *Schema) AddScript(file string, line int, text string) {
	s.files++
	text = upSections(text)
	for _, span := range splitStatements(text) {
		stmt := text[span[0]:span[1]]
		if !mayDefine(stmt) {
			continue
		}
		tree, err := pg.Parse(stmt)
		if err != nil {
			// A template (CREATE TABLE %s.events): its verbs become
			// names, which name a table that is partly run-time.
			if !strings.Contains(stmt, "%") {
				continue
			}
			if tree, err = pg.Parse(normalize(stmt, fmtAsIdent, nil).text); err != nil {
				continue
			}
		}
		at := line + strings.Count(text[:span[0]], "\n")
		for _, raw := range tree.Stmts {
			start, _ := trimSpan(stmt, clamp(int(raw.StmtLocation), len(stmt)), len(stmt))
			s.apply(raw.Stmt, file, at+strings.Count(stmt[:start], "\n"))
		}
	}
}

// mayDefine is a cheap test for statements the schema models.
func mayDefine(stmt string) bool {
	l := strings.ToLower(stmt)
	return strings.Contains(l, "create") || strings.Contains(l, "alter") || strings.Contains(l, "drop")
}

// splitStatements returns the spans of the top-level statements of text,
// split at semicolons outside literals, comments and dollar quotes.
func splitStatements(text string) [][2]int {
	var spans [][2]int
	start := 0
	for i := 0; i < len(text); {
		kind, end := nextToken(text, i)
		if kind == tokPunct && text[i] == ';' {
			spans = append(spans, [2]int{start, i})
			start = end
		}
		i = end
	}
	if strings.TrimSpace(text[start:]) != "" {
		spans = append(spans, [2]int{start, len(text)})
	}
	return spans
}

// upSections returns text with the down sections of a migration file
// blanked (newlines kept, so lines still count): goose's "-- +goose
// Down", sql-migrate's "-- +migrate Down" and dbmate's "--
// migrate:down", each up to the next up marker.
func upSections(text string) string {
	lower := strings.ToLower(text)
	if !strings.Contains(lower, "+goose down") && !strings.Contains(lower, "+migrate down") && !strings.Contains(lower, "migrate:down") {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	down := false
	var b strings.Builder
	for _, l := range lines {
		marker := strings.ToLower(strings.Join(strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "--")), " "))
		switch marker {
		case "+goose down", "+migrate down", "migrate:down":
			down = true
		case "+goose up", "+migrate up", "migrate:up":
			down = false
		}
		if down {
			if strings.HasSuffix(l, "\n") {
				b.WriteByte('\n')
			}
			continue
		}
		b.WriteString(l)
	}
	return b.String()
}

// named returns the table a DDL statement names, by its canonical name.
func (s *Schema) named(rv *pg.RangeVar) *Table {
	name, ok := TableName(rangeVarRef(rv).String())
	if !ok {
		return nil
	}
	return s.tables[name]
}

func (s *Schema) apply(n *pg.Node, file string, line int) {
	switch x := n.GetNode().(type) {
	case *pg.Node_CreateStmt:
		s.create(x.CreateStmt, file, line)
	case *pg.Node_AlterTableStmt:
		s.alter(x.AlterTableStmt)
	case *pg.Node_IndexStmt:
		ix := x.IndexStmt
		if t := s.named(ix.Relation); t != nil && (ix.Unique || ix.Primary) {
			t.addKey(indexKey(ix))
		}
	case *pg.Node_DropStmt:
		s.drop(x.DropStmt)
	case *pg.Node_RenameStmt:
		s.rename(x.RenameStmt)
	}
}

func (s *Schema) create(c *pg.CreateStmt, file string, line int) {
	name, ok := TableName(rangeVarRef(c.Relation).String())
	if !ok {
		return
	}
	if c.Relation.GetRelpersistence() == "t" {
		return // a temporary table lives in one session
	}
	t := &Table{Name: name, File: file, Line: line, Opaque: c.Partbound != nil || c.OfTypename != nil}
	for _, el := range c.TableElts {
		switch e := el.GetNode().(type) {
		case *pg.Node_ColumnDef:
			t.addColumn(s.column(e.ColumnDef))
			t.addInlineKeys(e.ColumnDef)
		case *pg.Node_Constraint:
			if k, ok := constraintKey(e.Constraint, nil); ok {
				t.addKey(k)
			}
		case *pg.Node_TableLikeClause:
			t.Opaque = true
		}
	}
	if old := s.tables[name]; old != nil {
		// Defined again (IF NOT EXISTS, or a later migration, or another
		// dialect's schema of the same table): keep every key either
		// definition has, so that nothing is taken for unkeyed that one
		// of them keys.
		for _, col := range t.Columns {
			old.addColumn(col)
		}
		for _, k := range t.Keys {
			old.addKey(k)
		}
		old.Opaque = old.Opaque || t.Opaque
		return
	}
	s.tables[name] = t
}

// column reads a column definition and its inline constraints.
func (s *Schema) column(cd *pg.ColumnDef) Column {
	col := Column{Name: cd.Colname}
	if tn := cd.TypeName; tn != nil && len(tn.Names) > 0 {
		switch strings.ToLower(tn.Names[len(tn.Names)-1].GetString_().GetSval()) {
		case "serial", "serial4", "serial8", "bigserial", "smallserial", "serial2":
			col.Generated, col.Default = "serial", true
		}
	}
	for _, n := range cd.Constraints {
		c := n.GetConstraint()
		if c == nil {
			continue
		}
		switch c.Contype {
		case pg.ConstrType_CONSTR_DEFAULT:
			s.setDefault(&col, c.RawExpr)
		case pg.ConstrType_CONSTR_IDENTITY:
			col.Generated, col.Default = "identity", true
		case pg.ConstrType_CONSTR_GENERATED:
			col.Default = true // computed from the row's other columns
		}
	}
	return col
}

// setDefault records a column DEFAULT: an execution function (now(),
// gen_random_uuid(), nextval()) generates the value.
func (s *Schema) setDefault(col *Column, expr *pg.Node) {
	col.Default, col.Generated, col.Function = expr != nil, "", ""
	if expr == nil {
		return
	}
	var fn string
	inspect(expr, func(m proto.Message) bool {
		switch x := m.(type) {
		case *pg.FuncCall:
			if name := funcName(x); s.a.execution[name] && fn == "" {
				fn = name
			}
		case *pg.SQLValueFunction:
			if name := valueFuncNames[x.Op]; s.a.execution[name] && fn == "" {
				fn = name
			}
		}
		return fn == ""
	})
	if fn != "" {
		col.Generated, col.Function = "DEFAULT "+fn+"()", fn
		if strings.HasPrefix(fn, "current_") || strings.HasPrefix(fn, "local") {
			col.Generated = "DEFAULT " + fn // SQL's value functions take no parentheses
		}
	}
}

// constraintKey returns the key of a PRIMARY KEY or UNIQUE constraint;
// cols are the columns of an inline (column) constraint.
func constraintKey(c *pg.Constraint, cols []string) (Key, bool) {
	if c.Contype != pg.ConstrType_CONSTR_PRIMARY && c.Contype != pg.ConstrType_CONSTR_UNIQUE {
		return Key{}, false
	}
	k := Key{Name: c.Conname, Primary: c.Contype == pg.ConstrType_CONSTR_PRIMARY, Columns: cols}
	if len(c.Keys) > 0 {
		k.Columns = nil
		for _, n := range c.Keys {
			k.Columns = append(k.Columns, n.GetString_().GetSval())
		}
	}
	if c.Indexname != "" && len(k.Columns) == 0 {
		return Key{}, false // ADD CONSTRAINT ... USING INDEX: the index is already a key
	}
	return k, len(k.Columns) > 0
}

func indexKey(ix *pg.IndexStmt) Key {
	k := Key{Name: ix.Idxname, Primary: ix.Primary, Partial: ix.WhereClause != nil}
	for _, p := range ix.IndexParams {
		ie := p.GetIndexElem()
		if ie == nil || ie.Name == "" {
			k.Expression = true
			continue
		}
		k.Columns = append(k.Columns, ie.Name)
	}
	return k
}

func (t *Table) addColumn(c Column) {
	for i := range t.Columns {
		if t.Columns[i].Name == c.Name {
			if t.Columns[i].Generated == "" {
				t.Columns[i].Generated, t.Columns[i].Function = c.Generated, c.Function
			}
			t.Columns[i].Default = t.Columns[i].Default || c.Default
			return
		}
	}
	t.Columns = append(t.Columns, c)
}

func (t *Table) addKey(k Key) {
	for _, old := range t.Keys {
		if old.Partial == k.Partial && old.Expression == k.Expression && sameColumns(old.Columns, k.Columns) {
			return
		}
	}
	t.Keys = append(t.Keys, k)
}

// inline constraints come with the column; record their keys.
func (t *Table) addInlineKeys(cd *pg.ColumnDef) {
	for _, n := range cd.Constraints {
		if c := n.GetConstraint(); c != nil {
			if k, ok := constraintKey(c, []string{cd.Colname}); ok {
				t.addKey(k)
			}
		}
	}
}

// Column returns the column named name, or nil.
func (t *Table) Column(name string) *Column {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// sameColumns reports whether a and b hold the same columns, in any
// order.
func sameColumns(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(x)
	sort.Strings(y)
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

func (s *Schema) alter(at *pg.AlterTableStmt) {
	t := s.named(at.Relation)
	if t == nil {
		return
	}
	for _, n := range at.Cmds {
		cmd := n.GetAlterTableCmd()
		if cmd == nil {
			continue
		}
		switch cmd.Subtype {
		case pg.AlterTableType_AT_AddColumn:
			if cd := cmd.Def.GetColumnDef(); cd != nil {
				t.addColumn(s.column(cd))
				t.addInlineKeys(cd)
			}
		case pg.AlterTableType_AT_AddConstraint:
			if c := cmd.Def.GetConstraint(); c != nil {
				if k, ok := constraintKey(c, nil); ok {
					t.addKey(k)
				}
			}
		case pg.AlterTableType_AT_DropConstraint:
			t.dropKeys(func(k Key) bool { return k.Name != "" && k.Name == cmd.Name })
		case pg.AlterTableType_AT_DropColumn:
			t.dropKeys(func(k Key) bool { return contains(k.Columns, cmd.Name) })
			for i, c := range t.Columns {
				if c.Name == cmd.Name {
					t.Columns = append(t.Columns[:i:i], t.Columns[i+1:]...)
					break
				}
			}
		case pg.AlterTableType_AT_ColumnDefault:
			if c := t.Column(cmd.Name); c != nil && c.Generated != "serial" && c.Generated != "identity" {
				s.setDefault(c, cmd.Def)
			}
		case pg.AlterTableType_AT_AddIdentity:
			if c := t.Column(cmd.Name); c != nil {
				c.Generated, c.Default = "identity", true
			}
		}
	}
}

func (t *Table) dropKeys(drop func(Key) bool) {
	kept := t.Keys[:0]
	for _, k := range t.Keys {
		if !drop(k) {
			kept = append(kept, k)
		}
	}
	t.Keys = kept
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (s *Schema) drop(d *pg.DropStmt) {
	for _, obj := range d.Objects {
		var parts []string
		for _, n := range obj.GetList().GetItems() {
			parts = append(parts, n.GetString_().GetSval())
		}
		if len(parts) == 0 {
			continue
		}
		name := strings.Join(parts, ".")
		switch d.RemoveType {
		case pg.ObjectType_OBJECT_TABLE:
			delete(s.tables, name)
		case pg.ObjectType_OBJECT_INDEX:
			idx := parts[len(parts)-1]
			for _, t := range s.tables {
				t.dropKeys(func(k Key) bool { return k.Name == idx })
			}
		}
	}
}

func (s *Schema) rename(r *pg.RenameStmt) {
	name, _ := TableName(rangeVarRef(r.Relation).String())
	t := s.tables[name]
	if t == nil {
		return
	}
	switch r.RenameType {
	case pg.ObjectType_OBJECT_TABLE:
		delete(s.tables, name)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			t.Name = name[:i+1] + r.Newname
		} else {
			t.Name = r.Newname
		}
		s.tables[t.Name] = t
	case pg.ObjectType_OBJECT_COLUMN:
		for i := range t.Columns {
			if t.Columns[i].Name == r.Subname {
				t.Columns[i].Name = r.Newname
			}
		}
		for _, k := range t.Keys {
			for i, c := range k.Columns {
				if c == r.Subname {
					k.Columns[i] = r.Newname
				}
			}
		}
	}
}

// Where says where a table is defined, for messages: "file:line".
func (t *Table) Where() string {
	if t.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", t.File, t.Line)
}

// Judge returns r with its INSERTs judged against the schema: an
// appending INSERT whose table has a key filled from the input rejects a
// second execution (Rejects); one whose table's keys are all generated,
// or that has none, appends, and its Reason says so; a conflict key
// column the INSERT leaves to an execution DEFAULT comes from the
// execution; an ON CONFLICT target no key matches is Unmatched. r itself
// is not changed (results are shared); r is returned when nothing
// changes.
func (s *Schema) Judge(r *Result) *Result {
	return s.JudgeBound(r, nil)
}

// Bound says what the caller binds to placeholder $n when that is a
// value the execution makes (uuid.New(), time.Now()), written as the
// caller writes it; "" for anything else.
type Bound func(n int) string

// JudgeBound is Judge, told by bound which placeholders the caller binds
// to values the execution makes: a key given one is made by the
// execution, as a key given gen_random_uuid() is.
func (s *Schema) JudgeBound(r *Result, bound Bound) *Result {
	if r == nil || !r.Parsed {
		return r
	}
	var out *Result
	for i, st := range r.Statements {
		if st.Kind != KindInsert || st.Temp {
			continue
		}
		judged, changed := s.judge(st, bound)
		if !changed {
			continue
		}
		if out == nil {
			cp := *r
			cp.Statements = append([]Statement(nil), r.Statements...)
			out = &cp
		}
		out.Statements[i] = judged
	}
	if out == nil {
		return r
	}
	return out
}

func (s *Schema) judge(st Statement, bound Bound) (Statement, bool) {
	name, ok := TableName(st.Table)
	if !ok {
		return st, false // a table named at run time
	}
	t := s.Table(st.Table)
	if t == nil {
		if st.Effect != Appends {
			return st, false
		}
		if s.Empty() {
			st.Reason += "; no schema found, so the table's keys are unknown"
		} else {
			st.Reason += "; no migration defines " + name + ", so its keys are unknown"
		}
		return st, true
	}
	st.Definition = t
	switch st.Effect {
	case Appends:
		s.judgeAppend(&st, t, bound)
	case Replaces, Increments:
		if st.AnyUniqueKey && st.Effect == Replaces && !t.Opaque {
			s.judgeAnyKey(&st, t, bound)
		}
		if len(st.Keys) > 0 {
			st.Keys = append([]KeyValue(nil), st.Keys...)
			s.fillDefaults(st.Keys, t)
			st.Unmatched = !t.Opaque && !t.matches(st.Keys)
		}
	}
	return st, true
}

// judgeAppend decides an INSERT with no conflict clause.
// judgeAnyKey decides a merge on whatever key conflicts (INSERT IGNORE,
// ON DUPLICATE KEY UPDATE, ON CONFLICT DO NOTHING with no target): with
// no key that the input fills, nothing ever conflicts and it appends.
func (s *Schema) judgeAnyKey(st *Statement, t *Table, bound Bound) {
	merge := *st
	merge.Effect = Appends
	s.judgeAppend(&merge, t, bound)
	if merge.Effect != Appends {
		return // a key from the input, or one that cannot be told: it merges
	}
	st.Effect = Appends
	st.Reason = merge.Reason + ", so nothing conflicts"
}

func (s *Schema) judgeAppend(st *Statement, t *Table, bound Bound) {
	values := map[string]KeyValue{}
	for i, kv := range st.Inserted {
		name := kv.Column
		if name == "" {
			if i >= len(t.Columns) {
				continue
			}
			name = t.Columns[i].Name
		}
		values[name] = kv
	}
	if len(st.Inserted) == 0 {
		// The values could not be read (INSERT ... SELECT * of a join,
		// DEFAULT VALUES): say nothing about keys.
		st.Effect, st.Reason = Unknown, st.Reason+"; the values of "+st.Table+"'s keys cannot be read"
		return
	}
	var generated []string
	unknown := t.Opaque
	for _, k := range t.Keys {
		if k.Expression {
			unknown = true // which rows it makes unique depends on more than columns
			continue
		}
		verdict, why := keyVerdict(k, t, values, bound)
		if k.Partial && verdict != keyGenerated {
			// Which rows it covers depends on its predicate. A key made
			// anew or left NULL never conflicts, covered or not.
			unknown = true
			continue
		}
		switch verdict {
		case keyFromInput:
			st.Effect = Rejects
			st.Reason = k.String() + " of " + t.Name + " comes from the input: a second execution fails with a unique violation"
			return
		case keyUnknown:
			unknown = true
		case keyGenerated:
			generated = append(generated, why)
		}
	}
	if unknown {
		st.Effect = Unknown
		st.Reason += "; whether a key of " + t.Name + " comes from the input cannot be told"
		return
	}
	if len(t.Keys) == 0 {
		st.Reason += "; " + t.Name + " has no primary key or unique constraint"
		return
	}
	st.Reason += "; no key of " + t.Name + " comes from the input: " + strings.Join(generated, ", ")
}

type keyKind int

const (
	keyFromInput keyKind = iota
	keyGenerated
	keyUnknown
	keyNull // a column left NULL: NULLs never conflict
)

// keyVerdict says where the values of a key's columns come from, and,
// for a generated key, says how in words: "id, is made by serial".
func keyVerdict(k Key, t *Table, values map[string]KeyValue, bound Bound) (keyKind, string) {
	verdict := keyFromInput
	var how []string
	for _, col := range k.Columns {
		kv, given := values[col]
		if made := boundValue(kv, bound); given && made != "" {
			verdict = keyGenerated
			how = append(how, col+" = "+made)
			continue
		}
		switch {
		case given && kv.Source == SourceExecution:
			verdict = keyGenerated
			how = append(how, col+" = "+kv.Written())
		case given && kv.Source == SourceUnknown:
			if verdict == keyFromInput {
				verdict = keyUnknown
			}
		case given:
			// a placeholder, a literal, or a column of the source rows
		default:
			c := t.Column(col)
			switch {
			case c == nil:
				if verdict == keyFromInput {
					verdict = keyUnknown
				}
			case c.Generated != "":
				verdict = keyGenerated
				how = append(how, col+": "+c.Generated)
			case !c.Default && !k.Primary:
				if verdict != keyGenerated {
					verdict = keyNull
				}
			}
		}
	}
	if verdict == keyNull {
		// A row with a NULL in its key is never a duplicate.
		return keyGenerated, k.String() + " is left NULL, and NULLs never conflict"
	}
	return verdict, k.String() + " is made by the execution (" + strings.Join(how, ", ") + ")"
}

// boundValue returns how the caller makes a placeholder value when a
// placeholder it depends on is bound to an execution value: "$1 from
// uuid.New()". Mixed with the input ($1 || '-' || $2), it is still new
// on every execution.
func boundValue(kv KeyValue, bound Bound) string {
	if bound == nil || kv.Source != SourcePlaceholder {
		return ""
	}
	var made []string
	for _, n := range kv.Placeholders {
		if m := bound(n); m != "" {
			made = append(made, fmt.Sprintf("$%d from %s", n, m))
		}
	}
	return strings.Join(made, ", ")
}

// fillDefaults gives a conflict key column that the INSERT leaves to an
// execution DEFAULT its source: the execution.
func (s *Schema) fillDefaults(keys []KeyValue, t *Table) {
	for i, kv := range keys {
		if kv.Source != SourceUnknown || kv.Offset >= 0 {
			continue
		}
		if c := t.Column(kv.Column); c != nil && c.Function != "" {
			keys[i].Source, keys[i].Function, keys[i].Default = SourceExecution, c.Function, true
		}
	}
}

// matches reports whether a key of the table has exactly the columns of
// a conflict target. A target with an expression, or a table with an
// expression index, is taken to match: the parser's view of them is too
// coarse to say no.
func (t *Table) matches(target []KeyValue) bool {
	cols := make([]string, len(target))
	for i, kv := range target {
		cols[i] = kv.Column
	}
	for _, k := range t.Keys {
		if k.Expression || sameColumns(k.Columns, cols) {
			return true
		}
	}
	return false
}

// Clone returns a copy of s that scripts can be added to without
// changing s.
func (s *Schema) Clone() *Schema {
	c := &Schema{a: s.a, tables: make(map[string]*Table, len(s.tables)), files: s.files}
	for name, t := range s.tables {
		cp := *t
		cp.Columns = append([]Column(nil), t.Columns...)
		cp.Keys = make([]Key, len(t.Keys))
		for i, k := range t.Keys {
			k.Columns = append([]string(nil), k.Columns...)
			cp.Keys[i] = k
		}
		c.tables[name] = &cp
	}
	return c
}
