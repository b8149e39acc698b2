package orders

import (
	"errors"
	"net/http"
	"strings"
	"time"
)

var errRefused = errors.New("refund refused")

// Refund posts a refund, waiting settle(i), from delays.go, between
// attempts.
func Refund(c *http.Client, id string) error {
	for i := 0; i < 4; i++ {
		resp, err := c.Post("https://partner.example/refund", "text/plain", strings.NewReader(id))
		if err != nil {
			time.Sleep(settle(i))
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusBadRequest {
			return errRefused
		}
		return nil
	}
	return errors.New("refund: no answer")
}
