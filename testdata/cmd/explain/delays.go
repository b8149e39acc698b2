package orders

import "time"

// settle is the wait before refund attempt n, declared apart from the
// loop that uses it: the same for every client.
func settle(n int) time.Duration { return 500 * time.Millisecond << n }
