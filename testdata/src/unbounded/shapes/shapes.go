// Package shapes holds the loop shapes of real code, judged as retries or
// not: a retry goes round because an attempt failed and leaves on success.
// None of these loops is capped, so every loop taken for a retry is
// reported; the unmarked ones must not be taken for retries, or must be
// seen to end.
package shapes

import (
	"context"
	"errors"
	"iter"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/cenkalti/backoff/v4"
	dskit "github.com/grafana/dskit/backoff"
)

type conn struct{}

func (conn) dial() error                            { return errors.New("refused") }
func (conn) fetch() ([]string, error)               { return nil, errors.New("timeout") }
func (conn) renew() error                           { return nil }
func (conn) push(ctx context.Context) error         { return ctx.Err() }
func (conn) send() (int, error)                     { return 0, nil }
func (conn) shouldRetry(status int, err error) bool { return err != nil || status >= 500 }

func wait() time.Duration { return rand.N(time.Second) }

// A heartbeat beats whether or not the last beat failed, and cleans up
// when told to stop: not a retry, although an error test is followed by
// a return.
func heartbeat(c conn, done chan struct{}) {
	t := time.NewTimer(time.Second)
	for {
		select {
		case <-done:
			if err := c.renew(); err != nil {
				log.Print(err)
			}
			t.Stop()
			return
		case <-t.C:
			if err := c.renew(); err != nil {
				log.Print(err)
			}
			t.Reset(wait())
		}
	}
}

// A poller waits after a failed fetch and handles the results of a good
// one, then polls again: success does not leave it.
func poller(c conn, handle func([]string)) {
	for {
		items, err := c.fetch()
		if err != nil {
			time.Sleep(wait())
			continue
		}
		handle(items)
	}
}

// The condition that looks like an error test is the test of a task
// still in progress; the loop leaves on failure: not a retry.
func inProgress(c conn) (err error) {
	var items []string
outer:
	for {
		for {
			items, err = c.fetch()
			if err == nil && items == nil {
				continue outer
			}
			break outer
		}
		time.Sleep(wait())
	}
	return err
}

func redial(c conn) {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		if err := c.dial(); err == nil {
			return
		}
		time.Sleep(wait())
	}
}

// A retry decision of the error ends the loop: false on success.
func decided(c conn) error {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		status, err := c.send()
		retry := c.shouldRetry(status, err)
		if !retry {
			return err
		}
		time.Sleep(wait())
	}
}

// A stop channel in the wait's select ends the retry.
func untilStopped(c conn, done chan struct{}) {
	for {
		if err := c.dial(); err != nil {
			select {
			case <-time.After(wait()):
				continue
			case <-done:
				return
			}
		}
		break
	}
}

// The same loop without the stop channel.
func untilDialled(c conn) {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		if err := c.dial(); err != nil {
			time.Sleep(wait())
			continue
		}
		break
	}
}

// The operation takes the context and its error leaves the loop: when
// the context ends, so does the retry.
func handsContext(ctx context.Context, c conn, transient func(error) bool) error {
	for {
		err := c.push(ctx)
		if err == nil {
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(wait())
	}
}

// A cap on a value derived from the attempt counter.
func derivedCap(c conn) error {
	attempt := 0
	for {
		err := c.dial()
		if err == nil {
			return nil
		}
		attempt++
		d := time.Duration(1<<attempt) * time.Millisecond
		if d > time.Minute {
			return err
		}
		time.Sleep(rand.N(d))
	}
}

type pacer struct{ ctx context.Context }

func (p *pacer) Ongoing() bool { return p.ctx.Err() == nil }
func (p *pacer) Wait()         { time.Sleep(wait()) }

// A loop condition that asks whether to go on ends the loop from outside.
func whileOngoing(c conn, p *pacer, delay time.Duration) error {
	for p.Ongoing() {
		if err := c.dial(); err == nil {
			return nil
		}
		time.Sleep(rand.N(delay))
	}
	return errors.New("gave up")
}

// goto retries.
func gotoForever(c conn) {
retry: // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
	if err := c.dial(); err != nil {
		time.Sleep(wait())
		goto retry
	}
}

func gotoCounted(c conn) {
	left := 3
retry:
	if err := c.dial(); err != nil {
		if left > 0 {
			left--
			time.Sleep(wait())
			goto retry
		}
	}
}

// A monitor that goes round after each good answer: not a retry.
func gotoMonitor(c conn) {
again:
	items, err := c.fetch()
	if err != nil {
		return
	}
	if len(items) > 0 {
		time.Sleep(wait())
		goto again
	}
}

// An iterator that waits between the attempts it yields.
func attempts(ctx context.Context, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
			select {
			case <-time.After(wait()):
			case <-ctx.Done():
				return
			}
		}
	}
}

func forever() iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; ; i++ {
			if !yield(i) {
				return
			}
			time.Sleep(wait())
		}
	}
}

func overIterator(ctx context.Context, c conn) error {
	var err error
	for range attempts(ctx, 5) {
		if err = c.dial(); err == nil {
			return nil
		}
	}
	return err
}

func overEndlessIterator(c conn) error {
	for range forever() { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		if err := c.dial(); err == nil {
			return nil
		}
	}
	return nil
}

// A constant backoff never returns its stop value: comparing with it
// bounds nothing.
func constantStop(c conn) error {
	b := backoff.NewConstantBackOff(time.Second)
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		if err := c.dial(); err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return errors.New("gave up")
		}
		time.Sleep(rand.N(d))
	}
}

// An exponential backoff stops after its elapsed-time cap.
func exponentialStop(c conn) error {
	b := backoff.NewExponentialBackOff()
	for {
		if err := c.dial(); err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return errors.New("gave up")
		}
		time.Sleep(d)
	}
}

// A backoff object whose Ongoing ends the loop: the attempts run out or
// the context ends.
func dskitStyle(ctx context.Context, c conn) error {
	b := dskit.New(ctx, dskit.Config{MinBackoff: time.Second, MaxBackoff: time.Minute})
	for b.Ongoing() {
		if err := c.dial(); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

type sub struct{}

func (sub) next(timeout time.Duration) (string, error) { return "", nil }

var errTimeout = errors.New("timeout")

// A receive loop that goes round on a timeout and hands messages on: a
// poller whose failure branch decides, and whose success never leaves.
func receive(s sub, yield func(string) bool) {
	for {
		msg, err := s.next(time.Second)
		if err != nil {
			if !errors.Is(err, errTimeout) {
				return
			}
			time.Sleep(wait())
			continue
		}
		if !yield(msg) {
			return
		}
	}
}

// The common retry: a retryable error goes round, others and success
// leave.
func common(c conn, retryable func(error) bool) error {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		err := c.dial()
		if err != nil {
			if retryable(err) {
				time.Sleep(wait())
				continue
			}
			return err
		}
		return nil
	}
}

type meta struct{ index uint64 }

func (conn) put() (*meta, error) { return nil, errors.New("unavailable") }

// The operation returns its result only on success, and the loop leaves
// when it has one.
func resultOnSuccess(c conn) *meta {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		m, err := c.put()
		if m != nil {
			return m
		}
		log.Print(err)
		time.Sleep(wait())
	}
}

var errClosed = errors.New("client is closed")

// A closed client is a stop signal written as an error.
func untilClosed(c conn) {
	for {
		err := c.dial()
		if err == errClosed {
			return
		}
		if err != nil {
			time.Sleep(wait())
			continue
		}
		return
	}
}

// The attempt counter goes to the call that decides: the cap is there.
func counterToDecision(c conn, shouldRetry func(error, int) bool) error {
	for attempt := 0; ; attempt++ {
		err := c.dial()
		ok := shouldRetry(err, attempt)
		if !ok {
			return err
		}
		time.Sleep(wait())
	}
}

// A consumer that backs off after a failed read: not a retry of one
// operation, so not judged as one.
func consumer(c conn, handle func([]string)) {
	for {
		items, err := c.fetch()
		if err != nil {
			time.Sleep(wait())
			continue
		}
		handle(items)
	}
}

// Operation is a named function type, as retry helpers declare them.
type Operation func() error

// The attempt is a call of a value of a named function type.
func retryOperation(op Operation) error {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(wait())
	}
}

// A call that never returns leaves the loop (the packs' exits rows).
func untilUpThenExit(c conn) {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		if err := c.dial(); err == nil {
			os.Exit(0)
		}
		time.Sleep(wait())
	}
}

// Looking for a file in a folder and in each folder above it: every
// round stats another path, and the walk ends at the root, whose parent
// is itself. Not a retry.
func findUp(dir, name string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// RetryPolicy decides from the error and the count of retries so far.
type RetryPolicy interface {
	ShouldRetry(err error, retries int) bool
	Delay(err error, retries int) time.Duration
}

// The decision that keeps the loop going is handed the count, and its
// "no" leaves by the else branch: the cap is the policy's.
func policyElse(c conn, policy RetryPolicy) error {
	retries := 0
	for {
		err := c.dial()
		if err == nil {
			return nil
		}
		if policy.ShouldRetry(err, retries) {
			time.Sleep(policy.Delay(err, retries))
		} else {
			return err
		}
		retries++
	}
}

// The same policy asked without the count cannot cap the loop.
func policyElseUncounted(c conn, policy RetryPolicy) error {
	retries := 0
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		err := c.dial()
		if err == nil {
			return nil
		}
		if policy.ShouldRetry(err, 0) {
			time.Sleep(policy.Delay(err, retries))
		} else {
			return err
		}
		retries++
	}
}

// shutdown hands out the channel that closes when the owner stops.
type shutdown struct{ ch chan struct{} }

func (s *shutdown) StopChan() <-chan struct{} { return s.ch }

// The stop channel comes from a method: closing it ends the retries.
func untilShutdown(c conn, s *shutdown) error {
	for {
		err := c.dial()
		if err == nil {
			return nil
		}
		select {
		case <-time.After(wait()):
		case <-s.StopChan():
			return err
		}
	}
}

type status int

const (
	connecting status = iota
	connected
	disconnected
)

// session's status moves on when its owner disconnects.
type session struct{ state status }

func (s *session) Status() status { return s.state }

// The retry goes round only while the session is still connecting:
// Disconnect, elsewhere, moves the status on and ends it.
func connectWhileConnecting(c conn, s *session) error {
retry:
	if err := c.dial(); err != nil {
		time.Sleep(wait())
		if s.Status() == connecting {
			goto retry
		}
		return err
	}
	return nil
}

// A status the operation answers is its result, not a state someone
// else moves on: the loop is unbounded.
func untilAccepted(c conn) {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		code, err := c.send()
		if err == nil && code == 202 {
			return
		}
		time.Sleep(wait())
	}
}

func (conn) handshake(version int) error { return nil }

// A refused handshake is tried once more in the older protocol: the way
// back sets the version, so it is a fallback, not a retry.
func connectDowngrading(c conn, version int) error {
again:
	err := c.handshake(version)
	if err != nil && version == 4 {
		version = 3
		goto again
	}
	return err
}

type retryHandler struct{}

// WaitOrSkip waits before attempt n, or says to give up: past its limit,
// or when ctx ends first.
func (retryHandler) WaitOrSkip(ctx context.Context, n int, err error) bool {
	return n < 3 && ctx.Err() == nil
}

// isRetryable says no once ctx is done.
func isRetryable(ctx context.Context, err error) bool { return ctx.Err() == nil && err != nil }

// The way back is taken only when decisions handed the context and the
// attempt count agree: they end it.
func doWithHandler(ctx context.Context, c conn, h retryHandler) error {
	attempts := 1
retry:
	err := c.push(ctx)
	if err != nil && isRetryable(ctx, err) {
		if h.WaitOrSkip(ctx, attempts, err) {
			attempts++
			goto retry
		}
	}
	return err
}

// The same decisions handed a context nothing cancels, and no count,
// end nothing.
func doWithBackground(c conn, h retryHandler) error {
	ctx := context.Background()
retry: // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
	err := c.push(ctx)
	if err != nil && isRetryable(ctx, err) {
		if h.WaitOrSkip(ctx, 0, err) {
			goto retry
		}
	}
	return err
}

type reply struct{ err error }

func (r reply) Error() error { return r.err }

func (conn) pushAll(ctx context.Context, n int) []reply { return nil }

// A batch goes round from inside the range over its replies, when a
// reply's error is retryable and the handler, handed the count, agrees:
// the guards inside the range end it as they would outside.
func pushBatch(ctx context.Context, c conn, h retryHandler) []reply {
	attempts := 1
retry:
	replies := c.pushAll(ctx, 3)
	for _, r := range replies {
		if isRetryable(ctx, r.Error()) {
			if h.WaitOrSkip(ctx, attempts, r.Error()) {
				attempts++
				goto retry
			}
		}
	}
	return replies
}

// The same batch behind decisions handed nothing that ends.
func pushBatchBackground(c conn, h retryHandler) []reply {
	ctx := context.Background()
retry: // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
	replies := c.pushAll(ctx, 3)
	for _, r := range replies {
		if isRetryable(ctx, r.Error()) {
			if h.WaitOrSkip(ctx, 0, r.Error()) {
				goto retry
			}
		}
	}
	return replies
}

type broker struct{}

func (*broker) initProducer() (int64, error) { return 0, nil }

type brokers struct{}

func (*brokers) leastLoaded() *broker { return nil }
func (*brokers) deregister(*broker)   {}

// Each failure makes the client forget the broker it asked, so the next
// round asks another one, and the loop ends when none is left: a
// failover over a pool that shrinks, neither unbounded nor a retry.
func initProducerAnywhere(c *brokers) (int64, error) {
	for b := c.leastLoaded(); b != nil; b = c.leastLoaded() {
		id, err := b.initProducer()
		if err == nil {
			return id, nil
		}
		c.deregister(b)
	}
	return 0, errors.New("out of brokers")
}

type command struct {
	sent int
	max  int
}

func (*command) execute() error { return nil }

// The command counts what it sent in a field of its own, and gives up
// past its limit: a cap, though no local variable holds the count.
func (c *command) run() error {
	for {
		c.sent++
		if c.sent > c.max {
			return errors.New("too many retries")
		}
		if err := c.execute(); err == nil {
			return nil
		}
	}
}

var errRetriable = errors.New("retriable")

func (c *command) end() error { return nil }

// The way round is a case of a switch on the error, inside an if that
// counts the tries: the count caps it.
func (c *command) finish() error {
	tries := 0
again:
	err := c.end()
	tries++
	if err != nil && tries < 10 {
		switch {
		case errors.Is(err, errRetriable):
			goto again
		}
	}
	return err
}

const (
	open = iota
	closed
)

type handler struct{ state int32 }

func (h *handler) getState() int32 { return atomic.LoadInt32(&h.state) }
func (*handler) dial() error       { return nil }

// reconnect retries under a background context, but its operation
// answers success once the handler is closed: the retry ends with its
// owner.
func (h *handler) reconnect() {
	_ = backoff.Retry(func() error {
		if h.getState() == closed {
			return nil
		}
		return h.dial()
	}, backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0)))
}

// reconnectForever has no such test: nothing ends it.
func (h *handler) reconnectForever() {
	_ = backoff.Retry(func() error { // want `backoff.Retry retries with no attempt cap, no elapsed-time cap and no cancellation`
		return h.dial()
	}, backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0)))
}
