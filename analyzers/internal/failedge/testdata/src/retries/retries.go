// Package retries holds loops and recursions that go round only on a
// failure of their operation.
package retries

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type client struct{ tries int }

func (c *client) send(req string) error                  { return nil }
func (c *client) get(url string) (*http.Response, error) { return nil, nil }
func (c *client) fetch() *http.Response                  { return nil }
func (c *client) attempt(n int) (retry bool, err error)  { return false, nil }
func (c *client) call(req string, onFailure func())      {}
func retryable(err error) bool                           { return err != nil }
func shouldRetry(resp *http.Response, err error) bool    { return err != nil }

var errBusy = errors.New("busy")

func forErrContinue(c *client) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		err = c.send("x")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return err
}

func successReturn(c *client) error {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		if err := c.send("x"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func condOpNotNil(c *client) {
	for c.send("x") != nil { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		time.Sleep(time.Second)
	}
}

func condErrNotNil(c *client) {
	err := c.send("x")
	for err != nil { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		time.Sleep(time.Second)
		err = c.send("x")
	}
}

// statusExecutor returns a transport error at once and goes round on a
// 5xx answer.
func statusExecutor(c *client) (*http.Response, error) {
	for n := 0; ; n++ { // want `retry \(loop.failure-edge\): goes round only on a failure of get`
		resp, err := c.get("u")
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(n) * time.Second)
	}
}

// statusTooMany goes round only when the service said it is busy (429),
// which it says without acting.
func statusTooMany(c *client) *http.Response {
	for { // want `retry \(loop.failure-edge\): goes round only on a refusal that fetch answered \(a 4xx status\), never on its error`
		resp := c.fetch()
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp
		}
		time.Sleep(time.Second)
	}
}

func retryableBool(c *client) error {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		err := c.send("x")
		if !retryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func shouldRetryResponse(c *client) (*http.Response, error) {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of get`
		resp, err := c.get("u")
		if !shouldRetry(resp, err) {
			return resp, err
		}
	}
}

func shortCircuitCap(c *client, max int) error {
	for n := 0; ; n++ { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		err := c.send("x")
		if err == nil || n >= max {
			return err
		}
		time.Sleep(time.Second)
	}
}

func errorsIs(c *client) error {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		err := c.send("x")
		if !errors.Is(err, errBusy) {
			return err
		}
	}
}

func verdict(c *client) error {
	for n := 0; ; n++ { // want `retry \(loop.failure-edge\): goes round only on a failure of attempt`
		retry, err := c.attempt(n)
		if !retry {
			return err
		}
		time.Sleep(time.Second)
	}
}

// handlerFlag goes round when the handler the send calls on a failure
// has set the flag.
func handlerFlag(c *client) {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of call`
		failed := false
		c.call("x", func() { failed = true })
		if !failed {
			return
		}
		time.Sleep(time.Second)
	}
}

func gotoRetry(c *client) error {
	n := 0
again: // want `retry \(loop.failure-edge\): goes round only on a failure of send`
	if err := c.send("x"); err != nil && n < 3 {
		n++
		time.Sleep(time.Second)
		goto again
	}
	return nil
}

func (c *client) recurse(left int) error { // the decision is at the call
	err := c.send("x")
	if err != nil && left > 0 {
		time.Sleep(time.Second)
		return c.recurse(left - 1) // want `retry \(recursion.failure-edge\): calls itself again only on a failure of send`
	}
	return err
}

// perItem retries each item; the loop over the items goes on after a
// success.
func perItem(c *client, items []string) error {
	for _, it := range items { // want `not-a-retry \(loop.no-failure-edge\)`
		for { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
			if err := c.send(it); err == nil {
				break
			}
			time.Sleep(time.Second)
		}
	}
	return nil
}

// flagOnFailure sets a flag in its failure branch and leaves unless it
// is set.
func flagOnFailure(c *client) (err error) {
	for i := 0; i < 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		retry := false
		err = c.send("x")
		if err != nil && retryable(err) {
			retry = true
		}
		if !retry {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}

type produced struct{ Err error }

func (c *client) produce() (*produced, error) { return nil, nil }

// errorField fails on its transport error or on the error field of its
// answer.
func errorField(c *client) error {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of produce`
		res, err := c.produce()
		if err == nil && res.Err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// unnamedVerdict goes round on a verdict whose name is the variable's.
func unnamedVerdict(f func(int) (bool, error)) error {
	for n := 0; ; n++ { // want `retry \(loop.failure-edge\): goes round only on a failure of f`
		again, err := f(n)
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

// statusClosure tests the status with a predicate it declares.
func statusClosure(c *client, codes map[int]bool) (*http.Response, error) {
	retry := func(code int) bool { return codes[code] }
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of get`
		resp, err := c.get("u")
		if err != nil {
			return nil, err
		}
		if retry(resp.StatusCode) {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
}

func (c *client) run() (hasCompleted bool, result any) { return true, nil }

// completedFlag goes round until the attempt says it completed.
func completedFlag(c *client) any {
	for n := 0; n < 3; n++ { // want `retry \(loop.failure-edge\): goes round only on a failure of run`
		if done, result := c.run(); done {
			return result
		}
	}
	return nil
}

var errRefused = errors.New("refused")

// iteration says whether the loop is done; it is not done only after a
// failure it returns.
func (c *client) iteration(prev error) (bool, error) {
	if err := c.send("x"); err != nil {
		if c.tries > 3 {
			return true, err
		}
		return false, err
	}
	if c.tries < 0 {
		return true, errRefused
	}
	return true, nil
}

func doneByReturns(c *client) error {
	var err error
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of iteration`
		var done bool
		done, err = c.iteration(err)
		if done {
			return err
		}
	}
}

// writeError is a failure of its own type, returned without an error
// beside it.
type writeError struct{ msg string }

func (e *writeError) Error() string { return e.msg }

func (c *client) write(line string) *writeError { return nil }

func ownErrorType(c *client) {
	for i := 0; i < 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of write`
		if werr := c.write("x"); werr == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// nilBesideError treats a nil answer as the failure its error is: both
// go round the same way.
func nilBesideError(c *client) *http.Response {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of get`
		resp, err := c.get("/x")
		if err != nil || resp == nil {
			time.Sleep(time.Second)
			continue
		}
		return resp
	}
}

type call struct{}

func (c *call) clone() *call                  { return c }
func (c *call) Next() (*http.Response, error) { return nil, nil }

// handOnAgain hands a fresh copy of the call down its chain after a
// failure: Next here runs the rest of the chain, it reads no stream.
func handOnAgain(c *call) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of Next`
		resp, err := c.clone().Next()
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("exhausted")
}

type transport struct {
	rt          http.RoundTripper
	retryStatus []int
}

// roundTrip goes round on a transport error, and on a status that is one
// of the codes its list for retries holds: the list's name says what its
// codes mean.
func (t *transport) roundTrip(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of RoundTrip`
		again := false
		res, err = t.rt.RoundTrip(req)
		if err != nil {
			again = true
		} else {
			for _, code := range t.retryStatus { // want `not-a-retry \(loop.no-operation\)`
				if res.StatusCode == code {
					again = true
				}
			}
		}
		if !again {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// withBackoff runs the operation it is handed until the operation says
// not to go on: the bool it returns beside its error is the operation's
// verdict that its attempt failed and should run again.
func withBackoff(f func(int) (bool, error), attempts int) error {
	var err error
	var shouldContinue bool
	for i := 0; ; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of f`
		shouldContinue, err = f(i)
		if !shouldContinue {
			return err
		}
		if i >= attempts-1 {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}

type request struct{ attempt int }

func (r *request) again() *request    { return &request{attempt: r.attempt + 1} }
func (c *client) do(r *request) error { return nil }

// freshRequest builds the next attempt's request from the last one: the
// same request, sent again after its failure.
func freshRequest(c *client, r *request) error {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of do`
		err := c.do(r)
		if err == nil {
			return nil
		}
		if r.attempt >= 3 {
			return err
		}
		time.Sleep(time.Second)
		r = r.again()
	}
}

type kvStore struct{}

func (kvStore) get(key string) (val []byte, version uint64, err error) { return nil, 0, nil }

type writeMeta struct{ took int }

func (kvStore) cas(key string, val []byte, version uint64) (ok bool, meta *writeMeta, err error) {
	return false, nil, nil
}
func decodeValue(b []byte) (int, error) { return 0, nil }

// compareAndSwap reads, changes and writes back a value: it goes round
// when any step fails or another writer got in first (a false ok from
// the swap, which the loop treats as it treats the swap's error), and
// leaves when the swap succeeds.
func compareAndSwap(kv kvStore, key string, change func(int) int) error {
	for i := 0; i < 10; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of cas`
		raw, version, err := kv.get(key)
		if err != nil {
			continue
		}
		v, err := decodeValue(raw)
		if err != nil {
			continue
		}
		ok, _, err := kv.cas(key, []byte{byte(change(v))}, version)
		if err != nil {
			continue
		}
		if !ok {
			continue
		}
		return nil
	}
	return errors.New("too many conflicts")
}

// renewOnUnauthorized sends again only when the service answered 401, a
// refusal before it acted; an error of the call returns at once.
func renewOnUnauthorized(c *client, renew func()) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a refusal that get answered \(a 4xx status\), never on its error`
		resp, err := c.get("https://api.example.com/orders")
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized {
			return resp, nil
		}
		renew()
	}
	return nil, errors.New("unauthorized")
}

// retryUnavailable goes round on a 503 too: the service may have acted
// before it failed, so it is no refusal.
func retryUnavailable(c *client) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of get`
		resp, err := c.get("https://api.example.com/orders")
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// kerror is a protocol's error code: an integer with an Error method.
type kerror int16

func (k kerror) Error() string { return "kerror" }

const (
	errNone    kerror = 0
	errLoading kerror = 14
)

type fetchBlock struct{ Err kerror }

func (c *client) fetchOffset() (*fetchBlock, error) { return nil, nil }

// fetchUntilLoaded calls itself while the answer's error code says the
// offsets are still loading: the code is the answer's failure.
func fetchUntilLoaded(c *client, retries int) error {
	block, err := c.fetchOffset()
	if err != nil {
		return err
	}
	switch block.Err {
	case errNone:
		return nil
	case errLoading:
		if retries <= 0 {
			return block.Err
		}
		time.Sleep(time.Second)
		return fetchUntilLoaded(c, retries-1) // want `retry \(recursion.failure-edge\): calls itself again only on a failure of fetchOffset`
	default:
		return block.Err
	}
}

type reply struct{ err error }

func (r reply) Error() error { return r.err }

type pipeline struct{}

func (pipeline) sendAll(cmds []string) []reply                                 { return nil }
func (pipeline) waitOrGiveUp(attempt int, cmd string, err error) bool          { return false }
func (pipeline) retryable(err error) bool                                      { return err != nil }
func (pipeline) deliver(cmd string) error                                      { return nil }
func (pipeline) backOffOrStop(attempt int, cmd string, err error) (again bool) { return false }

// sendBatch sends every command at once and goes round when one reply's
// error is retryable and the decision, handed the count, says to wait
// and go on: the decisions judge the batch's failures, the batch is the
// operation.
func sendBatch(p pipeline, cmds []string) []reply {
	attempts := 1
retry: // want `retry \(loop.failure-edge\): goes round only on a failure of sendAll`
	replies := p.sendAll(cmds)
	for i, r := range replies { // want `not-a-retry \(loop.no-operation\)`
		if p.retryable(r.Error()) {
			if p.waitOrGiveUp(attempts, cmds[i], r.Error()) {
				attempts++
				goto retry
			}
		}
	}
	return replies
}

// deliverJudged goes round when a decision on the error, which waits
// before it answers, says so.
func deliverJudged(p pipeline, cmd string) error {
	for attempt := 1; ; attempt++ { // want `retry \(loop.failure-edge\): goes round only on a failure of deliver`
		err := p.deliver(cmd)
		if err == nil {
			return nil
		}
		if !p.backOffOrStop(attempt, cmd, err) {
			return err
		}
	}
}

type peer struct{}

func (*peer) send() error  { return nil }
func (*peer) Close() error { return nil }

type dialer struct{}

func (*dialer) dial() *peer { return nil }

// sendRedialing dials anew after a failed send and sends the same thing
// again: closing the broken connection forgets nothing of where it
// goes, so the next round runs the same send.
func sendRedialing(d *dialer) error {
	for p := d.dial(); ; p = d.dial() { // want `retry \(loop.failure-edge\): goes round only on a failure of send`
		if err := p.send(); err == nil {
			return nil
		}
		_ = p.Close()
		time.Sleep(time.Second)
	}
}

func (*peer) sendAttempt(n int) error { return nil }

// sendNumbered hands the attempt number to the send (for its logs): the
// same send each round.
func sendNumbered(p *peer) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ { // want `retry \(loop.failure-edge\): goes round only on a failure of sendAttempt`
		if err = p.sendAttempt(attempt); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type conn struct{}

func (*conn) roundTrip(req string) error { return nil }

type connPool struct{}

func (*connPool) Next() *conn { return nil }

// performAgain re-sends the same request, on the connection the pool
// hands out next after a failure: the request is sent again.
func performAgain(p *connPool, first *conn, req string) error {
	var err error
	for i := 0; i <= 3; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of roundTrip`
		c := first
		if i > 0 {
			c = p.Next()
		}
		if err = c.roundTrip(req); err == nil {
			return nil
		}
	}
	return err
}

// ClientError is a client's own error interface: its calls fail through
// it as through error.
type ClientError interface {
	error
	Code() int
}

type infoNode struct{}

func (*infoNode) info(name string) (map[string]string, ClientError) { return nil, nil }

// infoAgain asks the node again while the reply is a ClientError.
func infoAgain(n *infoNode) (res map[string]string, err ClientError) {
	for i := 0; i < 5; i++ { // want `retry \(loop.failure-edge\): goes round only on a failure of info`
		if res, err = n.info("status"); err == nil {
			return res, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, err
}

type feed struct{}

func (*feed) dial(ctx context.Context) error        { return nil }
func (*feed) next(ctx context.Context) (int, error) { return 0, nil }
func (*feed) handle(n int)                          {}

// session reads the feed until it fails: it returns no error only once
// its context is done.
func (f *feed) session(ctx context.Context) error {
	if err := f.dial(ctx); err != nil {
		return err
	}
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		n, err := f.next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("reading the feed: %w", err)
		}
		f.handle(n)
	}
}

// keepReading runs the session again a second after it fails: its success
// never comes, so the loop goes round only on a failure.
func (f *feed) keepReading(ctx context.Context) {
	for { // want `retry \(loop.failure-edge\): goes round only on a failure of session, a session that returns no error only once its context is done`
		err := f.session(ctx)
		select {
		case <-ctx.Done():
			return
		default:
		}
		if err != nil {
			time.Sleep(time.Second)
		}
	}
}

// serveOnce returns nil when the server ends cleanly.
func (f *feed) serveOnce(ctx context.Context) error {
	return f.dial(ctx)
}

// restart runs serveOnce again after success too: a schedule with a
// backoff after failures, not a retry.
func (f *feed) restart(ctx context.Context) {
	for { // want `poller-with-backoff \(loop.poller-backoff\): goes round on success of serveOnce too`
		err := f.serveOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			time.Sleep(time.Second)
		}
	}
}
