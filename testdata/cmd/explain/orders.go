// Package orders sends orders to a partner, with a retry the model
// explains, and polls a flag, which is no retry.
package orders

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Send posts an order until the partner answers, five times at most.
func Send(c *http.Client, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		var resp *http.Response
		resp, err = c.Post("https://partner.example/orders", "application/json", strings.NewReader(body))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return fmt.Errorf("sending the order: %w", err)
}

// Watch waits for ready, checking it every second whatever it says.
func Watch(ready func() (bool, error)) {
	for {
		if ok, err := ready(); err == nil && ok {
			fmt.Println("ready")
		}
		time.Sleep(time.Second)
	}
}

// pause is the wait before attempt n: the same for every client.
func pause(n int) time.Duration { return time.Duration(n+1) * time.Second }

// Cancel posts a cancellation, waiting pause(i) between attempts.
func Cancel(c *http.Client, id string) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Post("https://partner.example/cancel", "text/plain", strings.NewReader(id))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(pause(i))
	}
	return err
}
