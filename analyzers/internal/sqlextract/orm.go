package sqlextract

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"strings"
	"unicode"

	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

// An ORM insert (gorm's Create) runs an INSERT that no text in the
// program spells: the model's type says the table and the columns. The
// extractor writes that INSERT as SQL, so that it is classified and
// judged against the schema as any other; where the module's DDL does
// not define the table, the model's own declarations (primary key,
// unique tags, the default of an integer ID) stand in for it.

// model is what a model type says about its table.
type model struct {
	table   string
	columns []modelColumn
	uniques map[string][]string // composite unique indexes, by name
}

type modelColumn struct {
	name     string
	primary  bool
	integer  bool
	autoTag  string // the tag's autoIncrement setting: "", "true" or "false"
	auto     bool   // filled by the database when left zero: an integer primary key
	dflt     string // the tag's default, as written
	unique   bool
	inserted bool // written by the INSERT
}

// ormInsert returns the query an ORM insert call runs, or nil when its
// model's type cannot be read (a map, an interface).
func (x *extractor) ormInsert(fd *ast.FuncDecl, call *ast.CallExpr, rule *rules.Insert) *Query {
	holder := call
	if rule.ModelCall != "" {
		holder = x.chainCall(call, rule.ModelCall)
		if holder == nil {
			return nil // the rows are given some other way (a table and values)
		}
	}
	if int(*rule.Model) >= len(holder.Args) {
		return nil
	}
	named := modelType(x.pass.TypesInfo.TypeOf(holder.Args[*rule.Model]))
	if named == nil {
		return nil
	}
	var m *model
	switch rule.Naming {
	case "bun":
		m = x.bunModel(named, rule.BaseModel)
	default:
		m = x.gormModel(named)
	}
	var cols, vals []string
	for _, c := range m.columns {
		if c.inserted {
			cols = append(cols, c.name)
			vals = append(vals, fmt.Sprintf("$%d", len(vals)+1))
		}
	}
	if len(cols) == 0 {
		return nil
	}
	text := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", m.table, strings.Join(cols, ", "), strings.Join(vals, ", "))
	merge := x.ormMerge(call, rule)
	if merge != "" {
		text += " ON CONFLICT DO NOTHING"
	}
	return &Query{Text: text, Remedy: rule.Remedy, Merge: merge, model: m}
}

// modelType returns the named struct type behind pointers, slices and
// arrays.
func modelType(t types.Type) *types.Named {
	for t != nil {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Named:
			if _, ok := u.Underlying().(*types.Struct); ok {
				return u
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// chain returns the calls earlier in a call's receiver chain, nearest
// first: for db.A().B().C(), B() then A().
func chain(call *ast.CallExpr) []*ast.CallExpr {
	var out []*ast.CallExpr
	recv := call.Fun
	for depth := 0; depth < maxDepth; depth++ {
		sel, ok := ast.Unparen(recv).(*ast.SelectorExpr)
		if !ok {
			break
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			break
		}
		out = append(out, inner)
		recv = inner.Fun
	}
	return out
}

// chainCall returns the call of name in a call's receiver chain, or nil.
func (x *extractor) chainCall(call *ast.CallExpr, name string) *ast.CallExpr {
	for _, inner := range chain(call) {
		if fn := calleeFunc(x.pass.TypesInfo, inner); fn != nil && rules.FuncKey(fn) == rules.Normalize(name) {
			return inner
		}
	}
	return nil
}

// ormMerge returns the merge that an earlier call of the receiver's
// chain makes (db.Clauses(clause.OnConflict{...}).Create(&m)), or "".
func (x *extractor) ormMerge(call *ast.CallExpr, rule *rules.Insert) string {
	for _, inner := range chain(call) {
		fn := calleeFunc(x.pass.TypesInfo, inner)
		if fn == nil {
			continue
		}
		for _, m := range rule.Merges {
			if rules.FuncKey(fn) != rules.Normalize(m.Call) {
				continue
			}
			switch {
			case m.ArgType != "":
				for _, arg := range inner.Args {
					if t := x.pass.TypesInfo.TypeOf(arg); t != nil && typeKey(t) == m.ArgType {
						return m.What
					}
				}
			case m.ArgPrefix != "":
				if len(inner.Args) > 0 {
					if tv := x.pass.TypesInfo.Types[inner.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String &&
						strings.HasPrefix(strings.ToUpper(strings.TrimSpace(constant.StringVal(tv.Value))), strings.ToUpper(m.ArgPrefix)) {
						return m.What
					}
				}
			default:
				return m.What
			}
		}
	}
	return ""
}

func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	fn, _ := info.Uses[sel.Sel].(*types.Func)
	return fn
}

// typeKey names a type as the rules do: path.Name, pointers dropped.
func typeKey(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// gormModel reads a model the way gorm names it.
func (x *extractor) gormModel(named *types.Named) *model {
	m := &model{table: x.gormTable(named), uniques: map[string][]string{}}
	x.gormFields(m, named.Underlying().(*types.Struct), 0)
	hasPrimary := false
	for _, c := range m.columns {
		hasPrimary = hasPrimary || c.primary
	}
	for i := range m.columns {
		c := &m.columns[i]
		if !hasPrimary && c.name == "id" {
			c.primary = true // gorm's convention: a field named ID is the key
		}
		c.auto = c.autoTag == "true" || c.primary && c.integer && c.dflt == "" && c.autoTag != "false"
		// gorm leaves out a zero auto-increment key and a zero field with
		// a default, so that the database fills them.
		c.inserted = !c.auto && c.dflt == ""
	}
	return m
}

// gormFields adds the columns of st: exported fields, embedded structs
// flattened, associations and ignored fields left out.
func (x *extractor) gormFields(m *model, st *types.Struct, depth int) {
	if depth > 3 {
		return
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("gorm")
		settings := gormSettings(tag)
		if _, ignored := settings["-"]; !f.Exported() || ignored {
			continue
		}
		if _, ok := settings["embedded"]; f.Embedded() || ok {
			if inner, ok := structUnder(f.Type()); ok {
				x.gormFields(m, inner, depth+1)
			}
			continue
		}
		if association(f.Type()) {
			continue
		}
		c := modelColumn{name: snake(f.Name())}
		if v := settings["column"]; v != "" {
			c.name = v
		}
		_, c.primary = settings["primarykey"]
		if v, ok := settings["autoincrement"]; ok {
			c.autoTag = "true"
			if strings.EqualFold(v, "false") {
				c.autoTag = "false"
			}
		}
		c.dflt = settings["default"]
		_, c.unique = settings["unique"]
		if v, ok := settings["uniqueindex"]; ok {
			if v == "" {
				c.unique = true
			} else {
				name := strings.Split(v, ",")[0]
				m.uniques[name] = append(m.uniques[name], c.name)
			}
		}
		if b, ok := types.Unalias(f.Type()).Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			c.integer = true
		}
		m.columns = append(m.columns, c)
	}
}

// gormSettings splits a gorm tag into its lower-cased keys and values.
func gormSettings(tag string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(tag, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, ":")
		out[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out
}

func structUnder(t types.Type) (*types.Struct, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return st, ok
}

// association reports whether a field's type is another model (a
// struct, or a slice of them) rather than a value: time.Time, sql.Null*
// and types with their own scanner are values.
func association(t types.Type) bool {
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		if b, ok := types.Unalias(s.Elem()).(*types.Basic); ok && b.Kind() == types.Byte {
			return false // []byte
		}
		t = s.Elem()
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return false
	}
	if pkg := n.Obj().Pkg(); pkg != nil && (pkg.Path() == "time" || pkg.Path() == "database/sql") {
		return false
	}
	for i := 0; i < n.NumMethods(); i++ {
		if name := n.Method(i).Name(); name == "Scan" || name == "Value" {
			return false
		}
	}
	if p := types.NewPointer(n); types.NewMethodSet(p).Lookup(nil, "Scan") != nil {
		return false
	}
	return true
}

// gormTable returns a model's table: the constant its TableName method
// returns, or the plural snake_case of its name.
func (x *extractor) gormTable(named *types.Named) string {
	for i := 0; i < named.NumMethods(); i++ {
		if fn := named.Method(i); fn.Name() == "TableName" {
			if name := x.constantReturn(fn); name != "" {
				return name
			}
		}
	}
	return plural(snake(named.Obj().Name()))
}

// constantReturn returns the string constant a method of this package
// returns, or "".
func (x *extractor) constantReturn(fn *types.Func) string {
	for _, f := range x.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || x.pass.TypesInfo.Defs[fd.Name] != fn || len(fd.Body.List) != 1 {
				continue
			}
			ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				return ""
			}
			if tv := x.pass.TypesInfo.Types[ret.Results[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value)
			}
		}
	}
	return ""
}

// snake writes a Go name as gorm does: UserID -> user_id, HTTPServer ->
// http_server.
func snake(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || nextLower && unicode.IsUpper(rs[i-1]) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// plural is the English plural of the last word of a snake_case name,
// for the regular words and a few common irregular ones.
func plural(name string) string {
	head, word := "", name
	if i := strings.LastIndexByte(name, '_'); i >= 0 {
		head, word = name[:i+1], name[i+1:]
	}
	irregular := map[string]string{"person": "people", "child": "children", "man": "men", "woman": "women", "status": "statuses", "news": "news", "data": "data"}
	if p, ok := irregular[word]; ok {
		return head + p
	}
	switch {
	case strings.HasSuffix(word, "y") && len(word) > 1 && !strings.ContainsRune("aeiou", rune(word[len(word)-2])):
		return head + word[:len(word)-1] + "ies"
	case strings.HasSuffix(word, "s"), strings.HasSuffix(word, "x"), strings.HasSuffix(word, "z"), strings.HasSuffix(word, "ch"), strings.HasSuffix(word, "sh"):
		return head + word + "es"
	}
	return head + word + "s"
}

// ddl writes the table a model declares, for a module whose DDL does not
// define it: its primary key, its unique fields and indexes, and the
// defaults of its tags.
func (m *model) ddl() string {
	var parts []string
	for _, c := range m.columns {
		col := c.name + " text"
		switch {
		case c.auto:
			col = c.name + " bigserial"
		case c.dflt != "":
			col += " DEFAULT " + c.dflt
		}
		if c.primary {
			col += " PRIMARY KEY"
		} else if c.unique {
			col += " UNIQUE"
		}
		parts = append(parts, col)
	}
	for _, name := range sortedKeys(m.uniques) {
		parts = append(parts, "UNIQUE ("+strings.Join(m.uniques[name], ", ")+")")
	}
	return "CREATE TABLE " + m.table + " (" + strings.Join(parts, ", ") + ")"
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// judgeModel judges an ORM insert: against the module's schema when it
// defines the table, else against the table the model declares.
func (x *extractor) judgeModel(sql *sqlcheck.Analyzer, q *Query) *sqlcheck.Result {
	r := sql.Analyze(q.Text)
	if !x.schemaLoaded {
		x.schema, x.schemaLoaded = schemaFor(x.pass, sql, x.rules), true
	}
	if x.schema != nil && x.schema.Table(q.model.table) != nil {
		return x.schema.Judge(r)
	}
	if q.Merge != "" {
		return r // a merge: no keys to judge
	}
	own := sql.NewSchema()
	own.AddScript(x.pass.Fset.Position(q.Call.Pos()).Filename, 1, q.model.ddl())
	if own.Empty() {
		return &sqlcheck.Result{} // a tag the parser does not take: say nothing
	}
	r = own.Judge(r)
	return r
}

// bunModel reads a model the way bun names it: the bun tag's column name
// (or snake_case), pk, autoincrement, unique and default, and the table
// of the table: setting of an embedded bun.BaseModel (or the plural
// snake_case of the type's name).
func (x *extractor) bunModel(named *types.Named, baseModel string) *model {
	m := &model{table: plural(snake(named.Obj().Name())), uniques: map[string][]string{}}
	st := named.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("bun")
		name, opts := bunTag(tag)
		if f.Embedded() && baseModel != "" && typeKey(f.Type()) == baseModel {
			if t := opts["table"]; t != "" {
				m.table = t
			}
			continue
		}
		if !f.Exported() || tag == "-" || association(f.Type()) || opts["rel"] != "" || opts["m2m"] != "" {
			continue
		}
		if _, ok := opts["scanonly"]; ok {
			continue
		}
		c := modelColumn{name: snake(f.Name())}
		if name != "" {
			c.name = name
		}
		_, c.primary = opts["pk"]
		_, auto := opts["autoincrement"]
		_, identity := opts["identity"]
		c.auto = auto || identity
		c.dflt = opts["default"]
		if v, ok := opts["unique"]; ok {
			if v == "" {
				c.unique = true
			} else {
				m.uniques[v] = append(m.uniques[v], c.name)
			}
		}
		_, nullzero := opts["nullzero"]
		// bun writes every column; a zero auto-increment key, and a
		// zero value with a default that is nullzero, are left to the
		// database.
		c.inserted = !c.auto && !(c.dflt != "" && nullzero)
		if c.dflt != "" && !nullzero {
			c.dflt = "" // written by the INSERT: the default never applies
		}
		m.columns = append(m.columns, c)
	}
	return m
}

// bunTag splits a bun tag: the column name, then options with their
// values (pk, unique:group, default:expr, table:name).
func bunTag(tag string) (string, map[string]string) {
	opts := map[string]string{}
	parts := strings.Split(tag, ",")
	name := ""
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if i == 0 && !strings.Contains(p, ":") {
			name = p
			continue
		}
		k, v, _ := strings.Cut(p, ":")
		opts[strings.ToLower(k)] = v
	}
	return name, opts
}
