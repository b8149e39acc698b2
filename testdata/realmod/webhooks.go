package realmod

import (
	"encoding/json"
	"time"

	"github.com/go-resty/resty/v2"
)

// Webhooks posts to its subscribers through a resty client made to
// retry: a POST whose response is lost is sent again.
type Webhooks struct{ client *resty.Client }

func NewWebhooks() *Webhooks {
	w := &Webhooks{client: resty.New().SetTimeout(10 * time.Second)}
	w.client.SetRetryCount(3).SetRetryWaitTime(time.Second) // finding: nonidempotent
	return w
}

func (w *Webhooks) Deliver(url string, payload []byte) error {
	_, err := w.client.R().SetHeader("Content-Type", "application/json").SetBody(payload).Post(url)
	return err
}

// fetchSubscribers retries through resty's Backoff, whose default
// condition retries every error, a decoding error included.
func fetchSubscribers(client *resty.Client, url string) ([]string, error) {
	var subscribers []string
	err := resty.Backoff(func() (*resty.Response, error) { // finding: catchall
		resp, err := client.R().Get(url)
		if err != nil {
			return resp, err
		}
		return resp, json.Unmarshal(resp.Body(), &subscribers)
	}, resty.Retries(3))
	return subscribers, err
}

// Negatives.

// A webhook whose delivery carries the event's id as its idempotency key.
func deliverKeyed(client *resty.Client, eventID, url string, payload []byte) error {
	_, err := client.SetRetryCount(3).R().SetHeader("Idempotency-Key", eventID).SetBody(payload).Post(url)
	return err
}

// A client left at resty's default of no retries.
func deliverOnce(url string, payload []byte) error {
	_, err := resty.New().SetRetryCount(0).R().SetBody(payload).Post(url)
	return err
}
