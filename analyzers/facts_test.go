package analyzers_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/rules"
)

// TestFactsSurviveGob encodes a value of every fact type of every
// analyzer the checks (and the inventory) require, with every field set, unexported ones
// included, the way go vet and nogo pass facts between packages (gob,
// behind the analysis.Fact interface), and decodes it: a field gob drops
// (an unexported one, an interface, a func) would lose what one package
// tells the next, silently. A map is refused too: gob writes its entries
// in iteration order, so a fact holding one would change its bytes from
// run to run and defeat the build caches keyed by them.
func TestFactsSurviveGob(t *testing.T) {
	facts := factTypes(append(analyzers.Checks(rules.Default()), analyzers.Inventory(rules.Default())))
	if len(facts) == 0 {
		t.Fatal("no fact types found")
	}
	for _, typ := range facts {
		t.Run(typ.String(), func(t *testing.T) {
			v := reflect.New(typ.Elem())
			f := &filler{t: t}
			f.fill(v.Elem(), typ.Elem().String())
			fact := v.Interface().(analysis.Fact)
			gob.Register(fact)

			// golang.org/x/tools/internal/facts encodes a []gobFact.
			type gobFact struct {
				PkgPath string
				Object  string
				Fact    analysis.Fact
			}
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode([]gobFact{{"p", "o", fact}}); err != nil {
				t.Fatalf("encode %#v: %v", fact, err)
			}
			var got []gobFact
			if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
				t.Fatalf("decode %#v: %v", fact, err)
			}
			if len(got) != 1 || !reflect.DeepEqual(got[0].Fact, fact) {
				t.Errorf("the fact changed on its way through gob:\nsent %#v\ngot  %#v", fact, got[0].Fact)
			}
		})
	}
}

// factTypes returns the fact types of the analyzers and of those they
// require, transitively, sorted by name.
func factTypes(as []*analysis.Analyzer) []reflect.Type {
	seen := map[*analysis.Analyzer]bool{}
	var out []reflect.Type
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			if typ := reflect.TypeOf(f); !slices.Contains(out, typ) {
				out = append(out, typ)
			}
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
	slices.SortFunc(out, func(x, y reflect.Type) int {
		switch {
		case x.String() < y.String():
			return -1
		case x.String() > y.String():
			return 1
		}
		return 0
	})
	return out
}

// filler sets every field of a value, exported or not, to a value that
// differs from the zero value and from the other fields'.
type filler struct {
	t     *testing.T
	count int
}

func (f *filler) fill(v reflect.Value, path string) {
	f.count++
	if !v.CanSet() {
		// An unexported field: set it all the same, so that gob's
		// dropping it shows.
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f.count % 100))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(f.count % 100))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(f.count) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprintf("%s#%d", path, f.count))
	case reflect.Pointer:
		if len(path) > 1000 {
			f.t.Fatalf("%s: the type is too deeply recursive to fill", path)
		}
		v.Set(reflect.New(v.Type().Elem()))
		f.fill(v.Elem(), path)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			f.fill(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f.fill(v.Field(i), path+"."+v.Type().Field(i).Name)
		}
	case reflect.Map:
		f.t.Errorf("%s is a map: gob writes maps in iteration order, so the fact's encoding would change from run to run; use a slice sorted by a stable key", path)
	default:
		f.t.Errorf("%s is a %s, which gob cannot carry between packages", path, v.Kind())
	}
}
