// Package worker is a test stub of go.temporal.io/sdk@v1.51.0: exported API only, bodies are not real.
package worker

import "go.temporal.io/sdk/activity"

type ActivityRegistry interface {
	RegisterActivity(a any)
	RegisterActivityWithOptions(a any, options activity.RegisterOptions)
	RegisterDynamicActivity(a any, options activity.DynamicRegisterOptions)
}
