// Package enums is a test stub of go.temporal.io/api@v1.64.3: exported API only, bodies are not real.
package enums

type WorkflowIdReusePolicy int32

type WorkflowIdConflictPolicy int32
