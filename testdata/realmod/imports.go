// Package realmod pins the real modules whose APIs the stubs under
// testdata/src mirror; internal/stubcheck compares the two.
package realmod

import (
	_ "github.com/avast/retry-go/v4"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/cenkalti/backoff/v5"
	_ "github.com/failsafe-go/failsafe-go"
	_ "github.com/failsafe-go/failsafe-go/retrypolicy"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "github.com/jpillora/backoff"
	_ "github.com/sethvargo/go-retry"
	_ "k8s.io/apimachinery/pkg/util/wait"
	_ "k8s.io/client-go/util/retry"
)
