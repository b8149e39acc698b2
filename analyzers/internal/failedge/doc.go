// Package failedge decides, on a function's SSA form, which of its loops
// and recursive calls are retries: places where an operation runs again
// because its last run failed.
//
// # The definition
//
// A retry site is a loop, or a call of a function by itself, that holds
// an operation and whose way back to that operation is taken only on an
// outcome of the operation that means failure, while its success leaves
// the loop (or never reaches the recursive call).
//
// Loops are the natural loops of the function's control-flow graph: an
// edge b → h where h dominates b is a back edge, and the loop is h with
// every block that reaches b without passing h. A for statement, a range
// over an integer, a slice, a map or a channel, and a goto back to a
// label all make one; two back edges to one header (continue and the
// end of the body) make one loop. Each closure is decided on its own
// graph. The loop's statement is the innermost for or range statement
// holding its instructions, or the labelled statement for a goto.
//
// An operation is a call in the loop that returns something (or is
// handed a closure or a local's address it may fill), and that is not a
// wait of the rule packs (time.Sleep, time.After, a backoff's Wait), a
// builtin, a function from an error to an error (an unwrapper, a
// wrapper), a function from an error to a bool (a decision on a failure:
// isRetryable(err), WaitOrSkipRetry(ctx, n, cmd, err), even one that
// waits before it answers, and one whose bool comes last beside what goes
// with the verdict, with no error: Retry(err) (time.Duration, bool),
// check(url, resp, err) (next string, retry bool)), a method that inspects an error (Error, Is, Unwrap,
// Temporary, Timeout), or a function of a package that computes without
// failing (errors, fmt, strings, strconv, time, context, sync, the random
// sources the packs name, crypto/rand and math/rand, ...): a
// context's Err bounds a loop and is not retried.
//
// A failure outcome of an operation is the side of a branch on a value
// computed from the operation that means it failed:
//
//   - its error compared with nil (err != nil is failure, err == nil
//     success), also through a phi (for err != nil { err = op() }), a
//     variable a closure shares, or an error field of its answer
//     (res.Err == nil) or of a reply's own Error method, also on an
//     element of a batch's replies (replies[i].Error() != nil); when no
//     result is declared error, a result of a
//     concrete type with an Error method (*url.Error, a client's own
//     *Error) is its error;
//   - its answer compared with nil when the answer is a pointer or an
//     interface returned beside an error, and the nil side joins its
//     error's failure (if err != nil || reply == nil, reply == nil is
//     failure). A nil answer tested past the success side of its error
//     (if err != nil { return }; if reply == nil ...; or err == nil &&
//     reply == nil) and going elsewhere says there is nothing there, not
//     a failure: an EXEC whose transaction did not run, a task still in
//     progress. A nil slice or map is an empty answer, and a nil from a
//     function that returns no error is a lookup that found nothing;
//   - a status of its answer (a field, an element, or a method's
//     integer: resp.StatusCode, resp.StatusCode()) compared with a
//     constant. Of HTTP's codes, 2xx is success; 3xx is neither, since
//     a redirect names another place and is no failure (a loop that
//     follows a 301 is not a retry); 4xx and 5xx are failure, the
//     terminal ones too (whether a failure deserves a retry is the
//     catch-all check's business). So == 429, == 404, >= 500 and != 200
//     are failure; < 500 and == 200 are success; == 301 and != 302 say
//     nothing. A range from 300 up (>= 300) is failure: clients follow
//     redirects themselves, so a 3xx seldom reaches such a test. For
//     other codes, 0 is success (code != 0 is failure) for an answer
//     named for a status (a code, a status, rc, an err, a result), one
//     whose integer type has an Error method (a protocol's error code),
//     or one with no name; an integer named otherwise counts or tags (n, length, typ:
//     n != 0 says the operation did something, as a drain in batches
//     goes on while it moves some, or a reader while chunks come) and
//     says nothing of a failure. An integer result is known by the
//     variable it is assigned to (length, err := readI(r)). A status
//     compared with an element of a list (for _, code := range
//     t.retryStatus { if res.StatusCode == code ...}) takes its meaning
//     from the list's name, as a bool does from its own: equal to one of
//     retryStatus or retryableCodes is failure;
//   - a bool computed by a function from its error (retryable(err),
//     shouldRetry(resp, err), errors.Is(err, ErrBusy), an assertion
//     err.(net.Error)): true says which failure it was;
//   - a bool it returns beside an error, read from the returns of its
//     callee when the callee's body is built: a bool that is false on
//     no return without an error (done, err := h.iteration(); the
//     iteration returns false only with the error it will be retried
//     on) is false on a failure; one true on no return without an error
//     is true on a failure; one false beside a nil error (a condition
//     not met yet) says nothing;
//   - otherwise, a bool it returns, or a bool field of its answer, or a variable a
//     closure it was handed sets, whose name says what its truth means:
//     retry, again, failed, temporary, timeout and the like are true on
//     a failure; sent, acquired, committed and the like are true on
//     success. The name is the signature's, else the variable's the
//     call is assigned to (again, err := f(n)). An ok that is the
//     first result, beside the error and no other bool (ok, err :=
//     kv.CAS(p); ok, meta, err := kv.CAS(p)), is true when
//     the operation took effect, and its false is a failure in a loop
//     that goes round on that error too (a compare-and-swap that lost
//     to another writer); where the error leaves the loop, a false ok is
//     a state not reached yet (a readiness probe), no failure. An ok
//     after a value (v, ok, err := c.Get(k)) says whether the value was
//     there, no failure either. A bool
//     named otherwise (more, ready, done) says nothing of a failure. A builtin's
//     measure of the answer (len(items)) is no status.
//
// Negation flips a failure outcome. A bool the loop sets on its ways and
// tests later (retry := false; if err != nil { retry = true }; if !retry
// { break }) is followed along each way: the branch on it has one
// successor on a way that fixes it.
//
// # The rules
//
//   - loop.failure-edge (retry): from the operation, a way round the
//     loop's header back to the operation exists, and every such way
//     takes a failure edge of the operation: with those edges cut, the
//     operation cannot come round again. Success leaves the loop or
//     stays in a loop nested inside.
//   - loop.poller (poller): a failure edge of the operation goes round
//     the loop, but so does a way without one: the loop goes round on
//     success too (a poller, a heartbeat, an accept loop, an event
//     loop).
//   - loop.poller-backoff (poller with backoff): a poller with a wait
//     that lies only on the ways a failure edge starts, not on any way
//     from the operation's success: that wait is a backoff.
//   - loop.no-failure-edge (not a retry): the loop has operations but no
//     failure of theirs is what takes it round (paging, a read loop, a
//     loop over items whose failures leave it, a loop whose retries are
//     in a loop nested inside). A way round taken only where the error
//     is io.EOF (err == io.EOF, errors.Is(err, io.EOF): the input ended,
//     read the next message) is no failure's.
//   - loop.failover (not a retry): the loop would be a retry of an
//     operation whose receiver, function value or an argument comes
//     from another element each round: an element indexed by the loop's
//     counter (dial(hosts[i])), a range's key or value (p.get() in a
//     range over the providers or over a map), a map's value at such a
//     key (convs[name].encode(v)), or a value computed from one (name +
//     ":" + port, a struct built from the element's fields, a closure
//     that captures it, what a call made from it returns, what a type
//     assertion of it gives, a value that every way comes from one), or
//     a member
//     a pool picks each round (b = c.leastLoaded()) that the loop hands
//     to a method of the same pool that forgets it (c.deregister(b)):
//     each round runs it on another item. A loop that would be a poller of such an
//     operation is a failover too. A failover to a node a policy picks
//     (next := pick(); send(next)) stays a retry.
//   - loop.walk (not a retry): the loop would be a retry of an operation
//     whose receiver or an argument is a value the loop advances from
//     itself (by a call, a field, a load or a slice: dir =
//     filepath.Dir(dir), n = n.up) and that the loop tests against its
//     old value or against nil: it walks up a tree or down a list until
//     the value stops changing or runs out, running the operation on
//     each step; or an integer it halves (size /= 2, size >>= 1) while
//     it is above a bound, asking for less each time it is refused. A request rebuilt from itself that no such test ends
//     (req = req.clone()) is the next attempt of the same operation.
//   - loop.fallback (not a retry): the loop would be a retry of an
//     operation handed an integer mode that every way round sets to a
//     constant it did not enter with (version = 3; goto again, after a
//     refusal of version 4): the next round runs it in another way, a
//     fallback to an older protocol or variant.
//   - loop.next-value (not a retry): the loop would be a retry of an
//     operation that is a read of the next value (a method named Recv,
//     Receive or Next, or an io.Reader's Read(p []byte) (int, error), of
//     a receiver that is the same each round: a stream, an iterator, a
//     body read chunk by chunk; r.Copy().Next() hands a fresh request
//     down a chain and reads nothing), or a call of a function value handed in
//     whose name says it reads (read, next, recv: each call takes the
//     next message), or that runs on a value read anew each round
//     (a receive from a channel, such a call's result, a variable a
//     closure handed to such a call sets, or a value computed from one): after a failure it goes on to the next value,
//     it does not run the same operation again. So is a loop that would
//     be a poller of such an operation.
//   - loop.no-operation (not a retry): the loop calls no operation.
//   - recursion.failure-edge: a call of the function by itself (or of
//     the enclosing function from one of its closures) is a retry when
//     some operation reaches it only through a failure edge and can
//     reach it through one; otherwise (paging by recursion, a walk of a
//     tree) it is not.
//   - recursion.structure (not a retry): a recursion that would be a
//     retry, whose call passes a part of one of the function's
//     parameters (a field, an element, a map's value, what an unwrapper
//     or a getter such as GetCause or Unwrap returns of it: f(x.Cause),
//     f(errors.Unwrap(err))): each call goes one step down a structure (a
//     cause chain, a scope's parents) and runs on another value.
//
// Among a loop's operations, one that makes it a retry wins over one
// that makes it a poller with backoff, which wins over a poller.
//
// A retry needs no wait: a loop that goes round at once on a failure is
// a retry all the same (its checks then find no delay to judge).
//
// # What it does not see
//
//   - A range over a function (an iterator): SSA moves the body into a
//     closure that the iterator calls, so there is no loop in either
//     graph. Such a loop is reported by no rule.
//   - A recursion through a closure called on failure (retry :=
//     func(err error) error { ...; return c.lookup(n-1) }): the operation
//     is in the function, the call in the closure.
//   - Items kept for the next round (pending = failed): a retry through
//     data, not control.
//   - A status compared with a configured list of codes whose name says
//     nothing (for _, code := range codes { if resp.StatusCode == code
//     ...}): the comparison is with a variable, whose meaning is not
//     known.
//   - A wait through a function of the package that sleeps: only the
//     rule packs' waits are waits.
//   - An item taken from a pool each round (conn := srv.getIdle(); a
//     health check of it that fails drops it and takes the next): the
//     item comes from a call that is the same each round, not from an
//     element the loop walks, so the check is judged retried.
//   - A read of the next value through a method of another name
//     (Poll, Fetch, Pop) is judged by its failures like any operation.
//   - A loop or a function whose operations times its blocks pass a
//     budget (generated visitors of a thousand cases that call
//     themselves in each): deciding it would cost seconds, so it is left
//     undecided and the syntax rules of the caller read it.
//
// A read of the next value (each round takes the next report) is not a
// retry: reading on is not running the same operation again. A
// readiness wait whose probe fails until the server answers (for { if
// err := dial(); err == nil { return } }) is one by this definition.
package failedge
