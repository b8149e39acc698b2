// Package worker registers the shop's activities with a Temporal worker.
package worker

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"

	"nonidempotent/temporalworker/activities"
	_ "nonidempotent/temporalworker/workflows"
)

// Register registers every activity. SendReceipt and the audit record
// are dispatched by workflows in sight, with one attempt; SendInvoice
// and Notify by no workflow in sight, so under Temporal's default policy
// as far as anything here says.
func Register(w worker.ActivityRegistry, m *activities.Mailer) {
	w.RegisterActivity(m)                 // want `w.RegisterActivity \(registers SendInvoice, retried under its callers' RetryPolicy, none in sight: Temporal's default makes unlimited attempts\) repeats .*, which sends an HTTP request`
	w.RegisterActivity(activities.Notify) // want `w.RegisterActivity \(registers Notify, .*\) repeats http.Post, which sends an HTTP POST`
	w.RegisterActivityWithOptions(activities.Audit, activity.RegisterOptions{Name: "audit-record"})
}
