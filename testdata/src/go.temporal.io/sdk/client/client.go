// Package client is a test stub of go.temporal.io/sdk@v1.51.0: exported API only, bodies are not real.
package client

import "go.temporal.io/sdk/internal"

type StartWorkflowOptions = internal.StartWorkflowOptions
