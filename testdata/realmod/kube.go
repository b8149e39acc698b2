package realmod

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// waitForEndpoint probes an endpoint with apimachinery's exponential
// backoff; the Backoff literal leaves Jitter at zero.
func waitForEndpoint(ctx context.Context, probe func(context.Context) error) error {
	steps := wait.Backoff{ // finding: nojitter
		Duration: 500 * time.Millisecond,
		Factor:   2,
		Steps:    6,
		Cap:      10 * time.Second,
	}
	return wait.ExponentialBackoffWithContext(ctx, steps, func(ctx context.Context) (bool, error) {
		return probe(ctx) == nil, nil
	})
}

// newAPIClient keeps retryablehttp's default backoff, which is
// deterministic.
func newAPIClient() *http.Client {
	c := retryablehttp.NewClient() // finding: nojitter
	c.RetryMax = 5
	c.Logger = nil
	return c.StandardClient()
}

// Negatives.

// updateStatus retries conflicts with client-go's default backoff.
func updateStatus(update func() error) error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, update)
}

// waitForEndpointJittered adds 10% jitter.
func waitForEndpointJittered(probe func() error) error {
	steps := wait.Backoff{Duration: 500 * time.Millisecond, Factor: 2, Jitter: 0.1, Steps: 6}
	return wait.ExponentialBackoff(steps, func() (bool, error) { return probe() == nil, nil })
}

// newWebhookClient swaps in the jittered backoff.
func newWebhookClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.RetryMax = 3
	return c
}
