package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
)

// diagnostic is a diagnostic with its positions resolved, so that it
// outlives the package's syntax and can be cached. Its JSON form is the
// one go/analysis drivers print.
type diagnostic struct {
	Category string    `json:"category,omitempty"`
	Posn     string    `json:"posn"`
	End      string    `json:"end"`
	Message  string    `json:"message"`
	Fixes    []fix     `json:"suggested_fixes,omitempty"`
	Related  []related `json:"related,omitempty"`

	// For text output: the span's file and lines, and the end as text
	// prints it.
	File      string `json:"-"`
	Line      int    `json:"-"`
	EndLine   int    `json:"-"`
	TextEnd   string `json:"-"`
	OmitEnd   bool   `json:"-"`
	RelatedAt []span `json:"-"`
}

type span struct {
	File          string
	Line, EndLine int
}

type fix struct {
	Message string `json:"message"`
	Edits   []edit `json:"edits"`
}

type edit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type related struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

func (r *run) diagnostic(d analysis.Diagnostic) diagnostic {
	pos := r.fset.Position(d.Pos)
	end := r.fset.Position(cmp.Or(d.End, d.Pos))
	out := diagnostic{
		Category: d.Category,
		Posn:     pos.String(),
		End:      end.String(),
		Message:  d.Message,
		File:     pos.Filename,
		Line:     pos.Line,
		EndLine:  end.Line,
		TextEnd:  r.fset.Position(d.End).String(),
	}
	if d.End == 0 {
		out.EndLine = pos.Line
	}
	for _, f := range d.SuggestedFixes {
		var edits []edit
		for _, e := range f.TextEdits {
			start := r.fset.Position(e.Pos)
			edits = append(edits, edit{Filename: start.Filename, Start: start.Offset, End: r.fset.Position(e.End).Offset, New: string(e.NewText)})
		}
		out.Fixes = append(out.Fixes, fix{Message: f.Message, Edits: edits})
	}
	for _, rel := range d.Related {
		p := r.fset.Position(rel.Pos)
		e := r.fset.Position(cmp.Or(rel.End, rel.Pos))
		out.Related = append(out.Related, related{Posn: p.String(), End: e.String(), Message: rel.Message})
		endLine := r.fset.Position(rel.End).Line
		if rel.End == 0 {
			endLine = p.Line
		}
		out.RelatedAt = append(out.RelatedAt, span{p.Filename, p.Line, endLine})
	}
	return out
}

// print prints the load errors of every package, then, for each package
// named, what each check reported, and returns the exit status.
func (r *run) print() int {
	exit := 0
	for _, n := range r.nodes {
		for _, e := range n.loadErrs {
			fmt.Fprintln(r.opt.Stderr, e)
			exit = 1
		}
	}
	if r.opt.JSON {
		tree := map[string]map[string]any{}
		for _, n := range r.nodes {
			if len(n.errs) == 0 && (!n.root || len(n.diags) == 0) {
				continue
			}
			m := map[string]any{}
			for _, e := range n.errs {
				name, msg, _ := strings.Cut(e, ": ")
				m[name] = struct {
					Err string `json:"error"`
				}{msg}
			}
			if n.root {
				for name, diags := range n.diags {
					if len(diags) > 0 {
						m[name] = diags
					}
				}
			}
			if len(m) > 0 {
				tree[n.id] = m
			}
		}
		data, err := json.MarshalIndent(tree, "", "\t")
		if err != nil {
			fmt.Fprintln(r.opt.Stderr, err)
			return 1
		}
		fmt.Fprintf(r.opt.Stdout, "%s\n", data)
		return exit
	}
	type seenKey struct{ posn, end, analyzer, message string }
	seen := map[seenKey]bool{}
	found := false
	var out strings.Builder
	for _, n := range r.nodes {
		for _, e := range n.errs {
			fmt.Fprintln(&out, e)
			exit = 1
		}
	}
	for _, n := range r.roots {
		for _, a := range r.opt.Analyzers {
			for _, d := range n.diags[a.Name] {
				k := seenKey{d.Posn, d.TextEnd, a.Name, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				found = true
				r.printPlain(&out, d)
			}
		}
	}
	io.WriteString(r.opt.Stderr, out.String())
	if exit == 0 && found {
		exit = 3
	}
	return exit
}

// printPlain prints a diagnostic and its related information, each with
// the lines around it when asked.
func (r *run) printPlain(w io.Writer, d diagnostic) {
	fmt.Fprintf(w, "%s: %s\n", d.Posn, d.Message)
	r.context(w, span{d.File, d.Line, d.EndLine})
	for i, rel := range d.Related {
		fmt.Fprintf(w, "%s: \t%s\n", rel.Posn, rel.Message)
		r.context(w, d.RelatedAt[i])
	}
}

func (r *run) context(w io.Writer, s span) {
	c := r.opt.Context
	if c < 0 {
		return
	}
	data, _ := os.ReadFile(s.File)
	lines := strings.Split(string(data), "\n")
	for i := s.Line - c; i <= s.EndLine+c; i++ {
		if 1 <= i && i <= len(lines) {
			fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
		}
	}
}

// progress shows packages done of the total on one line of a terminal.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	n     int
	total int
	last  time.Time
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total}
}

func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	if now := time.Now(); now.Sub(p.last) >= 100*time.Millisecond {
		p.last = now
		fmt.Fprintf(p.w, "\rretrylint: %d/%d packages", p.n, p.total)
	}
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.last.IsZero() {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
