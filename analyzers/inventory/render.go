package inventory

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// SchemaVersion is the version of the JSON document JSON writes; it
// changes when a field changes meaning or goes away.
const SchemaVersion = 1

// Document is the JSON form of an inventory.
type Document struct {
	SchemaVersion int   `json:"schema_version"`
	Sites         []Row `json:"sites"`
}

// Sort orders rows by file, line and column, and drops a row that
// repeats one at the same place (a test variant of a package lists its
// sites again).
func Sort(rows []Row) []Row {
	rows = slices.Clone(rows)
	slices.SortStableFunc(rows, func(x, y Row) int {
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Column, y.Column),
			cmp.Compare(x.Mechanism.Kind, y.Mechanism.Kind), cmp.Compare(x.Mechanism.Name, y.Mechanism.Name))
	})
	return slices.CompactFunc(rows, func(x, y Row) bool {
		return x.File == y.File && x.Line == y.Line && x.Column == y.Column && x.Mechanism.Kind == y.Mechanism.Kind && x.Mechanism.Name == y.Mechanism.Name
	})
}

// JSON writes rows as a Document, indented.
func JSON(w io.Writer, rows []Row) error {
	if rows == nil {
		rows = []Row{}
	}
	data, err := json.MarshalIndent(Document{SchemaVersion: SchemaVersion, Sites: rows}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// classes orders operation classes from the most to the least harmful
// to retry, as the seeds do.
var classes = []string{"external", "increments", "appends", Unknown, Replaces, Reads}

// Markdown writes rows as a Markdown document: a summary by what the
// operations do, the table of sites, and how each worst-case wait was
// computed or why it is unknown.
func Markdown(w io.Writer, rows []Row) error {
	var b strings.Builder
	b.WriteString("# Retry inventory\n\n")
	if len(rows) == 0 {
		b.WriteString("No retry sites.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "%d retry sites.\n\n", len(rows))
	b.WriteString("| operation | sites | retry every error | no jitter | no attempt or time cap | worst-case wait known |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|\n")
	for _, class := range classes {
		var n, catchall, nojitter, unbounded, known int
		for _, r := range rows {
			if r.Operation.Class != class {
				continue
			}
			n++
			if r.Classified == "no" {
				catchall++
			}
			if r.Jitter == "no" {
				nojitter++
			}
			if r.WorstWait.Status == "unbounded" {
				unbounded++
			}
			if r.WorstWait.Status == "known" {
				known++
			}
		}
		if n > 0 {
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", class, n, catchall, nojitter, unbounded, known)
		}
	}
	b.WriteString("\n| location | function | mechanism | operation | classified | jitter | attempts | elapsed cap | cancel | worst-case wait |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			cell(fmt.Sprintf("%s:%d:%d", r.File, r.Line, r.Column)), code(r.Function), cell(mechanismText(r.Mechanism)),
			cell(operationText(r.Operation)), r.Classified, r.Jitter, attemptsText(r.Attempts), elapsedText(r.Elapsed),
			r.Cancel, waitText(r.WorstWait))
	}
	b.WriteString("\nWorst-case waits:\n\n")
	for _, r := range rows {
		if r.WorstWait.Status == "unbounded" {
			continue
		}
		fmt.Fprintf(&b, "- %s:%d:%d: %s: %s\n", r.File, r.Line, r.Column, waitText(r.WorstWait), r.WorstWait.How)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mechanismText(m Mechanism) string {
	var s string
	switch m.Kind {
	case "loop", "recursion", "redelivery":
		s = m.Name
	default:
		s = fmt.Sprintf("%s `%s`", m.Kind, m.Name)
		if pkg := calleePackage(m.Callee); pkg != "" {
			s += " (" + pkg + ")"
		}
	}
	if m.Shape != "" {
		s += ", " + m.Shape
	}
	return s
}

// calleePackage returns the package path of a full function name:
// github.com/a/b.F, (*github.com/a/b.T).M.
func calleePackage(name string) string {
	name = strings.TrimLeft(name, "(*")
	if i := strings.IndexByte(name, ')'); i >= 0 {
		name = name[:i]
	}
	slash := strings.LastIndexByte(name, '/')
	dot := strings.IndexByte(name[slash+1:], '.')
	if dot < 0 {
		return ""
	}
	return name[:slash+1+dot]
}

func operationText(op Operation) string {
	s := op.Class
	if op.What != "" {
		s += ": " + op.What
	}
	if len(op.Chain) > 0 {
		names := make([]string, len(op.Chain))
		for i, h := range op.Chain {
			names[i] = h.Name
		}
		s += "; via " + strings.Join(names, " → ")
	}
	return s
}

func attemptsText(a Attempts) string {
	if a.Max > 0 {
		return fmt.Sprint(a.Max)
	}
	return a.Capped
}

func elapsedText(e Elapsed) string {
	if e.Max != nil {
		return e.Max.Text
	}
	return e.Capped
}

func waitText(w WorstWait) string {
	if w.Status == "known" && w.Max != nil {
		return "≤ " + w.Max.Text
	}
	return w.Status
}

// cell escapes a table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + cell(s) + "`"
}
