package executionkey

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
)

// Finding is what Join reports at a value, with its related
// information.
type Finding struct {
	Pos, End token.Position
	Message  string
	Related  []Note
}

// Note is one piece of a Finding's related information.
type Note struct {
	Pos     token.Position
	Message string
}

// Join matches, across every package of a run, the calls of interface
// methods that bind a value the execution makes to a field of an
// argument (sqlextract.JoinClaim) with the methods of the same name and
// signature that insert that field into a key of their table
// (sqlextract.JoinInsert): the execution key no one package shows, the
// call and the INSERT being in packages that do not import each other.
// It reports only when every implementation that inserts the argument
// keys on the field, and, for a number an interface method returns,
// every implementation of that method reads it as a sequence. The result
// holds, for each fact, the findings at its claims.
func Join(facts []*sqlextract.JoinFact) [][]Finding {
	inserts := map[sqlextract.Method][]sqlextract.JoinInsert{}
	reads := map[sqlextract.Method][]sqlextract.JoinRead{}
	for _, f := range facts {
		for _, ins := range f.Inserts {
			inserts[ins.Method] = append(inserts[ins.Method], ins)
		}
		for _, r := range f.Reads {
			reads[r.Method] = append(reads[r.Method], r)
		}
	}
	out := make([][]Finding, len(facts))
	for i, f := range facts {
		for _, c := range f.Claims {
			if found, ok := joinClaim(c, inserts[c.Method], reads); ok {
				out[i] = append(out[i], found)
			}
		}
	}
	return out
}

// joinClaim reports a claim when its implementations agree.
func joinClaim(c sqlextract.JoinClaim, impls []sqlextract.JoinInsert, reads map[sqlextract.Method][]sqlextract.JoinRead) (Finding, bool) {
	if len(impls) == 0 {
		return Finding{}, false
	}
	// Every receiver that inserts the argument must key on the field;
	// the same package seen twice (plain and as a test's) says the same.
	var keyed []sqlextract.JoinInsert
	var first *sqlextract.JoinKeyed
	agree := map[string]bool{}
	var recvs []string
	for _, ins := range impls {
		if ins.Param != c.Param {
			continue
		}
		if _, seen := agree[ins.Recv]; !seen {
			agree[ins.Recv] = false
			recvs = append(recvs, ins.Recv)
		}
		for _, k := range ins.Keyed {
			if k.Field == c.Field && (k.Merge || c.Sequence) {
				agree[ins.Recv] = true
				if !slices.ContainsFunc(keyed, func(o sqlextract.JoinInsert) bool { return o.Pos == ins.Pos }) {
					keyed = append(keyed, ins)
				}
				if first == nil {
					k := k
					first = &k
				}
			}
		}
	}
	if len(recvs) == 0 {
		return Finding{}, false
	}
	for _, r := range recvs {
		if !agree[r] {
			return Finding{}, false // an implementation whose keys the field does not make
		}
	}
	how := c.Made
	var notes []Note
	if c.Read != nil {
		rs := reads[*c.Read]
		if len(rs) == 0 {
			return Finding{}, false
		}
		seq := ""
		for _, r := range rs {
			plain := r.Seq == "max()" || r.Seq == "count()"
			if r.Result != c.Result || plain && !c.Plus || seq != "" && r.Seq != seq {
				return Finding{}, false
			}
			seq = r.Seq
			if !slices.ContainsFunc(notes, func(n Note) bool { return n.Pos == r.Pos }) {
				notes = append(notes, Note{r.Pos, fmt.Sprintf("%s.%s returns %s read by its query", r.Recv, r.Method.Name, r.Seq)})
			}
		}
		if c.Plus && (seq == "max()" || seq == "count()") {
			seq += "+1"
		}
		how = seq + " read by " + c.ReadName
	}
	var related []Note
	for _, ins := range keyed {
		for _, k := range ins.Keyed {
			if k.Field == c.Field && (k.Merge || c.Sequence) {
				related = append(related, Note{ins.Pos, fmt.Sprintf("%s.%s inserts %s into %s.%s, %s", ins.Recv, ins.Method.Name, c.Field, ins.Table, k.Column, k.Key)})
				break
			}
		}
	}
	related = append(related, notes...)
	impl := "its implementation inserts"
	if len(recvs) > 1 {
		impl = fmt.Sprintf("its %d implementations insert", len(recvs))
	}
	msg := fmt.Sprintf("key %s of %s is bound to %s, %s, through %s (%s %s into it); %s; %s",
		first.Column, keyed[0].Table, c.Value, how, c.Callee, impl, c.Field, why, remedy)
	end := c.End
	end.Filename = c.Pos.Filename
	return Finding{Pos: c.Pos, End: end, Message: msg, Related: related}, true
}
