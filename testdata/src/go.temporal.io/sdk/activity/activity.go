// Package activity is a test stub of go.temporal.io/sdk@v1.51.0: exported API only, bodies are not real.
package activity

import "go.temporal.io/sdk/internal"

type (
	RegisterOptions        = internal.RegisterActivityOptions
	DynamicRegisterOptions = internal.DynamicRegisterActivityOptions
)
