package rules_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/rules"
)

// TestTemporalRetryOptions pins the rows that say where Temporal's
// activity options are set: retrysite's temporal.go knows no Temporal
// name, so a row removed or changed here changes what it finds.
func TestTemporalRetryOptions(t *testing.T) {
	const (
		wf      = "go.temporal.io/sdk/workflow."
		in      = "go.temporal.io/sdk/internal."
		execute = "for " + wf + "ExecuteActivity, context 0, arg 1, sets "
	)
	want := []string{
		in + "ActivityOptions.RetryPolicy: sets policy",
		in + "ActivityOptions.ScheduleToCloseTimeout: sets elapsed",
		in + "LocalActivityOptions.RetryPolicy: sets policy",
		in + "LocalActivityOptions.ScheduleToCloseTimeout: sets elapsed",
		in + "RetryPolicy.MaximumAttempts: attempts, counts attempts, unset 0",
		in + "RetryPolicy.NonRetryableErrorTypes: sets terminal-types",
		in + "StartWorkflowOptions.WorkflowExecutionTimeout: sets run-elapsed",
		in + "StartWorkflowOptions.WorkflowRunTimeout: sets run-elapsed",
		wf + "ExecuteActivity: says Temporal's default RetryPolicy: unlimited attempts",
		wf + "ExecuteLocalActivity: says Temporal's default RetryPolicy: unlimited attempts",
		wf + "WithActivityOptions: " + execute + "options",
		wf + "WithLocalActivityOptions: for " + wf + "ExecuteLocalActivity, context 0, arg 1, sets options",
		wf + "WithRetryPolicy: " + execute + "policy",
		wf + "WithScheduleToCloseTimeout: " + execute + "elapsed",
	}
	r := rules.Default()
	var got []string
	for key, o := range r.RetryOptions {
		if !strings.HasPrefix(key, "go.temporal.io/") {
			continue
		}
		if o.Field != "" {
			got = append(got, fmt.Sprintf("%s: sets %s", key, o.Sets))
			continue
		}
		var dispatches []string
		for _, f := range o.For {
			dispatches = append(dispatches, f.Name)
		}
		got = append(got, fmt.Sprintf("%s: for %s, context %d, arg %d, sets %s", key, strings.Join(dispatches, " "), *o.Context, *o.Arg, o.Sets))
	}
	for key, a := range r.AttemptOptions {
		if strings.HasPrefix(key, "go.temporal.io/") {
			unset := "none"
			if a.Unset != nil {
				unset = fmt.Sprint(*a.Unset)
			}
			got = append(got, fmt.Sprintf("%s: attempts, counts %s, unset %s", key, a.Counts, unset))
		}
	}
	for _, call := range []string{wf + "ExecuteActivity", wf + "ExecuteLocalActivity"} {
		if rt := r.Retries[call]; rt != nil {
			got = append(got, call+": says "+rt.Says)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("Temporal's option rows:\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
