// Package notretries holds loops that go round on success too: pollers,
// heartbeats, accept loops, paging, readiness waits.
package notretries

import (
	"context"
	crand "crypto/rand"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"time"
)

type source struct{}

func (s *source) poll() ([]string, error)                                    { return nil, nil }
func (s *source) ping() error                                                { return nil }
func (s *source) list(token string) (items []string, next string, err error) { return nil, "", nil }
func (s *source) ready() bool                                                { return true }
func (s *source) more() (more bool, err error)                               { return false, nil }
func handle(items []string)                                                  {}

func poller(ctx context.Context, s *source) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for { // want `poller \(loop.poller\): goes round on success of poll too`
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		items, err := s.poll()
		if err != nil {
			log.Print(err)
			continue
		}
		handle(items)
	}
}

func pollerBackoff(ctx context.Context, s *source) {
	for ctx.Err() == nil { // want `poller-with-backoff \(loop.poller-backoff\): goes round on success of poll too, and waits only after its failure`
		items, err := s.poll()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		handle(items)
	}
}

func heartbeat(ctx context.Context, s *source) {
	for { // want `poller \(loop.poller\): goes round on success of ping too`
		if err := s.ping(); err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Second):
		}
	}
}

func acceptLoop(l net.Listener) error {
	for { // want `poller-with-backoff \(loop.poller-backoff\): goes round on success of Accept too, and waits only after its failure`
		conn, err := l.Accept()
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				time.Sleep(5 * time.Millisecond)
				continue
			}
			return err
		}
		go conn.Close()
	}
}

func paging(s *source) error {
	token := ""
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		items, next, err := s.list(token)
		if err != nil {
			return err
		}
		handle(items)
		if next == "" {
			return nil
		}
		token = next
	}
}

func drain(s *source) error {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		more, err := s.more()
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
}

// readiness waits for a state: ready reads one and has no failure to
// test, so the loop is no retry of an operation.
func readiness(s *source) {
	for !s.ready() { // want `not-a-retry \(loop.no-failure-edge\)`
		time.Sleep(time.Second)
	}
}

func counted(items []string) int {
	n := 0
	for i := range items { // want `not-a-retry \(loop.no-operation\)`
		n += len(items[i])
	}
	return n
}

// page calls itself for the next page after a success.
func (s *source) page(token string) error {
	_, next, err := s.list(token)
	if err != nil {
		return err
	}
	if next != "" {
		return s.page(next) // want `not-a-retry \(recursion.failure-edge\)`
	}
	return nil
}

func (s *source) fetch() ([]string, error) { return nil, nil }

// inProgress goes round while the work is not done (no items yet) and
// leaves on a failure: a nil slice is an empty answer, not a failure.
func inProgress(s *source) error {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		items, err := s.fetch()
		if err == nil && items == nil {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

func (s *source) probe() (bool, error) { return true, nil }

// readinessProbe waits for a state a probe reports: not ready is no
// failure of the probe.
func readinessProbe(s *source) error {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		ok, err := s.probe()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// chain walks an error's chain: the unwrapper computes from an error
// and is no operation.
func chain(err error, unwrap func(error) error) []string {
	var msgs []string
	for { // want `not-a-retry \(loop.no-operation\)`
		msgs = append(msgs, err.Error())
		err = unwrap(err)
		if err == nil {
			return msgs
		}
	}
}

type provider interface{ get() (string, error) }

// chainOfProviders asks each provider in turn until one answers: a
// failover to the next element, not a retry.
func chainOfProviders(ps []provider) (string, error) {
	for _, p := range ps { // want `not-a-retry \(loop.failover\)`
		v, err := p.get()
		if err != nil {
			continue
		}
		return v, nil
	}
	return "", errors.New("none")
}

func dialHost(h string) error { return nil }

func eachHost(hosts []string) error {
	var err error
	for i := 0; i < len(hosts); i++ { // want `not-a-retry \(loop.failover\)`
		if err = dialHost(hosts[i]); err == nil {
			return nil
		}
	}
	return err
}

type decoder interface{ decode(string) error }

func decoderOf(v any) decoder { return nil }

// walk calls itself on the fields that have no decoder: a lookup that
// finds nothing is no failure.
func walk(fields []any) {
	for _, f := range fields { // want `not-a-retry \(loop.no-failure-edge\)`
		if decoderOf(f) == nil {
			walk(nil) // want `not-a-retry \(recursion.failure-edge\)`
		}
	}
}

type pod struct{ name string }

func patch(p *pod) error { return nil }

// anyPod patches through the first pod that answers: the range's
// variable, whose address the call takes, is another pod each round.
func anyPod(pods []pod) error {
	for _, p := range pods { // want `not-a-retry \(loop.failover\)`
		if err := patch(&p); err == nil {
			return nil
		}
	}
	return errors.New("none")
}

func (s *source) condition() (bool, error) {
	if !s.ready() {
		return false, nil
	}
	return true, nil
}

// pollCondition waits for a condition that is false without an error:
// the probe succeeded, the state is not there yet.
func pollCondition(s *source) error {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		done, err := s.condition()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

type hop struct{}

func (h *hop) do(url string) (*http.Response, error) { return nil, nil }

// followMoved goes round when the answer points elsewhere: a redirect is
// an answer that names another place, not a failure.
func followMoved(h *hop, url string) (*http.Response, error) {
	for hops := 0; ; hops++ { // want `not-a-retry \(loop.no-failure-edge\)`
		resp, err := h.do(url)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusMovedPermanently && hops < 5 {
			url = resp.Header.Get("Location")
			continue
		}
		return resp, nil
	}
}

type encoder interface{ encode(v any) ([]byte, error) }

// firstEncoderByName tries each encoder, looked up by name, in turn.
func firstEncoderByName(names []string, byName map[string]encoder, v any) ([]byte, error) {
	for _, name := range names { // want `not-a-retry \(loop.failover\)`
		enc := byName[name]
		out, err := enc.encode(v)
		if err != nil {
			continue
		}
		return out, nil
	}
	return nil, errors.New("no encoder")
}

// anyServer dials each server of a map, at an address made from its
// name.
func anyServer(servers map[string]int) (net.Conn, error) {
	for name, port := range servers { // want `not-a-retry \(loop.failover\)`
		addr := name + ":" + strconv.Itoa(port)
		c, err := net.Dial("tcp", addr)
		if err != nil {
			continue
		}
		return c, nil
	}
	return nil, errors.New("no server")
}

type inbox struct{}

func (q *inbox) receiveNext() (v any, ok bool) { return nil, false }
func store(v any) error                        { return nil }

// firstStorable takes the next value after a value it cannot store: it
// reads on, it does not store the same value again.
func firstStorable(q *inbox) bool {
	for { // want `not-a-retry \(loop.next-value\)`
		v, ok := q.receiveNext()
		if !ok {
			return false
		}
		if err := store(v); err != nil {
			continue
		}
		return true
	}
}

// firstStorableFrom does the same with a channel.
func firstStorableFrom(ch <-chan any) {
	for { // want `not-a-retry \(loop.next-value\)`
		v := <-ch
		if err := store(v); err != nil {
			continue
		}
		return
	}
}

type scope struct {
	parent *scope
	names  map[string]string
}

func (s *scope) find(key string) (string, error) { return "", nil }

// resolve asks the enclosing scope when a scope has no such name: it
// walks up a chain, it does not ask the same scope again.
func resolve(s *scope, key string) (string, error) {
	v, err := s.find(key)
	if err == nil {
		return v, nil
	}
	if s.parent == nil {
		return "", err
	}
	return resolve(s.parent, key) // want `not-a-retry \(recursion.structure\)`
}

func codeIn(msg string) (int, error) { return 0, nil }

// codeOf looks for a code in the error, then in the error it wraps.
func codeOf(err error) int {
	if err == nil {
		return 0
	}
	code, perr := codeIn(err.Error())
	if perr != nil {
		return codeOf(errors.Unwrap(err)) // want `not-a-retry \(recursion.structure\)`
	}
	return code
}

type store2 struct{}

func (s *store2) claim(key string) (claimed *string, err error) { return nil, nil }
func (s *store2) step() (result *string, err error)             { return nil, nil }

// claimDue goes round when the claim answers nothing beside no error:
// nothing was due, the claim did not fail.
func claimDue(s *store2) (string, error) {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		time.Sleep(time.Second)
		got, err := s.claim("due")
		if err != nil {
			return "", err
		}
		if got != nil {
			return *got, nil
		}
	}
}

// runSteps goes round while a step answers nothing beside no error: the
// work is still in progress.
func runSteps(s *store2) (string, error) {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		res, err := s.step()
		if err == nil && res == nil {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return "", err
		}
		return *res, nil
	}
}

type router struct{}

func (r *router) borrow(addrs func() []string) (*session, error) { return nil, nil }

type session struct{}

func (s *session) table() (string, error) { return "", nil }

// firstTable borrows a session from each router in turn, handed as a
// function that names it, and asks it for the table.
func firstTable(r *router, addrs []string) (string, error) {
	var err error
	for _, addr := range addrs { // want `not-a-retry \(loop.failover\)`
		s, berr := r.borrow(func() []string { return []string{addr} })
		if berr != nil {
			err = berr
			continue
		}
		t, terr := s.table()
		if terr == nil {
			return t, nil
		}
		err = terr
	}
	return "", err
}

type handoff struct{ deliver func(v any) }

func (q *inbox) receiveInto(h *handoff) bool { return false }

// firstStorableHanded takes each value through a callback the read is
// handed, and reads on after a value it cannot store.
func firstStorableHanded(q *inbox) bool {
	var got any
	h := &handoff{deliver: func(v any) { got = v }}
	for { // want `not-a-retry \(loop.next-value\)`
		if !q.receiveInto(h) {
			return false
		}
		if err := store(got); err == nil {
			return true
		}
	}
}

// nextDecoded reads until a message decodes: the read it was handed
// takes the next message each time, so a message that does not decode is
// dropped, not read again.
func nextDecoded(read func() (string, error)) string {
	dropped := 0
	for { // want `not-a-retry \(loop.next-value\)`
		msg, err := read()
		if err == nil {
			return msg
		}
		dropped++
	}
}

func statFile(path string) error      { return nil }
func joinPath(parts ...string) string { return "" }
func parentOf(dir string) string      { return dir }

// findUp looks for a marker in a directory and each one above it, up to
// the root, where the parent of a directory is the directory itself.
func findUp(dir string) string {
	for { // want `not-a-retry \(loop.walk\)`
		if err := statFile(joinPath(dir, "marker")); err == nil {
			return dir
		}
		parent := parentOf(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

type scopeNode struct{ up *scopeNode }

func (n *scopeNode) lookup(key string) (string, error) { return "", nil }

// lookupOuter asks each enclosing scope in turn until one knows the key
// or none is left.
func lookupOuter(n *scopeNode, key string) (string, error) {
	for ; n != nil; n = n.up { // want `not-a-retry \(loop.walk\)`
		if v, err := n.lookup(key); err == nil {
			return v, nil
		}
	}
	return "", errors.New("unknown " + key)
}

type body struct{}

func (body) Read(p []byte) (int, error) { return 0, nil }

// copyBody reads a body chunk by chunk: the end of the stream (io.EOF)
// goes round once more to write what came with it, and is no failure.
func copyBody(b body, write func([]byte) error) error {
	buf := make([]byte, 4096)
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		n, err := b.Read(buf)
		if err != nil && err != io.EOF {
			return err
		}
		if n == 0 {
			return nil
		}
		if err := write(buf[:n]); err != nil {
			return err
		}
	}
}

// newID reads the local random source until it answers: it reaches no
// other process and does not fail, so there is nothing to retry.
func newID() [16]byte {
	var id [16]byte
	for { // want `not-a-retry \(loop.no-operation\)`
		if _, err := crand.Read(id[:]); err == nil {
			return id
		}
	}
}

func handshake(version int) error { return nil }

// connectDowngrading tries the newer protocol and, when it fails, the
// older one, once: the way back sets the version the guard then refuses.
func connectDowngrading() error {
	version := 4
again: // want `not-a-retry \(loop.fallback\)`
	err := handshake(version)
	if err != nil && version == 4 {
		version = 3
		goto again
	}
	return err
}

type cache struct{}

func (cache) lookup(key string) (val string, ok bool, err error) { return "", false, nil }

// awaitKey waits for a key to appear: a false ok beside a value says the
// key is not there yet, no failure of the lookup, though the loop goes
// round on the lookup's errors too.
func awaitKey(c cache, key string) string {
	for { // want `poller \(loop.poller\)`
		v, ok, err := c.lookup(key)
		if err == nil && ok {
			return v
		}
		time.Sleep(time.Second)
	}
}

func moveBatch(from, to string) (int, error) { return 0, nil }

// drainAll moves ready items in batches until a batch moves none, and
// returns on the first error: n counts what moved, no status.
func drainAll(from, to string) error {
	n := 1
	for n != 0 { // want `not-a-retry \(loop.no-failure-edge\)`
		var err error
		n, err = moveBatch(from, to)
		if err != nil {
			return err
		}
	}
	return nil
}

func chunkLength() (v int64, err error) { return 0, nil }

// readChunks reads length-prefixed chunks until one of length 0: the
// length the loop tests is no status, whatever the callee calls it.
func readChunks() error {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		length, err := chunkLength()
		if err != nil {
			return err
		}
		if length == 0 {
			return nil
		}
	}
}

type item struct{ typ int }

func items() []item { return nil }

// firstUnset looks for an element whose kind is not set yet: a tag, no
// status.
func firstUnset() int {
	for j := 0; j < 10; j++ { // want `not-a-retry \(loop.no-failure-edge\)`
		if items()[j].typ == 0 {
			return j
		}
	}
	return -1
}

type task struct{}

func nextTask() (*task, error) { return nil, nil }

// waitForTask returns a task or any error at once, and waits for a
// signal only when the backend answered nothing, without an error: a
// poller for work, not a retry.
func waitForTask(signal chan struct{}) (*task, error) {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		if t, err := nextTask(); t != nil || err != nil {
			return t, err
		}
		<-signal
	}
}

type member struct{}

func (*member) ask() (int, error) { return 0, nil }
func (*member) Close() error      { return nil }

type pool struct{}

func (*pool) leastLoaded() *member      { return nil }
func (*pool) deregister(m *member)      {}
func (*pool) connect() (*member, error) { return nil, nil }

// askAny asks the least loaded member, and after a failure forgets it
// and asks the next: each round asks another member until none is
// left, a failover, not a retry.
func askAny(p *pool) (int, error) {
	for m := p.leastLoaded(); m != nil; m = p.leastLoaded() { // want `not-a-retry \(loop.failover\)`
		n, err := m.ask()
		if err == nil {
			return n, nil
		}
		p.deregister(m)
		_ = m.Close()
	}
	return 0, errors.New("no members left")
}

type issuer interface{ name() string }

type renewer interface {
	renew() (int, error)
}

// renewFromAny asks each configured source that can renew, once, until
// one answers: the asserted interface is the element's, a failover.
func renewFromAny(sources []issuer) (int, error) {
	for _, s := range sources { // want `not-a-retry \(loop.failover\)`
		if r, ok := s.(renewer); ok {
			n, err := r.renew()
			if err != nil {
				continue
			}
			return n, nil
		}
	}
	return 0, errors.New("no source renewed")
}

type channel struct{}

func openChannel(addr string) (*channel, error) { return nil, nil }
func (*channel) features() (int, error)         { return 0, nil }
func preferred(addr string) string              { return addr }

// discover tries each candidate once, on a channel to it or to the node
// it prefers: either way the channel comes from the element.
func discover(candidates []string) (int, error) {
	for _, c := range candidates { // want `not-a-retry \(loop.failover\)`
		ch, err := openChannel(c)
		if err != nil {
			continue
		}
		if p := preferred(c); p != c {
			ch, err = openChannel(p)
			if err != nil {
				continue
			}
		}
		n, err := ch.features()
		if err != nil {
			continue
		}
		return n, nil
	}
	return 0, errors.New("no candidate answered")
}

type frames struct{}

func (frames) readMessage() ([]byte, error) { return nil, nil }

type replyDecoder struct{}

func newReplyDecoder(data []byte) *replyDecoder { return &replyDecoder{} }
func (*replyDecoder) decode() (string, error)   { return "", nil }

// readFrames decodes each message's replies until the replyDecoder reaches
// the end of the message (io.EOF), then reads the next message; any
// other error ends it.
func readFrames(f frames, out chan<- string) error {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		data, err := f.readMessage()
		if err != nil {
			return err
		}
		d := newReplyDecoder(data)
		for { // want `not-a-retry \(loop.no-failure-edge\)`
			reply, err := d.decode()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
			out <- reply
		}
	}
}

type sock struct{}

func (sock) setBuffer(n int) error { return nil }

// shrinkBuffer asks for a smaller buffer each time the last size was
// refused, down to nothing: another request each round, not a retry.
func shrinkBuffer(s sock) error {
	size := 4 << 20
	var err error
	for size > 0 { // want `not-a-retry \(loop.walk\)`
		if err = s.setBuffer(size); err == nil {
			return nil
		}
		size = size / 2
	}
	return err
}

type waiters struct{ items []chan error }

func (w *waiters) Len() int { return len(w.items) }

func (w *waiters) pop() chan error {
	ch := w.items[0]
	w.items = w.items[1:]
	return ch
}

// wakeAll drains a list of waiters until its length is 0: a size, not a
// status that fails.
func wakeAll(w *waiters, cause error) {
	for { // want `not-a-retry \(loop.no-failure-edge\)`
		if w.Len() == 0 {
			break
		}
		w.pop() <- cause
	}
}
