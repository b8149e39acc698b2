package ownpublisher

import (
	"context"
	"testing"
)

type fakePublisher struct{ sent [][]byte }

func (f *fakePublisher) Publish(ctx context.Context, subject string, body []byte) error {
	f.sent = append(f.sent, body)
	return nil
}

func TestOrderPlaced(t *testing.T) {
	f := &fakePublisher{}
	s := &Service{publisher: f}
	if err := s.OrderPlaced(context.Background(), []byte("{}")); err != nil {
		t.Fatal(err)
	}
	m := &MockPublisher{}
	_ = (&Service{publisher: m}).OrderPlaced(context.Background(), nil)
}
