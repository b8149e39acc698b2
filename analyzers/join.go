package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/executionkey"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/internal/driver"
)

// Joins are the checks' whole-program joins, which only this driver
// runs: it alone sees every package of a run at once.
func Joins() []driver.Join {
	return []driver.Join{{Check: "executionkey", Fact: new(sqlextract.JoinFact), Run: joinExecutionKeys}}
}

func joinExecutionKeys(facts []analysis.Fact) [][]driver.Diagnostic {
	in := make([]*sqlextract.JoinFact, len(facts))
	for i, f := range facts {
		in[i] = f.(*sqlextract.JoinFact)
	}
	found := executionkey.Join(in)
	out := make([][]driver.Diagnostic, len(found))
	for i, list := range found {
		for _, f := range list {
			d := driver.NewDiagnostic(f.Pos, f.End, f.Message)
			for _, n := range f.Related {
				d.Relate(n.Pos, n.Pos, n.Message)
			}
			out[i] = append(out[i], d)
		}
	}
	return out
}
