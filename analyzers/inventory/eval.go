package inventory

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"math/big"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
)

// interval is the range of values an expression can take: lo and hi are
// exact (go/constant) and inclusive; a random draw below n counts as n,
// so hi is a supremum.
type interval struct{ lo, hi constant.Value }

func point(v constant.Value) interval { return interval{v, v} }

// isPoint says whether the interval is one value.
func (iv interval) isPoint() bool { return constant.Compare(iv.lo, token.EQL, iv.hi) }

// evaluator computes the interval of an expression of one function:
// constants, local variables assigned once, env's variables (a loop's
// counter at one attempt), arithmetic, conversions, min and max,
// math.Pow, and draws from math/rand. A call of a function of the
// package whose body is one return statement is evaluated with its
// parameters bound to the arguments' intervals.
type evaluator struct {
	l     *lister
	scope *localvars.Scope
	env   map[*types.Var]interval
	depth int
}

// maxEvalDepth bounds the variables and calls followed.
const maxEvalDepth = 8

var (
	zero     = constant.MakeInt64(0)
	one      = constant.MakeInt64(1)
	maxInt64 = constant.MakeInt64(math.MaxInt64)
)

func (e *evaluator) eval(x ast.Expr) (interval, bool) {
	info := e.l.pass.TypesInfo
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return point(tv.Value), true
	}
	if e.depth > maxEvalDepth {
		return interval{}, false
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.eval(x.X)
	case *ast.Ident:
		return e.variable(x)
	case *ast.UnaryExpr:
		v, ok := e.eval(x.X)
		switch {
		case !ok:
		case x.Op == token.ADD:
			return v, true
		case x.Op == token.SUB:
			return interval{constant.UnaryOp(token.SUB, v.hi, 0), constant.UnaryOp(token.SUB, v.lo, 0)}, true
		}
	case *ast.BinaryExpr:
		return e.binary(x)
	case *ast.CallExpr:
		return e.call(x)
	}
	return interval{}, false
}

// variable evaluates a variable: env's, else one assigned once (not a
// parameter, its address never taken) from an expression evaluated in
// turn.
func (e *evaluator) variable(id *ast.Ident) (interval, bool) {
	v, ok := e.l.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return interval{}, false
	}
	if iv, ok := e.env[v]; ok {
		return iv, true
	}
	if e.scope == nil {
		return interval{}, false
	}
	if _, isParam := e.scope.Params[v]; isParam {
		return interval{}, false
	}
	defs := e.scope.Defs[v]
	if len(defs) != 1 || defs[0].Op || defs[0].Range || defs[0].Index >= 0 || defs[0].Expr == nil || e.l.addressTaken(v) {
		return interval{}, false
	}
	inner := *e
	inner.depth++
	return inner.eval(defs[0].Expr)
}

func (e *evaluator) binary(x *ast.BinaryExpr) (interval, bool) {
	a, ok := e.eval(x.X)
	if !ok {
		return interval{}, false
	}
	b, ok := e.eval(x.Y)
	if !ok {
		return interval{}, false
	}
	return combine(x.Op, a, b, isInteger(e.l.pass.TypesInfo.TypeOf(x)))
}

// combine applies a binary operator to two intervals; integer says
// whether the result is an integer, for / and shifts.
func combine(op token.Token, a, b interval, integer bool) (interval, bool) {
	switch op {
	case token.ADD:
		return interval{constant.BinaryOp(a.lo, token.ADD, b.lo), constant.BinaryOp(a.hi, token.ADD, b.hi)}, true
	case token.SUB:
		return interval{constant.BinaryOp(a.lo, token.SUB, b.hi), constant.BinaryOp(a.hi, token.SUB, b.lo)}, true
	case token.MUL:
		return extremes(constant.BinaryOp(a.lo, token.MUL, b.lo), constant.BinaryOp(a.lo, token.MUL, b.hi),
			constant.BinaryOp(a.hi, token.MUL, b.lo), constant.BinaryOp(a.hi, token.MUL, b.hi)), true
	case token.QUO:
		// Only a non-negative value over a positive one: the quotient
		// then grows with the first and shrinks with the second.
		if sign(a.lo) < 0 || sign(b.lo) <= 0 {
			return interval{}, false
		}
		op := token.QUO
		if integer {
			op = token.QUO_ASSIGN // integer division
			for _, v := range []constant.Value{a.lo, a.hi, b.lo, b.hi} {
				if v.Kind() != constant.Int {
					return interval{}, false
				}
			}
		}
		return interval{constant.BinaryOp(a.lo, op, b.hi), constant.BinaryOp(a.hi, op, b.lo)}, true
	case token.SHL, token.SHR:
		if !integer || sign(a.lo) < 0 || sign(b.lo) < 0 {
			return interval{}, false
		}
		alo, ahi := constant.ToInt(a.lo), constant.ToInt(a.hi)
		slo, ok1 := constant.Uint64Val(constant.ToInt(b.lo))
		shi, ok2 := constant.Uint64Val(constant.ToInt(b.hi))
		if !ok1 || !ok2 || shi > 64 || alo.Kind() != constant.Int || ahi.Kind() != constant.Int {
			return interval{}, false
		}
		a = interval{alo, ahi}
		if op == token.SHR {
			return interval{constant.Shift(a.lo, token.SHR, uint(shi)), constant.Shift(a.hi, token.SHR, uint(slo))}, true
		}
		return interval{constant.Shift(a.lo, token.SHL, uint(slo)), constant.Shift(a.hi, token.SHL, uint(shi))}, true
	}
	return interval{}, false
}

func (e *evaluator) call(call *ast.CallExpr) (interval, bool) {
	info := e.l.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		v, ok := e.eval(call.Args[0])
		if !ok {
			return interval{}, false
		}
		if isInteger(tv.Type) {
			return interval{truncate(v.lo), truncate(v.hi)}, true
		}
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsFloat != 0 {
			return v, true
		}
		return interval{}, false
	}
	if b, ok := typeutil.Callee(info, call).(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
		return e.minMax(call.Args, b.Name() == "max")
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return interval{}, false
	}
	if fn.Pkg() == e.l.pass.Pkg {
		return e.inline(fn, call)
	}
	args := make([]interval, len(call.Args))
	for i, a := range call.Args {
		v, ok := e.eval(a)
		if !ok {
			return interval{}, false
		}
		args[i] = v
	}
	return std(fn, args)
}

func (e *evaluator) minMax(xs []ast.Expr, isMax bool) (interval, bool) {
	var out interval
	for i, x := range xs {
		v, ok := e.eval(x)
		if !ok {
			return interval{}, false
		}
		if i == 0 {
			out = v
			continue
		}
		pick := func(a, b constant.Value) constant.Value {
			if constant.Compare(a, token.GTR, b) == isMax {
				return a
			}
			return b
		}
		out = interval{pick(out.lo, v.lo), pick(out.hi, v.hi)}
	}
	return out, len(xs) > 0
}

// inline evaluates a function of the package whose body is one return
// statement of one value, its parameters bound to the arguments.
func (e *evaluator) inline(fn *types.Func, call *ast.CallExpr) (interval, bool) {
	d := e.l.decls[fn.Origin()]
	if d == nil || d.Body == nil || len(d.Body.List) != 1 || d.Recv != nil {
		return interval{}, false
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return interval{}, false
	}
	env := map[*types.Var]interval{}
	i := 0
	for _, field := range d.Type.Params.List {
		for _, name := range field.Names {
			if i >= len(call.Args) || call.Ellipsis.IsValid() {
				return interval{}, false
			}
			v, ok := e.eval(call.Args[i])
			if !ok {
				return interval{}, false
			}
			if p, ok := e.l.pass.TypesInfo.Defs[name].(*types.Var); ok {
				env[p] = v
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	inner := &evaluator{l: e.l, scope: localvars.New(e.l.pass.TypesInfo, d.Type, d.Body), env: env, depth: e.depth + 1}
	// Its parameters are env's, not unknown parameters.
	inner.scope.Params = nil
	return inner.eval(ret.Results[0])
}

// std evaluates the calls of the standard library the evaluator knows:
// math's powers and bounds, and math/rand's draws, each below its
// argument (or 1 for a float), counted as its argument.
func std(fn *types.Func, args []interval) (interval, bool) {
	path := fn.Pkg().Path()
	name := fn.Name()
	switch path {
	case "math":
		switch {
		case name == "Pow" && len(args) == 2:
			return power(args[0], args[1])
		case name == "Exp2" && len(args) == 1:
			return power(point(constant.MakeInt64(2)), args[0])
		case (name == "Min" || name == "Max") && len(args) == 2:
			isMax := name == "Max"
			pick := func(a, b constant.Value) constant.Value {
				if constant.Compare(a, token.GTR, b) == isMax {
					return a
				}
				return b
			}
			return interval{pick(args[0].lo, args[1].lo), pick(args[0].hi, args[1].hi)}, true
		}
	case "math/rand", "math/rand/v2":
		switch name {
		case "Float64", "Float32":
			if len(args) == 0 {
				return interval{zero, one}, true
			}
		case "N", "Int63n", "Int31n", "Intn", "IntN", "Int64N", "Int32N", "Uint64N", "Uint32N", "UintN":
			if len(args) == 1 && sign(args[0].lo) > 0 {
				return interval{zero, args[0].hi}, true
			}
		}
	}
	return interval{}, false
}

// power is base**exp for a base of at least 1 and a whole exponent
// of at least 0, where it grows with both.
func power(base, exp interval) (interval, bool) {
	if constant.Compare(base.lo, token.LSS, one) || sign(exp.lo) < 0 {
		return interval{}, false
	}
	elo, ok1 := constant.Int64Val(constant.ToInt(exp.lo))
	ehi, ok2 := constant.Int64Val(constant.ToInt(exp.hi))
	if !ok1 || !ok2 || ehi > 64 {
		return interval{}, false
	}
	pow := func(b constant.Value, n int64) constant.Value {
		out := one
		for range n {
			out = constant.BinaryOp(out, token.MUL, b)
		}
		return out
	}
	return interval{pow(base.lo, elo), pow(base.hi, ehi)}, true
}

func extremes(vs ...constant.Value) interval {
	out := point(vs[0])
	for _, v := range vs[1:] {
		if constant.Compare(v, token.LSS, out.lo) {
			out.lo = v
		}
		if constant.Compare(v, token.GTR, out.hi) {
			out.hi = v
		}
	}
	return out
}

func sign(v constant.Value) int { return constant.Sign(v) }

// truncate converts a number to an integer as Go converts a float to an
// integer type: toward zero.
func truncate(v constant.Value) constant.Value {
	if v.Kind() == constant.Int {
		return v
	}
	if i := constant.ToInt(v); i.Kind() == constant.Int {
		return i
	}
	r, ok := new(big.Rat).SetString(v.ExactString())
	if !ok {
		return constant.MakeUnknown()
	}
	q := new(big.Int).Quo(r.Num(), r.Denom())
	return constant.Make(q)
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// durationOf returns an interval's supremum as a duration, when it is a
// whole number of nanoseconds from 0 to the largest duration.
func durationOf(iv interval) (hi, lo int64, ok bool) {
	h := truncate(iv.hi)
	lw := truncate(iv.lo)
	if h.Kind() != constant.Int || lw.Kind() != constant.Int || sign(lw) < 0 || constant.Compare(h, token.GTR, maxInt64) {
		return 0, 0, false
	}
	hi, _ = constant.Int64Val(h)
	lo, _ = constant.Int64Val(lw)
	return hi, lo, true
}

func constantInt(v int64) constant.Value { return constant.MakeInt64(v) }
