package rules_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/rules"
)

// known stands for analyzers.Names(), which rules cannot import.
var known = []string{"nojitter", "unbounded"}

// yaml turns a test's indented YAML into a file: a leading newline goes, and
// tabs, which YAML forbids, become two spaces.
func yaml(s string) []byte {
	return []byte(strings.ReplaceAll(strings.TrimPrefix(s, "\n"), "\t", "  "))
}

func TestParsePackErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"named sink with args", `
sql-sinks:
  - {call: "(*example.com/db.DB).NamedExec", query: 0, args: 1, named: db}
`, `rules: p.yaml:2: sql-sinks: (*example.com/db.DB).NamedExec: named binds the one argument after the query: give query, not args or table`},
		{"named sink bad key", `
sql-sinks:
  - {call: "(*example.com/db.DB).NamedExec", query: 0, named: "db:x"}
`, `rules: p.yaml:2: sql-sinks: (*example.com/db.DB).NamedExec: named "db:x" is not a struct tag key like db`},
		{"terminal wrapper without keeps-nil", `
terminal-wrappers:
  - {call: example.com/retry.Stop}
`, `rules: p.yaml:2: terminal-wrappers: example.com/retry.Stop: keeps-nil is required: true when the wrapper returns nil for a nil error`},
		{"terminal wrapper bad name", `
terminal-wrappers:
  - {call: "retry.Stop()", keeps-nil: true}
`, `rules: p.yaml:2: terminal-wrappers: call "retry.Stop()" is not a function name like pkg.Func`},
		// Decoding.
		{"syntax", `
retries: [
`, `rules: p.yaml:1: did not find expected node content`},
		{"syntax later", `
library: x
doc: "unterminated
`, `rules: p.yaml:2: found unexpected end of stream`},
		{"unknown anchor", `
library: *nowhere
`, `rules: p.yaml: unknown anchor 'nowhere' referenced`},
		{"two documents", `
library: x
---
library: y
`, `rules: p.yaml:3: a file holds one YAML document; remove the second (---)`},
		{"syntax in the second document", `
library: x
---
[
`, `rules: p.yaml:3: did not find expected node content`},
		{"not a mapping", `
- library: x
`, `rules: p.yaml:1: expected a mapping, found a list`},
		{"unknown field with suggestion", `
library: x
retires: []
`, `rules: p.yaml:2: unknown field "retires" (did you mean "retries"?)`},
		{"unknown nested field with suggestion", `
retries:
	- call: a.Retry
	  operation: 0
	  polcy: 1
`, `rules: p.yaml:4: unknown field "polcy" (did you mean "policy"?)`},
		{"unknown field without suggestion", `
waits:
	- {call: time.Sleep, delay: 0, duration: 1}
`, `rules: p.yaml:2: unknown field "duration" (known: call, delay)`},
		{"duplicate field", `
library: x
library: y
`, `rules: p.yaml:2: field "library" given twice`},
		{"duplicate field in flow mapping", `
retries:
	- {call: a.Retry, operation: 0, operation: 1}
`, `rules: p.yaml:2: field "operation" given twice`},
		{"string for a list", `
random: math/rand
`, `rules: p.yaml:1: expected a list, found "math/rand"`},
		{"list for a string", `
library: [a, b]
`, `rules: p.yaml:1: expected a string, found a list`},
		{"number for a string", `
doc: 3
`, `rules: p.yaml:1: expected a string, found "3"`},
		{"mapping for a list item string", `
random:
	- {path: math/rand}
`, `rules: p.yaml:2: expected a name, found a mapping`},
		{"yes for a boolean", `
values:
	- {call: a.New, set: {jitter: yes}}
`, `rules: p.yaml:2: expected true or false, found "yes"`},
		{"number for a boolean", `
values:
	- call: a.New
	  set:
	    attempts: 1
`, `rules: p.yaml:4: expected true or false, found "1"`},
		{"mapping for a boolean", `
values:
	- {call: a.New, set: {jitter: {on: true}}}
`, `rules: p.yaml:2: expected a boolean, found a mapping`},
		{"error through an alias", `
library: &name [a]
doc: *name
`, `rules: p.yaml:1: expected a string, found a list`},
		{"list for a mapping", `
values:
	- {call: a.New, set: [jitter]}
`, `rules: p.yaml:2: expected a mapping, found a list`},
		{"equals a string", `
values:
	- call: a.WithFactor
	  arg: 0
	  when:
	    - equals: zero
	      set: {jitter: false}
`, `rules: p.yaml:5: equals takes a number or true/false, not "zero"`},
		{"equals a quoted number", `
values:
	- {call: a.WithFactor, arg: 0, when: [{equals: "0", set: {jitter: false}}]}
`, `rules: p.yaml:2: equals takes a number or true/false, not "0"`},
		{"equals a list", `
values:
	- {call: a.WithFactor, arg: 0, when: [{equals: [0], set: {jitter: false}}]}
`, `rules: p.yaml:2: equals takes a number or true/false, not a list`},
		{"negative arg", `
retries:
	- {call: a.Retry, operation: -1}
`, `rules: p.yaml:2: argument must be an index >= 0 or "receiver", not "-1"`},
		{"word arg", `
retries:
	- {call: a.Retry, operation: first}
`, `rules: p.yaml:2: argument must be an index >= 0 or "receiver", not "first"`},
		{"list arg", `
retries:
	- {call: a.Retry, operation: [0]}
`, `rules: p.yaml:2: argument must be an index >= 0 or "receiver", not a list`},

		// Retries and clients.
		{"malformed retry name", `
retries:
	- {call: Retry, operation: 0}
`, `rules: p.yaml:2: retries: call "Retry" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"malformed method name", `
retries:
	- {call: "*a.T.Do", operation: 0}
`, `rules: p.yaml:2: retries: call "*a.T.Do" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"malformed client name", `
clients:
	- {call: "a.New()"}
`, `rules: p.yaml:2: clients: call "a.New()" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"missing operation", `
retries:
	- {call: example.com/retry.Do, policy: 1}
`, `rules: p.yaml:2: retries: example.com/retry.Do: operation is required`},
		{"client with operation", `
clients:
	- {call: example.com/http.NewClient, operation: 0}
`, `rules: p.yaml:2: clients: example.com/http.NewClient: a client has no operation argument`},
		{"configures outside clients", `
retries:
	- {call: "(*example.com/http.Client).SetRetries", operation: 0, configures: receiver}
`, `rules: p.yaml:2: retries: (*example.com/http.Client).SetRetries: configures and count describe a client: put the row in clients`},
		{"count outside clients", `
retries:
	- {call: example.com/retry.Do, operation: 0, count: 1}
`, `rules: p.yaml:2: retries: example.com/retry.Do: configures and count describe a client: put the row in clients`},
		{"configures receiver of a function", `
clients:
	- {call: example.com/http.SetRetries, configures: receiver}
`, `rules: p.yaml:2: example.com/http.SetRetries: configures cannot be the receiver`},
		{"count the receiver", `
clients:
	- {call: "(*example.com/http.Client).SetRetries", configures: receiver, count: receiver}
`, `rules: p.yaml:2: (*example.com/http.Client).SetRetries: count cannot be the receiver`},
		{"retries not a boolean", `
clients:
	- {call: example.com/http.NewClient, default: {retries: 3}}
`, `rules: p.yaml:2: expected true or false, found "3"`},
		{"repeated argument", `
retries:
	- {call: example.com/retry.Do, operation: 1, policy: 2, context: 1}
`, `rules: p.yaml:2: example.com/retry.Do: operation and context are the same argument 1`},
		{"repeated receiver", `
clients:
	- {call: (*example.com/http.Client).Do, policy: receiver, options: receiver}
`, `rules: p.yaml:2: (*example.com/http.Client).Do: options cannot be the receiver`},
		{"arg out of range", `
retries:
	- {call: example.com/retry.Do, operation: 9}
`, `rules: p.yaml:2: example.com/retry.Do: operation argument 9 is out of range (at most 8)`},
		{"receiver on a non-method", `
retries:
	- {call: example.com/retry.Do, operation: 0, policy: receiver}
`, `rules: p.yaml:2: example.com/retry.Do: policy cannot be the receiver`},
		{"operation as receiver", `
retries:
	- {call: (*example.com/retry.R).Do, operation: receiver}
`, `rules: p.yaml:2: (*example.com/retry.R).Do: operation cannot be the receiver`},
		{"retry fix without label", `
retries:
	- call: example.com/retry.Do
	  operation: 0
	  fix: {replace: "x"}
`, `rules: p.yaml:4: example.com/retry.Do: fix: label is required`},
		{"retry fix adding a field", `
retries:
	- call: example.com/retry.Do
	  operation: 0
	  fix: {label: "Add jitter", add-field: "Jitter: true"}
`, `rules: p.yaml:4: example.com/retry.Do: fix: add-field applies to a literal only`},

		// A database client's cap: retries-on, default-retries, unlimited,
		// and the attempts option set on a context.
		{"retries-on without framework", `
retries:
	- {call: example.com/db.InTx, operation: 1, retries-on: serialization failure}
`, `rules: p.yaml:2: example.com/db.InTx: retries-on names the error a framework retries on: name it in framework`},
		{"default-retries without context", `
retries:
	- {call: example.com/db.InTx, operation: 1, framework: db, retries-on: serialization failure, default-retries: 10, default: {attempts: true}}
`, `rules: p.yaml:2: example.com/db.InTx: default-retries needs retries-on and context`},
		{"default-retries of zero", `
retries:
	- {call: example.com/db.InTx, operation: 1, context: 0, framework: db, retries-on: serialization failure, default-retries: 0, default: {attempts: true}}
`, `rules: p.yaml:2: example.com/db.InTx: default-retries is 0; a retry runs the operation again at least once`},
		{"default-retries with no cap", `
retries:
	- {call: example.com/db.InTx, operation: 1, context: 0, framework: db, retries-on: serialization failure, default-retries: 10}
`, `rules: p.yaml:2: example.com/db.InTx: default-retries is a cap: the default needs attempts: true`},
		{"unlimited without default-retries", `
retries:
	- call: example.com/db.InTx
	  operation: 1
	  framework: db
	  unlimited: 0
`, `rules: p.yaml:2: example.com/db.InTx: unlimited lifts the cap default-retries sets: give default-retries`},
		{"unlimited negative", `
retries:
	- {call: example.com/db.InTx, operation: 1, context: 0, framework: db, retries-on: serialization failure, default-retries: 10, unlimited: -1, default: {attempts: true}}
`, `rules: p.yaml:2: example.com/db.InTx: unlimited is -1; a number of retries is not negative`},
		{"context option without framework", `
attempts:
	- {call: example.com/db.WithRetries, context: 0, arg: 1, counts: retries}
`, `rules: p.yaml:2: attempts: example.com/db.WithRetries: an option set on a context is a call with both context and framework`},
		{"context option on a field", `
attempts:
	- {field: example.com/db.Options.Retries, context: 0, framework: db, counts: retries}
`, `rules: p.yaml:2: attempts: example.com/db.Options.Retries: an option set on a context is a call with both context and framework`},
		{"context option reading its context", `
attempts:
	- {call: example.com/db.WithRetries, context: 0, arg: 0, framework: db, counts: retries}
`, `rules: p.yaml:2: attempts: example.com/db.WithRetries: context and arg are the same argument 0`},

		// Values.
		{"value naming nothing", `
values:
	- {set: {jitter: true}}
`, `rules: p.yaml:2: values: an entry names exactly one of call, func, var, literal, field (found 0)`},
		{"value naming two", `
values:
	- {call: a.New, literal: a.Backoff, set: {jitter: true}}
`, `rules: p.yaml:2: values: an entry names exactly one of call, func, var, literal, field (found 2)`},
		{"malformed call", `
values:
	- {call: "(a.T.New", set: {jitter: true}}
`, `rules: p.yaml:2: values: call "(a.T.New" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"malformed func", `
values:
	- {func: BackOffDelay, set: {jitter: false}}
`, `rules: p.yaml:2: values: func "BackOffDelay" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"malformed var", `
values:
	- {var: "a.Default.Backoff()", set: {jitter: false}}
`, `rules: p.yaml:2: values: var "a.Default.Backoff()" is not a name like pkg/path.Name`},
		{"malformed literal", `
values:
	- {literal: "*a.Backoff", set: {jitter: false}}
`, `rules: p.yaml:2: values: literal "*a.Backoff" is not a name like pkg/path.Name`},
		{"malformed field", `
values:
	- {field: a.Jitter, set: {jitter: true}}
`, `rules: p.yaml:2: values: field "a.Jitter" is not a name like pkg/path.Type.Field`},
		{"literal with options", `
values:
	- {literal: a.Backoff, options: 0, set: {jitter: false}}
`, `rules: p.yaml:2: values: a.Backoff: wraps, options and context go with call (a field may wrap 0, the assigned value)`},
		{"func with wraps", `
values:
	- {func: a.Delay, wraps: 0}
`, `rules: p.yaml:2: values: a.Delay: wraps, options and context go with call (a field may wrap 0, the assigned value)`},
		{"field with context", `
values:
	- {field: a.Backoff.Ctx, context: 0}
`, `rules: p.yaml:2: values: a.Backoff.Ctx: wraps, options and context go with call (a field may wrap 0, the assigned value)`},
		{"field with arg 1", `
values:
	- {field: a.Backoff.Factor, arg: 1, when: [{equals: 0, set: {jitter: false}}]}
`, `rules: p.yaml:2: values: a.Backoff.Factor: a field has one argument, 0, the value assigned`},
		{"field wrapping 1", `
values:
	- {field: a.Backoff.Next, wraps: 1}
`, `rules: p.yaml:2: values: a.Backoff.Next: a field has one argument, 0, the value assigned`},
		{"value arg out of range", `
values:
	- {call: a.WithFactor, arg: 12, when: [{equals: 0, set: {jitter: false}}]}
`, `rules: p.yaml:2: a.WithFactor: arg argument 12 is out of range (at most 8)`},
		{"value wraps receiver of a function", `
values:
	- {call: a.WithContext, wraps: receiver}
`, `rules: p.yaml:2: a.WithContext: wraps cannot be the receiver`},
		{"value: first bad argument reported", `
values:
	- {call: a.With, wraps: 9, arg: 10, when: [{set: {jitter: true}}]}
`, `rules: p.yaml:2: a.With: wraps argument 9 is out of range (at most 8)`},
		{"when without arg", `
values:
	- call: a.WithFactor
	  when:
	    - {equals: 0, set: {jitter: false}}
`, `rules: p.yaml:2: values: a.WithFactor: when needs arg, the argument it looks at`},
		{"value saying nothing", `
values:
	- {call: a.New}
`, `rules: p.yaml:2: values: a.New says nothing: give set, when, wraps, options or context`},
		{"case without equals not last", `
values:
	- call: a.WithFactor
	  arg: 0
	  when:
	    - set: {jitter: true}
	    - {equals: 0, set: {jitter: false}}
`, `rules: p.yaml:5: values: a.WithFactor: a case without equals matches everything, so it must be the last`},
		{"case fix without label", `
values:
	- call: a.WithFactor
	  arg: 0
	  when:
	    - equals: 0
	      set: {jitter: false}
	      fix: {replace: "a.WithFactor(0.5)"}
`, `rules: p.yaml:7: a.WithFactor: fix: label is required`},
		{"fix with replace and add-field", `
values:
	- literal: a.Backoff
	  set: {jitter: false}
	  fix: {label: "Add jitter", replace: "x", add-field: "Jitter: true"}
`, `rules: p.yaml:4: a.Backoff: fix: give exactly one of replace and add-field`},
		{"fix with neither", `
values:
	- literal: a.Backoff
	  set: {jitter: false}
	  fix: {label: "Add jitter"}
`, `rules: p.yaml:4: a.Backoff: fix: give exactly one of replace and add-field`},
		{"add-field on a call", `
values:
	- call: a.NewConstant
	  set: {jitter: false}
	  fix: {label: "Add jitter", add-field: "Jitter: true"}
`, `rules: p.yaml:4: a.NewConstant: fix: add-field applies to a literal only`},

		// Waits and random sources.
		{"malformed wait", `
waits:
	- {call: Sleep, delay: 0}
`, `rules: p.yaml:2: waits: call "Sleep" is not a function name like time.Sleep or (*pkg.T).Method`},
		{"wait without delay", `
waits:
	- {call: time.Sleep}
`, `rules: p.yaml:2: waits: time.Sleep: delay is required`},
		{"wait delay out of range", `
waits:
	- {call: time.Sleep, delay: 100}
`, `rules: p.yaml:2: time.Sleep: delay argument 100 is out of range (at most 8)`},
		{"wait delay in the receiver of a function", `
waits:
	- {call: time.Sleep, delay: receiver}
`, `rules: p.yaml:2: time.Sleep: delay cannot be the receiver`},
		{"malformed random", `
random:
	- math/rand
	- "math rand"
`, `rules: p.yaml:3: random: "math rand" is not a package path`},
		// SQL drivers.
		{"sql driver with an unknown dialect", `
sql-drivers:
	- {package: example.com/db/oracle, dialect: oracle}
`, `rules: p.yaml:2: sql-drivers: example.com/db/oracle: dialect "oracle" is not one of postgresql, mysql, sqlite`},
		{"sql driver that is not a package", `
sql-drivers:
	- {package: "my sql", dialect: mysql}
`, `rules: p.yaml:2: sql-drivers: "my sql" is not a package path`},
		// ORM inserts.
		{"orm insert with no model", `
orm-inserts:
	- {call: "(*example.com/orm.DB).Create", naming: gorm}
`, `rules: p.yaml:2: orm-inserts: (*example.com/orm.DB).Create: model is required`},
		{"orm insert with an unknown naming", `
orm-inserts:
	- {call: "(*example.com/orm.DB).Create", model: 0, naming: hibernate}
`, `rules: p.yaml:2: orm-inserts: (*example.com/orm.DB).Create: naming "hibernate" is not gorm or bun`},
		{"orm insert with a base model that is not a type", `
orm-inserts:
	- {call: "(*example.com/orm.Query).Exec", model: 0, naming: bun, base-model: "orm Base"}
`, `rules: p.yaml:2: orm-inserts: (*example.com/orm.Query).Exec: base-model "orm Base" is not a type name like pkg.T`},
		// Insert builders.
		{"insert builder with no table", `
insert-builders:
	- {starts: [example.com/qb.Insert], runs: ["(example.com/qb.InsertBuilder).Exec"]}
`, `rules: p.yaml:2: insert-builders: table is required (the start's table argument)`},
		{"insert builder with nothing that runs it", `
insert-builders:
	- {starts: [example.com/qb.Insert], table: 0}
`, `rules: p.yaml:2: insert-builders: runs or text is required (the calls that execute the INSERT or return its SQL)`},
		{"insert builder with a call that is not a name", `
insert-builders:
	- {starts: [example.com/qb.Insert], table: 0, columns: ["qb Columns"], runs: ["(example.com/qb.InsertBuilder).Exec"]}
`, `rules: p.yaml:2: insert-builders: columns: "qb Columns" is not a function name like pkg.Func or (pkg.T).Method`},
		// Contexts, clocks and growth.
		{"context with neither", `
contexts:
	- {call: context.Background}
`, `rules: p.yaml:2: contexts: context.Background: give exactly one of ends and parent`},
		{"context with both", `
contexts:
	- {call: context.WithValue, ends: true, parent: 0}
`, `rules: p.yaml:2: contexts: context.WithValue: give exactly one of ends and parent`},
		{"malformed context", `
contexts:
	- {call: "context Background", ends: false}
`, `rules: p.yaml:2: contexts: call "context Background" is not a function name like pkg.Func`},
		{"context parent out of range", `
contexts:
	- {call: context.WithValue, parent: 12}
`, `rules: p.yaml:2: context.WithValue: parent argument 12 is out of range (at most 8)`},
		{"malformed clock", `
clocks:
	- time.Now
	- "time Since"
`, `rules: p.yaml:3: clocks: "time Since" is not a function name like pkg.Func or (pkg.T).Method`},
		{"malformed growth", `
growth:
	- math.Pow(2)
`, `rules: p.yaml:2: growth: "math.Pow(2)" is not a function name like pkg.Func or (pkg.T).Method`},
		{"malformed record", `
records:
	- go.uber.org/zap
	- "log Printf"
`, `rules: p.yaml:3: records: "log Printf" is neither a package path nor a function name like pkg.Func`},
		{"malformed signer", `
signs:
	- crypto/hmac.New(x)
`, `rules: p.yaml:2: signs: "crypto/hmac.New(x)" is not a package path`},
		{"malformed remote package", `
remote:
	- net/http
	- (*net/http.Client).Do
`, `rules: p.yaml:3: remote: "(*net/http.Client).Do" is not a package path`},
		{"time unit not a method", `
time-units:
  - {call: time.Now, makes: component}
`, `rules: p.yaml:2: time-units: call "time.Now" is not a method name like (pkg.T).Method`},
		{"time unit without makes", `
time-units:
  - call: (time.Time).Day
`, `rules: p.yaml:2: time-units: (time.Time).Day: makes "" is not one of component, truncate, format`},
		{"time unit made unknown way", `
time-units:
  - {call: (time.Time).Day, makes: day}
`, `rules: p.yaml:2: time-units: (time.Time).Day: makes "day" is not one of component, truncate, format`},
		{"time unit truncate without arg", `
time-units:
  - {call: (time.Time).Truncate, makes: truncate}
`, `rules: p.yaml:2: time-units: (time.Time).Truncate: arg is required with makes: truncate`},
		{"time unit component with arg", `
time-units:
  - {call: (time.Time).Year, makes: component, arg: 0}
`, `rules: p.yaml:2: time-units: (time.Time).Year: arg is for truncate and format, not component`},
		{"time unit format arg out of range", `
time-units:
  - {call: (time.Time).Format, makes: format, arg: 9}
`, `rules: p.yaml:2: time-units: (time.Time).Format: arg (the layout or duration) argument 9 is out of range (at most 8)`},
		{"time unit arg receiver", `
time-units:
  - {call: (time.Time).Format, makes: format, arg: receiver}
`, `rules: p.yaml:2: time-units: (time.Time).Format: arg (the layout or duration) cannot be the receiver`},
		{"time keep not a method", `
time-keeps:
  - {call: time.Unix}
`, `rules: p.yaml:2: time-keeps: call "time.Unix" is not a method name like (pkg.T).Method`},
		{"time keep unknown field", `
time-keeps:
  - {call: (time.Time).AddDate, bak: 2}
`, `rules: p.yaml:2: unknown field "bak" (did you mean "back"?)`},
		{"time keep back out of range", `
time-keeps:
  - {call: (time.Time).AddDate, back: 12}
`, `rules: p.yaml:2: time-keeps: (time.Time).AddDate: back argument 12 is out of range (at most 8)`},
		{"retry option with call and field", `
retry-options:
	- {call: example.com/wf.WithOptions, field: example.com/wf.Options.Policy, sets: policy}
`, `rules: p.yaml:2: retry-options: give exactly one of call and field`},
		{"retry option sets unknown", `
retry-options:
	- {field: example.com/wf.Options.Policy, sets: policies}
`, `rules: p.yaml:2: retry-options: example.com/wf.Options.Policy: sets "policies" is not options, policy, elapsed, terminal-types or run-elapsed`},
		{"retry option field with arg", `
retry-options:
	- {field: example.com/wf.Options.Policy, sets: policy, arg: 1}
`, `rules: p.yaml:2: retry-options: example.com/wf.Options.Policy: a field is named pkg.Type.Field and takes no arg, context or for`},
		{"retry option field malformed", `
retry-options:
	- {field: Policy, sets: policy}
`, `rules: p.yaml:2: retry-options: Policy: a field is named pkg.Type.Field and takes no arg, context or for`},
		{"retry option call without for", `
retry-options:
	- {call: example.com/wf.WithOptions, context: 0, arg: 1, sets: options}
`, `rules: p.yaml:2: retry-options: example.com/wf.WithOptions: a call needs a function name, its context and arg, and the dispatches it is for`},
		{"retry option call for malformed", `
retry-options:
	- call: example.com/wf.WithOptions
	  context: 0
	  arg: 1
	  sets: options
	  for:
	    - example.com/wf.Execute
	    - "wf Execute"
`, `rules: p.yaml:8: retry-options: example.com/wf.WithOptions: for "wf Execute" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"retry option call sets run-elapsed", `
retry-options:
	- {call: example.com/wf.WithRunTimeout, for: [example.com/wf.Execute], context: 0, arg: 1, sets: run-elapsed}
`, `rules: p.yaml:2: retry-options: example.com/wf.WithRunTimeout: run-elapsed is a field of a start option, not a call`},
		{"retry option context is arg", `
retry-options:
	- {call: example.com/wf.WithOptions, for: [example.com/wf.Execute], context: 1, arg: 1, sets: options}
`, `rules: p.yaml:2: retry-options: example.com/wf.WithOptions: context and arg are the same argument`},
		{"retry option arg out of range", `
retry-options:
	- {call: example.com/wf.WithOptions, for: [example.com/wf.Execute], context: 0, arg: 9, sets: options}
`, `rules: p.yaml:2: example.com/wf.WithOptions: arg argument 9 is out of range (at most 8)`},
		{"retry option misspelt key", `
retry-options:
	- {field: example.com/wf.Options.Policy, set: policy}
`, `rules: p.yaml:2: unknown field "set" (did you mean "sets"?)`},
		// Malformed names: an element of the path is empty, or starts or
		// ends with a dot.
		{"name with two dots", `
retries:
	- {call: retryx..Do, operation: 0}
`, `rules: p.yaml:2: retries: call "retryx..Do" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"name with an empty path element", `
waits:
	- {call: example.com//clock.Sleep, delay: 0}
`, `rules: p.yaml:2: waits: call "example.com//clock.Sleep" is not a function name like time.Sleep or (*pkg.T).Method`},
		{"name with a path element that starts with a dot", `
effects:
	- {call: example.com/.hidden.Send, class: external, what: sends}
`, `rules: p.yaml:2: effects: call "example.com/.hidden.Send" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"name with a leading slash", `
effects:
	- {call: /example.com/q.Send, class: external, what: sends}
`, `rules: p.yaml:2: effects: call "/example.com/q.Send" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"method with two dots", `
sql-sinks:
	- {call: "(*example.com/db..DB).Exec", query: 0}
`, `rules: p.yaml:2: sql-sinks: call "(*example.com/db..DB).Exec" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"method without a name", `
effects:
	- {call: "(*example.com/q.Client).", class: external, what: sends}
`, `rules: p.yaml:2: effects: call "(*example.com/q.Client)." is not a function name like pkg.Func or (*pkg.T).Method`},
		// Two rows of one list for one name: the later would win without
		// a word.
		{"duplicate retry", `
retries:
	- {call: example.com/r.Do, operation: 0}
	- {call: example.com/r.Go, operation: 0}
	- {call: example.com/r.Do, operation: 1}
`, `rules: p.yaml:4: retries: duplicate row for example.com/r.Do (first at line 2)`},
		{"duplicate effect, with and without type parameters", `
effects:
	- {call: "(*example.com/q.Client[T]).Send", class: external, what: sends a message}
	- {call: "(*example.com/q.Client).Send", class: appends, what: appends a message}
`, `rules: p.yaml:3: effects: duplicate row for (*example.com/q.Client).Send (first at line 2)`},
		{"duplicate literal", `
values:
	- {literal: example.com/r.Policy, set: {jitter: false}}
	- {literal: example.com/r.Policy, set: {jitter: true}}
`, `rules: p.yaml:3: values: duplicate row for literal example.com/r.Policy (first at line 2)`},
		{"duplicate sink", `
sql-sinks:
	- {call: "(*example.com/db.DB).Exec", query: 0}
	- {call: "(*example.com/db.DB).Exec", query: 1}
`, `rules: p.yaml:3: sql-sinks: duplicate row for (*example.com/db.DB).Exec (first at line 2)`},
		{"duplicate wait", `
waits:
	- {call: time.Sleep, delay: 0}
	- {call: time.Sleep, delay: 0}
`, `rules: p.yaml:3: waits: duplicate row for time.Sleep (first at line 2)`},
		{"duplicate idempotent endpoint", `
idempotent-endpoints:
	- {path: /token, why: issues a token}
	- {path: /token, why: issues another}
`, `rules: p.yaml:3: idempotent-endpoints: duplicate row for /token (first at line 2)`},
		{"idempotent endpoint that is not a path's end", `
idempotent-endpoints:
	- {path: token, why: issues a token}
`, `rules: p.yaml:2: idempotent-endpoints: path "token" is not the end of a URL path, from a slash, like /token`},
		{"idempotent endpoint with a query", `
idempotent-endpoints:
	- {path: "/token?grant_type=x", why: issues a token}
`, `rules: p.yaml:2: idempotent-endpoints: path "/token?grant_type=x" is not the end of a URL path, from a slash, like /token`},
		{"idempotent endpoint without why", `
idempotent-endpoints:
	- {path: /token}
`, `rules: p.yaml:2: idempotent-endpoints: /token: why is required (what the protocol makes of a second request)`},
		{"idempotent row with a url", `
effects:
	- {call: example.com/auth.Fetch, class: idempotent, what: fetches a token, url: 0}
`, `rules: p.yaml:2: effects: example.com/auth.Fetch: class idempotent takes no request, method, url, command, append-file or safe-with: the call is safe to repeat whatever it is given`},
		{"request url out of range", `
http-requests:
	- {call: example.com/h.NewRequest, method: 0, url: 99}
`, `rules: p.yaml:2: example.com/h.NewRequest: url argument 99 is out of range (at most 8)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := rules.ParsePack("p.yaml", yaml(tc.src))
			if err == nil {
				t.Fatalf("ParsePack = %+v, want error %s", p, tc.want)
			}
			if _, ok := err.(*rules.Error); !ok {
				t.Errorf("error is a %T, want *rules.Error", err)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n\t%s\nwant\n\t%s", err, tc.want)
			}
		})
	}
}

// Some YAML errors carry no line; the file is named all the same.
// The names go/types prints are accepted: a path with dots, ~, + and -
// in its elements, a last element with a dot (a module named like a
// file), methods of either receiver with or without type parameters, and
// identifiers beyond ASCII. One name may key rows of different lists.
func TestParsePackNames(t *testing.T) {
	_, err := rules.ParsePack("p.yaml", yaml(`
retries:
	- {call: time.Sleep, operation: 0}
	- {call: gopkg.in/yaml.v3.Marshal, operation: 0}
	- {call: github.com/nats-io/nats.go.Connect, operation: 0}
	- {call: example.com/a~b/c+d/x-y_z.Do, operation: 0}
	- {call: "(*net/http.Client).Do", operation: 0}
	- {call: "(github.com/sethvargo/go-retry.Backoff).Next", operation: 0}
	- {call: "(*github.com/failsafe-go/failsafe-go/retrypolicy.Builder[R]).Build", operation: 0}
	- {call: "(example.com/p.Map[K, V]).Get", operation: 0}
	- {call: example.com/p.Réessayer, operation: 0}
	- {call: example.com/v1.2/p.Do, operation: 0}
clients:
	- {call: time.Sleep}
values:
	- {func: example.com/p.Fixed, set: {jitter: false}}
	- {var: example.com/p.Fixed, set: {jitter: false}}
	- {field: example.com/p.Policy.Max, set: {attempts: true}}
`))
	if err != nil {
		t.Error(err)
	}
}

func TestParsePackTab(t *testing.T) {
	_, err := rules.ParsePack("p.yaml", []byte("\tlibrary: x\n"))
	if want := "rules: p.yaml: found character that cannot start any token"; err == nil || err.Error() != want {
		t.Errorf("ParsePack = %v, want %s", err, want)
	}
}

func TestParsePack(t *testing.T) {
	p, err := rules.ParsePack("p.yaml", yaml(`
library: example.com/platform/retry
doc: The company's retry helper.
retries:
	- call: example.com/platform/retry.Do
	  context: 0
	  policy: 1
	  operation: 2
	  default: {jitter: false, attempts: true}
clients:
	- {call: "(*example.com/platform/retry.Client[T]).Wrap", policy: receiver}
values:
	- call: example.com/platform/retry.WithJitter
	  arg: 0
	  when:
	    - equals: false
	      set: {jitter: false}
	      fix: {label: "Turn jitter on", replace: "{pkg}.WithJitter(true)"}
	    - equals: 1.5
	      set: {jitter: true}
	    - set: {jitter: true}
	- {field: example.com/platform/retry.Policy.Next, wraps: 0}
	- {literal: example.com/platform/retry.Policy, set: {jitter: false}, fix: {label: "Add jitter", add-field: "Jitter: true"}}
	- {var: example.com/platform/retry.Forever, set: {attempts: false, elapsed: false}}
	- {func: example.com/platform/retry.Fixed, set: {jitter: false}, fix: null}
	- {call: example.com/platform/retry.Shared, set: &shared {jitter: false}}
	- {call: example.com/platform/retry.Shared2, set: *shared}
waits:
	- {call: (*example.com/platform/clock.Clock).Sleep, delay: 0}
random: [example.com/platform/jitter]
`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Library != "example.com/platform/retry" || p.Doc != "The company's retry helper." {
		t.Errorf("Library, Doc = %q, %q", p.Library, p.Doc)
	}
	r := p.Retries[0]
	if r.Line != 4 || *r.Context != 0 || *r.Policy != 1 || *r.Operation != 2 || r.Options != nil {
		t.Errorf("retry = %+v", r)
	}
	if *r.Default.Jitter || !*r.Default.Attempts || r.Default.Elapsed != nil || r.Default.Cancel != nil {
		t.Errorf("retry default = %+v", r.Default)
	}
	if c := p.Clients[0]; *c.Policy != rules.Receiver || c.Policy.String() != "receiver" {
		t.Errorf("client policy = %v", c.Policy)
	}
	when := p.Values[0].When
	if len(when) != 3 || *when[0].Equals != "false" || *when[1].Equals != "1.5" || when[2].Equals != nil || when[0].Line != 15 {
		t.Errorf("when = %+v", when)
	}
	if f := when[0].Fix; f.Label != "Turn jitter on" || f.Replace != "{pkg}.WithJitter(true)" || f.Line != 17 {
		t.Errorf("fix = %+v", f)
	}
	var keys []string
	for _, v := range p.Values {
		keys = append(keys, v.Key())
	}
	if got, want := strings.Join(keys, " "), "example.com/platform/retry.WithJitter example.com/platform/retry.Policy.Next example.com/platform/retry.Policy example.com/platform/retry.Forever example.com/platform/retry.Fixed example.com/platform/retry.Shared example.com/platform/retry.Shared2"; got != want {
		t.Errorf("keys = %s, want %s", got, want)
	}
	if j := p.Values[6].Set.Jitter; j == nil || *j {
		t.Errorf("set: *shared decoded as %+v", p.Values[6].Set)
	}
	if p.Values[5].Fix != nil {
		t.Errorf("fix: null decoded as %+v", p.Values[5].Fix)
	}
	if w := p.Waits[0]; w.Call != "(*example.com/platform/clock.Clock).Sleep" || *w.Delay != 0 || w.Line != 28 {
		t.Errorf("wait = %+v", w)
	}
	if len(p.Random) != 1 || p.Random[0].Name != "example.com/platform/jitter" {
		t.Errorf("random = %v", p.Random)
	}
}

func TestParsePackEmpty(t *testing.T) {
	for _, src := range []string{"", "# nothing yet\n", "library: x\n---\n", "---\nlibrary: x\n"} {
		if _, err := rules.ParsePack("p.yaml", []byte(src)); err != nil {
			t.Errorf("ParsePack(%q): %v", src, err)
		}
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		// yaml.v3 counts a parser error's line from its context, 0-based:
		// the line above the unclosed list here.
		{"syntax", `
disable:
	checks: [nojitter
`, `rules: .retrylint.yml:1: did not find expected ',' or ']'`},
		{"unknown top-level field", `
disabled:
	checks: [nojitter]
`, `rules: .retrylint.yml:1: unknown field "disabled" (did you mean "disable"?)`},
		{"pack name malformed", `
packs:
	- library: example.com/retryx
	  retries:
	    - {call: retryx..Do, operation: 0}
`, `rules: .retrylint.yml:4: retries: call "retryx..Do" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"duplicate row in a pack", `
packs:
	- library: example.com/retryx
	  retries:
	    - {call: example.com/retryx.Do, operation: 0}
	    - {call: example.com/retryx.Do, operation: 1}
`, `rules: .retrylint.yml:5: retries: duplicate row for example.com/retryx.Do (first at line 4)`},
		{"duplicate row in two packs", `
packs:
	- library: example.com/retryx
	  effects:
	    - {call: example.com/q.Send, class: external, what: sends}
	- library: example.com/q
	  effects:
	    - {call: example.com/q.Send, class: appends, what: appends}
`, `rules: .retrylint.yml:7: effects: duplicate row for example.com/q.Send (first at line 4)`},
		{"onconflict scope unknown", `
onconflict:
	scope: some
`, `rules: .retrylint.yml:2: onconflict.scope: "some" is not all or retried`},
		{"test-support unknown", `
onconflict:
	scope: all
test-support: yes
`, `rules: .retrylint.yml:3: test-support: "yes" is not exclude or include`},
		{"test-support boolean", `
test-support: true
`, `rules: .retrylint.yml:1: test-support: "true" is not exclude or include`},
		{"test-support a list", `
test-support: [include]
`, `rules: .retrylint.yml:1: test-support: expected exclude or include, found a list`},
		{"test-support a mapping", `
test-support:
	include: true
`, `rules: .retrylint.yml:2: test-support: expected exclude or include, found a mapping`},
		{"schema glob matches nothing", `
schema:
	- db/migrations/*.up.sql
`, `rules: .retrylint.yml:2: schema: "db/migrations/*.up.sql" matches no file`},
		{"schema glob malformed", `
schema: ["db/[migrations/*.sql"]
`, `rules: .retrylint.yml:1: schema: "db/[migrations/*.sql" is not a valid glob: syntax error in pattern`},
		{"unknown disable field", `
disable:
	check: [nojitter]
`, `rules: .retrylint.yml:2: unknown field "check" (did you mean "checks"?)`},
		{"checks not a list", `
disable:
	checks: nojitter
`, `rules: .retrylint.yml:2: expected a list, found "nojitter"`},
		{"unknown check", `
disable:
	checks: [nojitter, nojiter]
`, `rules: .retrylint.yml:2: disable.checks: unknown check "nojiter" (known: nojitter, unbounded)`},
		{"bad rule name", `
disable:
	rules:
		- github.com/cenkalti/backoff/v4.Retry
		- "backoff.Retry()"
`, `rules: .retrylint.yml:2: disable.rules: "backoff.Retry()" is not a function, type, field or variable name`},
		{"packs not a list", `
packs:
	library: example.com/platform/retry
`, `rules: .retrylint.yml:2: expected a list, found a mapping`},
		{"error in a pack", `
disable:
	checks: [unbounded]
packs:
	- library: example.com/platform/retry
	  retries:
	    - {call: example.com/platform/retry.Do, policy: 1}
`, `rules: .retrylint.yml:6: retries: example.com/platform/retry.Do: operation is required`},
		{"unknown field in a pack", `
packs:
	- library: example.com/platform/retry
	  retries:
	    - {call: example.com/platform/retry.Do, operaton: 1}
`, `rules: .retrylint.yml:4: unknown field "operaton" (did you mean "operation"?)`},
		{"error in the second pack", `
packs:
	- library: a
	- library: b
	  waits: [{call: b.Sleep}]
`, `rules: .retrylint.yml:4: waits: b.Sleep: delay is required`},
		{"retried without func", `
retried:
	- {attempts: 3, by: Airflow task retries}
`, `rules: .retrylint.yml:2: retried: func is required: the function the orchestrator runs, as example.com/app/jobs.Run or (*example.com/app/jobs.Exporter).Run`},
		{"retried func malformed", `
retried:
	- func: example.com/app/jobs.Exporter.Run()
	  attempts: 3
	  by: Airflow task retries
`, `rules: .retrylint.yml:2: retried: func "example.com/app/jobs.Exporter.Run()" is not a function name like example.com/app/jobs.Run or (*example.com/app/jobs.Exporter).Run`},
		{"retried without attempts", `
retried:
	- func: (*example.com/app/jobs.Exporter).Run
	  by: Airflow task retries
`, `rules: .retrylint.yml:2: retried: (*example.com/app/jobs.Exporter).Run: attempts is required: the runs the orchestrator makes at most, the first included`},
		{"retried once", `
retried:
	- func: (*example.com/app/jobs.Exporter).Run
	  attempts: 3
	  by: Airflow task retries
	- func: example.com/app/cmd/export.run
	  attempts: 1
	  by: a Kubernetes Job (backoffLimit 0)
`, `rules: .retrylint.yml:5: retried: example.com/app/cmd/export.run: attempts is 1; a retried function runs at least twice, the first run included`},
		{"retried attempts not a number", `
retried:
	- func: example.com/app/cmd/export.run
	  attempts: three
	  by: cron
`, `rules: .retrylint.yml:3: expected a whole number, found "three"`},
		{"retried without by", `
retried:
	- func: example.com/app/cmd/export.run
	  attempts: 6
`, `rules: .retrylint.yml:2: retried: example.com/app/cmd/export.run: by is required: who retries it (Airflow task retries, a Kubernetes Job's backoffLimit)`},
		{"retried twice", `
retried:
	- {func: example.com/app/cmd/export.run, attempts: 6, by: the Job's backoffLimit}
	- {func: example.com/app/cmd/export.run, attempts: 3, by: cron}
`, `rules: .retrylint.yml:3: retried: example.com/app/cmd/export.run is declared twice (first at line 2)`},
		{"retried misspelt field", `
retried:
	- func: example.com/app/cmd/export.run
	  attempt: 6
`, `rules: .retrylint.yml:3: unknown field "attempt" (did you mean "attempts"?)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := rules.ParseConfig(".retrylint.yml", yaml(tc.src), known)
			if err == nil {
				t.Fatalf("ParseConfig = %+v, want error %s", c, tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n\t%s\nwant\n\t%s", err, tc.want)
			}
		})
	}
}

func TestParseConfig(t *testing.T) {
	c, err := rules.ParseConfig(".retrylint.yml", yaml(`
disable:
	checks: [unbounded]
	rules:
		- github.com/cenkalti/backoff/v4.Retry
		- (*github.com/failsafe-go/failsafe-go/retrypolicy.Builder[R]).Build
		- github.com/cenkalti/backoff/v4.ExponentialBackOff
		- github.com/cenkalti/backoff/v4.ExponentialBackOff.MaxElapsedTime
packs:
	- library: example.com/platform/retry
	  retries:
	    - {call: example.com/platform/retry.Do, operation: 2}
`), known)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Disable.Checks) != 1 || len(c.Disable.Rules) != 4 || len(c.Packs) != 1 || c.Packs[0].Retries[0].Line != 11 {
		t.Errorf("config = %+v", c)
	}
}

// test-support: include turns on the reports in test-support packages;
// exclude, the default, and no key leave them off.
func TestParseConfigTestSupport(t *testing.T) {
	for src, want := range map[string]bool{
		"test-support: include\n":        true,
		"test-support: exclude\n":        false,
		"onconflict: {scope: retried}\n": false,
	} {
		c, err := rules.ParseConfig(".retrylint.yml", []byte(src), known)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got := rules.New(c).IncludeTestSupport; got != want {
			t.Errorf("%q: IncludeTestSupport = %v, want %v", src, got, want)
		}
	}
	if rules.Default().IncludeTestSupport {
		t.Errorf("the builtin rules include test-support packages")
	}
}

func TestParseConfigRetried(t *testing.T) {
	c, err := rules.ParseConfig("conf/.retrylint.yml", yaml(`
retried:
	- func: (*example.com/app/jobs.Exporter[T]).Run
	  attempts: 3
	  by: Airflow task retries
`), known)
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(c)
	d := r.Retried["(*example.com/app/jobs.Exporter).Run"]
	if d == nil || d.Attempts != 3 || d.By != "Airflow task retries" || d.Where() != ".retrylint.yml:2" {
		t.Errorf("Retried = %+v", r.Retried)
	}
	if pkgs := r.RetriedPackages(); len(pkgs) != 1 || !pkgs["example.com/app/jobs"] {
		t.Errorf("RetriedPackages = %v", pkgs)
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, rules.ConfigFile)
	if err := os.WriteFile(file, []byte("disable:\n  checks: [nojitter]\n  rule: []\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, err := rules.LoadConfig(file, known)
	if want := "rules: " + file + `:3: unknown field "rule" (did you mean "rules"?)`; err == nil || err.Error() != want {
		t.Errorf("LoadConfig = %v, want %s", err, want)
	}

	missing := filepath.Join(dir, "missing.yml")
	_, err = rules.LoadConfig(missing, known)
	if want := "rules: " + missing + ": no such file"; err == nil || err.Error() != want {
		t.Errorf("LoadConfig = %v, want %s", err, want)
	}
}

func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	write := func(name string) {
		t.Helper()
		name = filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, nil, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("mod/go.mod")
	write("mod/.retrylint.yml")
	write("mod/a/b/b.go")
	write("mod/sub/go.mod") // a nested module without a config
	write("mod/sub/c/c.go")
	write(".retrylint.yml") // above the module: never read
	write("other/go.mod")
	write("nomod/d.go") // no module: the walk goes on up

	for _, tc := range []struct{ dir, want string }{
		{"mod", "mod/.retrylint.yml"},
		{"mod/a/b", "mod/.retrylint.yml"},
		{"mod/sub/c", ""},
		{"other", ""},
		{"nomod", ".retrylint.yml"},
	} {
		want := tc.want
		if want != "" {
			want = filepath.Join(root, want)
		}
		if got := rules.FindConfig(filepath.Join(root, tc.dir)); got != want {
			t.Errorf("FindConfig(%s) = %q, want %q", tc.dir, got, want)
		}
	}
}
