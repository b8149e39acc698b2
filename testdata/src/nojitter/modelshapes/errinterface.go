package modelshapes

import "time"

// StoreError is a database client's own error interface; its calls
// return it in place of error.
type StoreError interface {
	error
	Retryable() bool
}

type storeNode struct{}

func (*storeNode) stats(names ...string) (map[string]string, StoreError) { return nil, nil }

// A retry through the client's own error interface: the node is asked
// again a fixed 100ms after every failed request.
func statsWithRetry(n *storeNode, tries int) (res map[string]string, err StoreError) {
	for i := 0; i < tries; i++ {
		if res, err = n.stats("build"); err == nil {
			return res, nil
		}
		time.Sleep(100 * time.Millisecond) // want `retry loop waits a fixed 100 \* time.Millisecond between attempts with no jitter`
	}
	return nil, err
}

// Not a retry: the same request each tick, whatever the last reply was.
func watchStats(n *storeNode, stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
		if _, err := n.stats("build"); err != nil {
			continue
		}
	}
}
