package sqlcheck

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Generic traversal of pg_query's protobuf trees. The tree has about 250
// node types; the classification names the dozen it understands and
// walks through the others with protobuf reflection.

// nodeOneof is the oneof that holds a Node's one node.
var nodeOneof = (&pg.Node{}).ProtoReflect().Descriptor().Oneofs().Get(0)

// inspect calls fn for m and every message below it, depth first, fields
// in field-number order. fn sees both the Node wrappers and the nodes
// they hold; returning false skips the children of the message.
func inspect(m proto.Message, fn func(proto.Message) bool) {
	if m == nil {
		return
	}
	inspectReflect(m.ProtoReflect(), fn)
}

func inspectReflect(m protoreflect.Message, fn func(proto.Message) bool) {
	if !m.IsValid() || !fn(m.Interface()) {
		return
	}
	d := m.Descriptor()
	if d == nodeOneof.Parent() {
		// A Node holds one of 250 fields: ask which instead of trying
		// them all.
		if fd := m.WhichOneof(nodeOneof); fd != nil {
			inspectReflect(m.Get(fd).Message(), fn)
		}
		return
	}
	fields := d.Fields()
	for i := 0; i < fields.Len(); i++ {
		fd := fields.Get(i)
		if fd.Message() == nil || fd.IsMap() {
			continue
		}
		if fd.IsList() {
			list := m.Get(fd).List()
			for j := 0; j < list.Len(); j++ {
				inspectReflect(list.Get(j).Message(), fn)
			}
			continue
		}
		if m.Has(fd) {
			inspectReflect(m.Get(fd).Message(), fn)
		}
	}
}

// minLocation returns the smallest parse location inside n: where the
// expression starts in the normalised text, or -1. Location 0 is taken
// only when nothing else is known, because a node the grammar builds
// without a location reads as 0 after the protobuf round trip.
func minLocation(n proto.Message) int {
	best, zero := -1, false
	inspect(n, func(m proto.Message) bool {
		r := m.ProtoReflect()
		fd := r.Descriptor().Fields().ByName("location")
		if fd == nil || fd.Kind() != protoreflect.Int32Kind {
			return true
		}
		switch loc := int(r.Get(fd).Int()); {
		case loc == 0:
			zero = true
		case loc > 0 && (best < 0 || loc < best):
			best = loc
		}
		return true
	})
	if best < 0 && zero {
		return 0
	}
	return best
}

// names returns the String items of a name list (a qualified function
// or column name); ok is false when an item is not a String (a *).
func names(items []*pg.Node) (out []string, ok bool) {
	for _, it := range items {
		s, isString := it.Node.(*pg.Node_String_)
		if !isString {
			return out, false
		}
		out = append(out, s.String_.Sval)
	}
	return out, true
}

// funcName returns the lower-case name of a function call, without its
// schema.
func funcName(fc *pg.FuncCall) string {
	parts, _ := names(fc.Funcname)
	if len(parts) == 0 {
		return ""
	}
	return strings.ToLower(parts[len(parts)-1])
}

// valueFuncNames names the SQL-standard functions written without
// parentheses, which the grammar turns into SQLValueFunction nodes.
var valueFuncNames = map[pg.SQLValueFunctionOp]string{
	pg.SQLValueFunctionOp_SVFOP_CURRENT_DATE:        "current_date",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME:        "current_time",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME_N:      "current_time",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP:   "current_timestamp",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N: "current_timestamp",
	pg.SQLValueFunctionOp_SVFOP_LOCALTIME:           "localtime",
	pg.SQLValueFunctionOp_SVFOP_LOCALTIME_N:         "localtime",
	pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP:      "localtimestamp",
	pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:    "localtimestamp",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_ROLE:        "current_role",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_USER:        "current_user",
	pg.SQLValueFunctionOp_SVFOP_USER:                "user",
	pg.SQLValueFunctionOp_SVFOP_SESSION_USER:        "session_user",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_CATALOG:     "current_catalog",
	pg.SQLValueFunctionOp_SVFOP_CURRENT_SCHEMA:      "current_schema",
}

// operator returns the operator of a binary or unary A_Expr ("=", "+"),
// or "" for other kinds (IN, LIKE, BETWEEN...).
func operator(e *pg.A_Expr) string {
	if e.Kind != pg.A_Expr_Kind_AEXPR_OP {
		return ""
	}
	parts, _ := names(e.Name)
	if len(parts) == 0 {
		return ""
	}
	return parts[len(parts)-1]
}

// conjuncts flattens the AND tree of a condition.
func conjuncts(n *pg.Node) []*pg.Node {
	if n == nil {
		return nil
	}
	if b, ok := n.Node.(*pg.Node_BoolExpr); ok && b.BoolExpr.Boolop == pg.BoolExprType_AND_EXPR {
		var out []*pg.Node
		for _, arg := range b.BoolExpr.Args {
			out = append(out, conjuncts(arg)...)
		}
		return out
	}
	return []*pg.Node{n}
}

// equalities returns the pairs compared with = in the AND tree of a
// condition; a row comparison (a, b) = (c, d) gives one pair per column.
func equalities(n *pg.Node) [][2]*pg.Node {
	var out [][2]*pg.Node
	for _, c := range conjuncts(n) {
		e, ok := c.Node.(*pg.Node_AExpr)
		if !ok || operator(e.AExpr) != "=" || e.AExpr.Lexpr == nil || e.AExpr.Rexpr == nil {
			continue
		}
		l, lrow := e.AExpr.Lexpr.Node.(*pg.Node_RowExpr)
		r, rrow := e.AExpr.Rexpr.Node.(*pg.Node_RowExpr)
		if lrow && rrow && len(l.RowExpr.Args) == len(r.RowExpr.Args) {
			for i := range l.RowExpr.Args {
				out = append(out, [2]*pg.Node{l.RowExpr.Args[i], r.RowExpr.Args[i]})
			}
			continue
		}
		out = append(out, [2]*pg.Node{e.AExpr.Lexpr, e.AExpr.Rexpr})
	}
	return out
}

// fromItems flattens the joins of a FROM list into its relations,
// subqueries and function calls.
func fromItems(from []*pg.Node) []*pg.Node {
	var out []*pg.Node
	for _, f := range from {
		if f == nil || f.Node == nil {
			continue
		}
		if j, ok := f.Node.(*pg.Node_JoinExpr); ok {
			out = append(out, fromItems([]*pg.Node{j.JoinExpr.Larg, j.JoinExpr.Rarg})...)
			continue
		}
		out = append(out, f)
	}
	return out
}
