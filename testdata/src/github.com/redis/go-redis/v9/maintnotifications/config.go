// Package maintnotifications is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package maintnotifications

import "time"

// Mode says whether maintenance notifications are enabled.
type Mode string

const (
	ModeDisabled Mode = "disabled"
	ModeEnabled  Mode = "enabled"
	ModeAuto     Mode = "auto"
)

// EndpointType is the kind of endpoint to reconnect to.
type EndpointType string

const (
	EndpointTypeAuto         EndpointType = "auto"
	EndpointTypeInternalIP   EndpointType = "internal-ip"
	EndpointTypeInternalFQDN EndpointType = "internal-fqdn"
	EndpointTypeExternalIP   EndpointType = "external-ip"
	EndpointTypeExternalFQDN EndpointType = "external-fqdn"
	EndpointTypeNone         EndpointType = "none"
)

// Config configures maintenance notifications.
type Config struct {
	Mode Mode

	EndpointType EndpointType

	RelaxedTimeout time.Duration

	HandoffTimeout time.Duration

	MaxWorkers int

	HandoffQueueSize int

	PostHandoffRelaxedDuration time.Duration

	CircuitBreakerFailureThreshold int

	CircuitBreakerResetTimeout time.Duration

	CircuitBreakerMaxRequests int

	MaxHandoffRetries int
}
