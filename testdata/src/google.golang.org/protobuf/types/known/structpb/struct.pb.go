// Package structpb is a test stub of google.golang.org/protobuf@v1.36.12-0.20260120151049-f2248ac996af: exported API only, bodies are not real.
package structpb

// Value is a dynamically typed value.
type Value struct {
	Kind isValue_Kind
}

type isValue_Kind interface {
	isValue_Kind()
}
