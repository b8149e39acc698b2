package fixes_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/fixes"
)

func TestMerge(t *testing.T) {
	imp := fixes.Edit{File: "a.go", Start: 10, End: 10, New: "\t\"math/rand/v2\"\n"}
	wrapA := fixes.Fix{imp, {File: "a.go", Start: 40, End: 40, New: "rand.N("}, {File: "a.go", Start: 45, End: 45, New: ")"}}
	wrapB := fixes.Fix{imp, {File: "a.go", Start: 60, End: 60, New: "rand.N("}, {File: "a.go", Start: 65, End: 65, New: ")"}}
	inside := fixes.Fix{{File: "a.go", Start: 38, End: 42, New: "x"}}
	sameSpot := fixes.Fix{{File: "a.go", Start: 60, End: 60, New: "other("}}
	edits, skipped := fixes.Merge([]fixes.Fix{wrapA, wrapB, wrapA, inside, sameSpot})
	if skipped != 2 {
		t.Errorf("skipped %d fixes, want 2 (one across an insertion taken, one inserting where another does)", skipped)
	}
	if got := edits["a.go"]; len(got) != 5 || got[0] != imp || got[1].Start != 40 || got[4].Start != 65 {
		t.Errorf("edits: %+v, want the import once, then the two wraps in order", got)
	}
}

func TestFixedKeepsImportOrder(t *testing.T) {
	src := "package p\n\nimport (\n\t\"time\"\n\t\"errors\"\n)\n\nvar _ = errors.New\nvar d = 2 * time.Second\n"
	i := strings.Index(src, "\t\"errors\"")
	j := strings.Index(src, "2 * time.Second")
	edits := []fixes.Edit{
		{Start: i, End: i, New: "\t\"math/rand/v2\"\n"},
		{Start: j, End: j, New: "rand.N("},
		{Start: j + len("2 * time.Second"), End: j + len("2 * time.Second"), New: ")"},
	}
	got, err := fixes.Fixed([]byte(src), edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nimport (\n\t\"time\"\n\t\"math/rand/v2\"\n\t\"errors\"\n)\n\nvar _ = errors.New\nvar d = rand.N(2 * time.Second)\n"
	if string(got) != want {
		t.Errorf("fixed:\n%s\nwant:\n%s", got, want)
	}
}

// A formatted file is printed again after the edits: a field added to a
// literal lines up with the others.
func TestFixedAlignsFormattedFile(t *testing.T) {
	src := "package p\n\nvar b = B{\n\tMin: 1,\n\tMax: 2,\n}\n"
	at := strings.Index(src, "}")
	got, err := fixes.Fixed([]byte(src), []fixes.Edit{{Start: at, End: at, New: "\tJitter: true,\n"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "package p\n\nvar b = B{\n\tMin:    1,\n\tMax:    2,\n\tJitter: true,\n}\n"; string(got) != want {
		t.Errorf("fixed:\n%s\nwant:\n%s", got, want)
	}
	// An unformatted file keeps its bytes outside the edit.
	src = "package p\n\nvar b = B{\n\tMin:1,\n}\n"
	at = strings.Index(src, "}")
	got, _ = fixes.Fixed([]byte(src), []fixes.Edit{{Start: at, End: at, New: "\tJitter: true,\n"}})
	if want := "package p\n\nvar b = B{\n\tMin:1,\n\tJitter: true,\n}\n"; string(got) != want {
		t.Errorf("fixed unformatted:\n%s\nwant:\n%s", got, want)
	}
}

// Unified agrees with diff -u, where the machine has it.
func TestUnified(t *testing.T) {
	before := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	after := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl2\nl\nm\nn\n"
	got := fixes.Unified("x (old)", "x (new)", []byte(before), []byte(after))
	want := `--- x (old)
+++ x (new)
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -9,5 +9,7 @@
 i
 j
 k
+l2
 l
 m
+n
`
	if got != want {
		t.Errorf("Unified:\n%s\nwant:\n%s", got, want)
	}
	if fixes.Unified("x", "x", []byte(before), []byte(before)) != "" {
		t.Errorf("Unified of equal texts is not empty")
	}
	diff, err := exec.LookPath("diff")
	if err != nil {
		return
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "old"), []byte(before), 0o644)
	os.WriteFile(filepath.Join(dir, "new"), []byte(after), 0o644)
	out, _ := exec.Command(diff, "-u", "--label", "x (old)", "--label", "x (new)", filepath.Join(dir, "old"), filepath.Join(dir, "new")).Output()
	if string(out) != got {
		t.Errorf("diff -u says:\n%s\nUnified says:\n%s", out, got)
	}
}
