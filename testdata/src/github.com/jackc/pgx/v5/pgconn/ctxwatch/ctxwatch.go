// Package ctxwatch is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package ctxwatch

import "context"

// Handler is told when a watched context is canceled.
type Handler interface {
	HandleCancel(canceledCtx context.Context)
	HandleUnwatchAfterCancel()
}
