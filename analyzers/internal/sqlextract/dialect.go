package sqlextract

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

// dialects maps the dialects of the rules' sql-drivers to sqlcheck's.
var dialects = map[string]sqlcheck.Dialect{
	"postgresql": sqlcheck.PostgreSQL,
	"mysql":      sqlcheck.MySQL,
	"sqlite":     sqlcheck.SQLite,
}

// driverDialect returns the dialect of the driver at path, if it is one
// of the rules' sql-drivers.
func driverDialect(r *rules.Rules, path string) (sqlcheck.Dialect, bool) {
	d, ok := r.SQLDialect(path)
	return dialects[d], ok && dialects[d] != sqlcheck.DialectUnknown
}

// maxImportWalk bounds the packages visited for drivers.
const maxImportWalk = 2000

// importedDialects returns which dialects the drivers (rules:
// sql-drivers) that pkg imports, directly or through its imports, speak:
// a set over PostgreSQL, MySQL and SQLite, indexed by sqlcheck.Dialect.
// The standard library (a path whose first element has no dot, unless it
// is the first element of pkg's own path, as in a module named myapp) is
// not entered, and the walk stops after maxImportWalk packages. The
// imports of a package loaded from export data are the ones its API
// refers to, so a driver imported for its side effect deep in a
// dependency may be missed; the placeholders decide then.
func importedDialects(r *rules.Rules, pkg *types.Package) [sqlcheck.MySQLOrSQLite]bool {
	var found [sqlcheck.MySQLOrSQLite]bool
	own, _, _ := strings.Cut(pkg.Path(), "/")
	seen := map[*types.Package]bool{pkg: true}
	queue := []*types.Package{pkg}
	for len(queue) > 0 && len(seen) <= maxImportWalk {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if d, ok := driverDialect(r, imp.Path()); ok {
				found[d] = true
				continue // a driver's own imports say nothing more
			}
			if first, _, _ := strings.Cut(imp.Path(), "/"); !strings.Contains(first, ".") && first != own {
				continue // the standard library imports no driver
			}
			queue = append(queue, imp)
		}
	}
	return found
}

// dialect decides the dialect of q's text: the client the call goes
// through, if it talks to one database (pgx); else the drivers the
// package imports, if they speak one dialect; else the placeholders of
// the text among the dialects imported (? with both MySQL and SQLite
// imported, or with neither, is MySQL or SQLite), unless the sink
// rebinds ? for any driver (gorm); else unknown, read as PostgreSQL.
func (x *extractor) dialect(q *Query) sqlcheck.Dialect {
	if q.Callee != nil && q.Callee.Pkg() != nil {
		if d, ok := driverDialect(x.rules, q.Callee.Pkg().Path()); ok {
			return d
		}
	}
	if !x.dialectsDone {
		x.dialects = importedDialects(x.rules, x.pass.Pkg)
		x.dialectsDone = true
	}
	found := x.dialects
	var only sqlcheck.Dialect
	n := 0
	for d, ok := range found {
		if ok {
			only = sqlcheck.Dialect(d)
			n++
		}
	}
	if n == 1 {
		return only
	}
	if q.Sink != nil && q.Sink.Rebinds {
		return sqlcheck.DialectUnknown // gorm's ? is every database's
	}
	switch sqlcheck.PlaceholderDialect(q.Text) {
	case sqlcheck.PostgreSQL:
		return sqlcheck.PostgreSQL
	case sqlcheck.MySQLOrSQLite:
		switch {
		case found[sqlcheck.MySQL] && !found[sqlcheck.SQLite]:
			return sqlcheck.MySQL
		case found[sqlcheck.SQLite] && !found[sqlcheck.MySQL]:
			return sqlcheck.SQLite
		}
		return sqlcheck.MySQLOrSQLite
	}
	return sqlcheck.DialectUnknown
}
