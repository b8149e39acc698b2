package rules

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
)

// Retried declares a function that something outside the code retries:
// an orchestrator's task retries (Airflow, Argo), a Kubernetes Job's
// backoffLimit, a cron wrapper that runs a command again, a queue that
// redelivers a message whose handler failed. The analysis cannot see the
// retry; the configuration says it is there.
type Retried struct {
	// Func is the function the orchestrator runs, each attempt anew: a
	// command's run function (example.com/app/cmd/export.run) or a
	// handler type's method ((*example.com/app/jobs.Exporter).Run).
	Func string `yaml:"func"`
	// Attempts is how many times the orchestrator runs it at most, the
	// first run included: Airflow's retries: 2 is 3 attempts, a Job's
	// backoffLimit: 5 is 6.
	Attempts int `yaml:"attempts"`
	// By says who retries, in the user's words, for messages.
	By string `yaml:"by"`

	Line int    `yaml:"-"`
	File string `yaml:"-"` // the configuration's base name, for messages
}

// Where names the declaration in messages: .retrylint.yml:4.
func (r *Retried) Where() string { return fmt.Sprintf("%s:%d", r.File, r.Line) }

// validateRetried checks the retried entries of a configuration.
func validateRetried(file string, entries []Retried) error {
	first := map[string]int{}
	for i := range entries {
		e := &entries[i]
		e.File = filepath.Base(file)
		switch {
		case e.Func == "":
			return &Error{file, e.Line, "retried: func is required: the function the orchestrator runs, as example.com/app/jobs.Run or (*example.com/app/jobs.Exporter).Run"}
		case !funcName.MatchString(e.Func):
			return &Error{file, e.Line, fmt.Sprintf("retried: func %q is not a function name like example.com/app/jobs.Run or (*example.com/app/jobs.Exporter).Run", e.Func)}
		case e.Attempts == 0:
			return &Error{file, e.Line, fmt.Sprintf("retried: %s: attempts is required: the runs the orchestrator makes at most, the first included", e.Func)}
		case e.Attempts < 2:
			return &Error{file, e.Line, fmt.Sprintf("retried: %s: attempts is %d; a retried function runs at least twice, the first run included", e.Func, e.Attempts)}
		case e.By == "":
			return &Error{file, e.Line, fmt.Sprintf("retried: %s: by is required: who retries it (Airflow task retries, a Kubernetes Job's backoffLimit)", e.Func)}
		}
		key := Normalize(e.Func)
		if line, ok := first[key]; ok {
			return &Error{file, e.Line, fmt.Sprintf("retried: %s is declared twice (first at line %d)", e.Func, line)}
		}
		first[key] = e.Line
	}
	return nil
}

// RetriedFunc returns the declaration that fn is retried from outside the
// code, or nil.
func (r *Rules) RetriedFunc(fn *types.Func) *Retried { return r.Retried[FuncKey(fn)] }

// RetriedPackages returns the packages that declare a retried function.
func (r *Rules) RetriedPackages() map[string]bool {
	pkgs := map[string]bool{}
	for k := range r.Retried {
		pkgs[PackageOf(k)] = true
	}
	return pkgs
}

// RetriedIn returns the declarations of functions of package path, in
// the configuration's order.
func (r *Rules) RetriedIn(path string) []*Retried {
	var out []*Retried
	for k, e := range r.Retried {
		if PackageOf(k) == path {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(x, y *Retried) int { return x.Line - y.Line })
	return out
}
