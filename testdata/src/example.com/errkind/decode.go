package errkind

import "encoding/json"

// Order is a decoded order.
type Order struct{ ID string }

// DecodeOrder parses an order: a malformed body fails every time.
func DecodeOrder(body []byte) (Order, error) {
	var o Order
	err := json.Unmarshal(body, &o)
	return o, err
}
