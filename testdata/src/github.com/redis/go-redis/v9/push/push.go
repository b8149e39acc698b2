// Package push is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package push

import (
	"context"

	"github.com/redis/go-redis/v9/internal/proto"
)

// NotificationHandler handles one kind of RESP3 push notification.
type NotificationHandler interface {
	HandlePushNotification(ctx context.Context, handlerCtx NotificationHandlerContext, notification []interface{}) error
}

// NotificationHandlerContext says where a notification was received.
type NotificationHandlerContext struct {
	Client interface{}

	ConnPool interface{}

	PubSub interface{}

	Conn interface{}

	IsBlocking bool
}

// NotificationProcessor dispatches push notifications to handlers.
type NotificationProcessor interface {
	GetHandler(pushNotificationName string) NotificationHandler
	ProcessPendingNotifications(ctx context.Context, handlerCtx NotificationHandlerContext, rd *proto.Reader) error
	RegisterHandler(pushNotificationName string, handler NotificationHandler, protected bool) error
	UnregisterHandler(pushNotificationName string) error
}
