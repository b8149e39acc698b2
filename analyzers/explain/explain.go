package explain

import (
	_ "embed"
	"encoding/json"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	reporter "github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
)

//go:embed doc.go
var doc string

// Category is the category of the analyzer's diagnostics.
const Category = "explain"

// An Entry is one site, or one loop kept silent, with its decisions.
type Entry struct {
	// Head names the site and its kind ("retry loop (loop)"), or says
	// "not a retry".
	Head string `json:"head"`
	// Site is false for a loop kept silent.
	Site bool `json:"site"`
	// Unreported says why the checks report nothing at the site
	// whatever they find, or is empty.
	Unreported string `json:"unreported,omitempty"`
	Trace      []Step `json:"trace"`
	// File, Line and Column are where the site starts; EndLine where it
	// ends. The command fills them from the diagnostic.
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	EndLine int    `json:"end_line,omitempty"`
}

// A Step is one decision: the property decided and the value it was
// given (empty for "site"), the rule that decided it, what the rule
// found and where it read it (0 when it read the site itself), and the
// line an explanation prints for it.
type Step struct {
	What   string `json:"what"`
	Value  string `json:"value,omitempty"`
	Rule   string `json:"rule"`
	Says   string `json:"says"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Text   string `json:"text"`
}

// New returns the analyzer, reading the sites site finds: the retrysite
// analyzer the checks of the same run share.
func New(site *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "explain",
		Doc:        analysisutil.Doc(doc),
		Requires:   []*analysis.Analyzer{site},
		ResultType: reflect.TypeFor[struct{}](),
		Run: func(pass *analysis.Pass) (any, error) {
			result := pass.ResultOf[site].(*retrysite.Result)
			silent := ""
			if reporter.For(pass).SilentPackage() {
				silent = "a test-support package, whose findings are not reported unless the configuration says test-support: include"
			}
			for _, s := range result.Sites {
				e := Entry{Head: s.Headline(), Site: true, Trace: steps(pass.Fset, s.Trace), Unreported: silent}
				if strings.HasSuffix(pass.Fset.File(s.Node.Pos()).Name(), "_test.go") {
					e.Unreported = "a _test.go file, whose findings are not reported"
				}
				report(pass, s.Node, e)
			}
			for _, n := range result.NotSites {
				report(pass, n.Node, Entry{Head: n.Headline(), Trace: steps(pass.Fset, n.Trace)})
			}
			return struct{}{}, nil
		},
	}
}

func steps(fset *token.FileSet, trace []retrysite.Decision) []Step {
	out := make([]Step, 0, len(trace))
	for _, d := range trace {
		st := Step{What: d.What, Rule: string(d.Rule), Says: d.Says, Text: d.Text(fset)}
		if d.What != "site" {
			st.Value = d.Value.String()
		}
		if d.At.IsValid() {
			p := fset.Position(d.At)
			st.Line, st.Column = p.Line, p.Column
		}
		out = append(out, st)
	}
	return out
}

func report(pass *analysis.Pass, n ast.Node, e Entry) {
	msg, err := json.Marshal(e)
	if err != nil {
		panic(err) // an Entry always encodes
	}
	pass.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: Category, Message: string(msg)})
}

// Decode reads an entry from the message of one of the analyzer's
// diagnostics.
func Decode(msg string) (Entry, error) {
	var e Entry
	err := json.Unmarshal([]byte(msg), &e)
	return e, err
}
