// Package schema is a test stub of github.com/uptrace/bun/schema@v1.3.0:
// exported API only, bodies are not real.
package schema

// BaseModel carries a model's table settings in its bun tag.
type BaseModel struct{}
