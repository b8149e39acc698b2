package inventory_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/inventory"
)

// TestDocs fails when docs/inventory.md no longer describes the JSON
// document: a field of inventory.Document missing from its table, or an
// example that does not decode as one.
func TestDocs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "inventory.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, path := range jsonPaths(reflect.TypeFor[inventory.Document](), "") {
		if !documented(doc, path) {
			t.Errorf("docs/inventory.md does not document the JSON field %s", path)
		}
	}
	m := regexp.MustCompile("(?s)```json\n(.*?)```").FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/inventory.md has no JSON example")
	}
	dec := json.NewDecoder(strings.NewReader(m[1]))
	dec.DisallowUnknownFields()
	var example inventory.Document
	if err := dec.Decode(&example); err != nil {
		t.Fatalf("the example of docs/inventory.md does not decode: %v", err)
	}
	if example.SchemaVersion != inventory.SchemaVersion || len(example.Sites) == 0 {
		t.Errorf("the example has schema version %d and %d sites", example.SchemaVersion, len(example.Sites))
	}
}

// jsonPaths lists the JSON fields of a type as the docs' table names
// them: sites[].attempts.max. An object's fields have rows, not the
// object; a Duration's fields are the docs' own paragraph, and a Hop's
// are told in its list's row.
func jsonPaths(t reflect.Type, prefix string) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		path := prefix + name
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() != reflect.Struct || ft == reflect.TypeFor[inventory.Duration]() {
			out = append(out, path) // a leaf, or a list: a row of its own
		}
		switch {
		case ft == reflect.TypeFor[inventory.Duration]():
		case ft.Kind() == reflect.Struct:
			out = append(out, jsonPaths(ft, path+".")...)
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct && ft.Elem() != reflect.TypeFor[inventory.Hop]():
			out = append(out, jsonPaths(ft.Elem(), path+"[].")...)
		}
	}
	return out
}

// documented says whether the table of the docs has a row for path: its
// first cell names it in backquotes, alone or beside a sibling
// (`sites[].line`, `sites[].column`).
func documented(doc, path string) bool {
	for line := range strings.Lines(doc) {
		cells := strings.Split(line, "|")
		if len(cells) > 2 && strings.Contains(cells[1], "`"+path+"`") {
			return true
		}
	}
	return false
}
