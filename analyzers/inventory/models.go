package inventory

import (
	"fmt"
	"go/constant"
	"math"
	"math/big"
	"strings"
	"time"
)

// model is the formula of one library family: the numbers its packs set,
// and how they make the worst-case wait. Each formula follows the
// library's code as its packs' source says; where a random draw lies
// below a bound, the bound counts.
type model struct {
	params  map[string]paramKind
	kinds   []string
	parts   []string
	compute func(v *value) schedule
}

var models = map[string]*model{
	"avast": {
		params:  map[string]paramKind{"attempts": intParam, "delay": durationParam, "max-delay": durationParam, "max-jitter": durationParam, "delay-type": partsParam},
		parts:   []string{"backoff", "fixed", "random", "full-jitter"},
		compute: avastSchedule,
	},
	"cenkalti": {
		params: map[string]paramKind{"kind": kindParam, "initial": durationParam, "randomization": floatParam, "multiplier": floatParam,
			"max-interval": durationParam, "max-elapsed": durationParam, "interval": durationParam, "retries": intParam},
		kinds:   []string{"exponential", "constant", "zero", "stop"},
		compute: cenkaltiSchedule,
	},
	"cenkalti-v5": {
		params:  map[string]paramKind{"max-tries": intParam, "max-elapsed": durationParam},
		compute: cenkaltiV5Schedule,
	},
	"k8s": {
		params:  map[string]paramKind{"steps": intParam, "duration": durationParam, "factor": floatParam, "jitter": floatParam, "cap": durationParam},
		compute: k8sSchedule,
	},
	"retryablehttp": {
		params:  map[string]paramKind{"retry-max": intParam, "wait-min": durationParam, "wait-max": durationParam},
		compute: retryablehttpSchedule,
	},
}

// num reads a number of a value as an int64 (a duration in
// nanoseconds), truncated toward zero; ok is false if it is missing or
// does not fit.
func (v *value) num(name string) (int64, bool) {
	c, ok := v.nums[name]
	if !ok {
		return 0, false
	}
	c = truncate(c)
	if c.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c)
}

// rat reads a number of a value exactly.
func (v *value) rat(name string) (*big.Rat, bool) {
	c, ok := v.nums[name]
	if !ok {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(c.ExactString())
	return r, ok
}

func missing(names ...string) schedule {
	return unknownSchedule("the configuration does not set " + strings.Join(names, ", "))
}

// ceilDuration rounds a number of nanoseconds up, saturating.
func ceilDuration(r *big.Rat) time.Duration {
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() || q.Int64() < 0 && r.Sign() > 0 {
		return math.MaxInt64
	}
	return time.Duration(q.Int64())
}

func truncDuration(r *big.Rat) time.Duration {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !q.IsInt64() {
		return math.MaxInt64
	}
	return time.Duration(q.Int64())
}

func ratOf(d time.Duration) *big.Rat { return new(big.Rat).SetInt64(int64(d)) }

// avastSchedule: retry-go waits after attempt n, n = 1 .. attempts-1,
// the sum of its delay type's parts, capped by MaxDelay when positive:
// BackOffDelay is delay·2^(n−1) (the shift stops at 62 − log2(delay)),
// FixedDelay delay, RandomDelay below MaxJitter, FullJitterBackoffDelay
// below delay·2^n capped by MaxDelay.
func avastSchedule(v *value) schedule {
	attempts, ok1 := v.num("attempts")
	delay, ok2 := v.num("delay")
	maxDelay, ok3 := v.num("max-delay")
	maxJitter, ok4 := v.num("max-jitter")
	if !ok1 || !ok2 || !ok3 || !ok4 || len(v.parts) == 0 {
		return missing("attempts, delay, max-delay, max-jitter and the delay type")
	}
	if attempts == 0 {
		return unknownSchedule("Attempts(0) retries until the operation succeeds")
	}
	if attempts < 0 || attempts > maxCounted {
		return unknownSchedule(fmt.Sprintf("%d attempts are more than the inventory adds up", attempts))
	}
	var desc []string
	for _, p := range v.parts {
		switch p {
		case "backoff":
			if delay <= 0 {
				return unknownSchedule("BackOffDelay with a delay of zero or less")
			}
			desc = append(desc, fmt.Sprintf("%s·2^(n−1)", time.Duration(delay)))
		case "fixed":
			desc = append(desc, time.Duration(delay).String())
		case "random":
			if maxJitter <= 0 {
				return unknownSchedule("RandomDelay with a MaxJitter of zero or less panics")
			}
			desc = append(desc, fmt.Sprintf("up to %s", time.Duration(maxJitter)))
		case "full-jitter":
			desc = append(desc, fmt.Sprintf("up to %s·2^n", time.Duration(delay)))
		}
	}
	shiftCap := int64(62 - int(math.Floor(math.Log2(float64(max(delay, 1))))))
	var total time.Duration
	for n := int64(1); n < attempts; n++ {
		var d time.Duration
		for _, p := range v.parts {
			switch p {
			case "backoff":
				d = addDuration(d, time.Duration(delay)<<min(n-1, shiftCap))
			case "fixed":
				d = addDuration(d, time.Duration(delay))
			case "random":
				d = addDuration(d, time.Duration(maxJitter))
			case "full-jitter":
				ceiling := math.MaxInt64 * 1.0
				if n < 62 {
					ceiling = float64(delay) * math.Pow(2, float64(n))
				}
				if maxDelay > 0 && ceiling > float64(maxDelay) {
					ceiling = float64(maxDelay)
				}
				if ceiling > 0 {
					d = addDuration(d, time.Duration(min(ceiling, math.MaxInt64)))
				}
			}
		}
		if maxDelay > 0 && d > time.Duration(maxDelay) {
			d = time.Duration(maxDelay)
		}
		total = addDuration(total, d)
	}
	how := fmt.Sprintf("%d attempts; after attempt n (1 ≤ n < %d) a wait of %s", attempts, attempts, strings.Join(desc, " + "))
	if maxDelay > 0 {
		how += fmt.Sprintf(", each at most MaxDelay %s", time.Duration(maxDelay))
	}
	return schedule{attempts: attempts, wait: total, known: true, how: how}
}

// cenkaltiSchedule: backoff v4 waits NextBackOff() after each failure
// until it returns Stop. WithMaxRetries(b, r) returns Stop after r
// waits. ExponentialBackOff's k-th wait is drawn from
// c_k·[1−RF, 1+RF] (at most ceil(c_k·(1+RF))), c_1 the initial interval,
// c_k+1 = c_k·multiplier or MaxInterval once c_k·multiplier reaches it;
// it returns Stop instead of a wait that would end past MaxElapsedTime
// from the start (0: never). ConstantBackOff waits its interval,
// ZeroBackOff nothing, StopBackOff stops at once.
func cenkaltiSchedule(v *value) schedule {
	retries, hasRetries := v.num("retries")
	attempts := int64(0)
	if hasRetries {
		attempts = retries + 1
	}
	switch v.kind {
	case "stop":
		return schedule{attempts: 1, known: true, how: "StopBackOff: one attempt, no wait"}
	case "zero":
		if !hasRetries {
			return unknownSchedule("ZeroBackOff never stops")
		}
		return schedule{attempts: attempts, known: true, how: fmt.Sprintf("%d attempts, no wait (ZeroBackOff)", attempts)}
	case "constant":
		interval, ok := v.num("interval")
		if !ok {
			return missing("interval")
		}
		if !hasRetries {
			return unknownSchedule("ConstantBackOff never stops")
		}
		total, ok := mulDuration(time.Duration(interval), retries)
		if !ok {
			return unknownSchedule("the worst case overflows")
		}
		return schedule{attempts: attempts, wait: total, known: true, how: fmt.Sprintf("%d attempts, %d waits of %s", attempts, retries, time.Duration(interval))}
	case "exponential":
	default:
		return unknownSchedule("the kind of backoff is not known")
	}
	initial, ok1 := v.num("initial")
	rf, ok2 := v.rat("randomization")
	mult, ok3 := v.rat("multiplier")
	maxInterval, ok4 := v.num("max-interval")
	maxElapsed, ok5 := v.num("max-elapsed")
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
		return missing("the initial interval, randomization factor, multiplier, max interval and max elapsed time")
	}
	if rf.Sign() < 0 || rf.Cmp(big.NewRat(1, 1)) > 0 || mult.Cmp(big.NewRat(1, 1)) < 0 || initial < 0 {
		return unknownSchedule("a randomization factor outside [0, 1], a multiplier below 1 or a negative interval")
	}
	sched := schedule{attempts: attempts}
	if maxElapsed > 0 {
		sched.elapsed = time.Duration(maxElapsed)
	}
	if !hasRetries {
		if maxElapsed <= 0 {
			return unknownSchedule("MaxElapsedTime 0 and no WithMaxRetries: it never stops")
		}
		sched.wait, sched.known = time.Duration(maxElapsed), true
		sched.how = fmt.Sprintf("each wait ends within MaxElapsedTime %s of the first attempt", time.Duration(maxElapsed))
		return sched
	}
	if retries > maxCounted {
		return unknownSchedule("more retries than the inventory adds up")
	}
	spread := new(big.Rat).Add(big.NewRat(1, 1), rf)
	current := ratOf(time.Duration(initial))
	maxI := ratOf(time.Duration(maxInterval))
	var total time.Duration
	var first []string
	for k := int64(0); k < retries; k++ {
		w := current
		if rf.Sign() > 0 {
			w = new(big.Rat).Mul(current, spread)
		}
		wd := ceilDuration(w)
		total = addDuration(total, wd)
		if len(first) < 4 {
			first = append(first, wd.String())
		}
		if new(big.Rat).Mul(current, mult).Cmp(maxI) >= 0 {
			current = maxI
		} else {
			current = ratOf(truncDuration(new(big.Rat).Mul(current, mult)))
		}
	}
	if retries > 4 {
		first = append(first, "…")
	}
	sched.wait, sched.known = total, true
	sched.how = fmt.Sprintf("%d attempts, %d waits of at most %s (initial %s × %s per wait up to %s, + %s randomization)",
		attempts, retries, strings.Join(first, ", "), time.Duration(initial), mult.FloatString(2), time.Duration(maxInterval), rf.FloatString(2))
	if maxElapsed > 0 && total > time.Duration(maxElapsed) {
		sched.wait = time.Duration(maxElapsed)
		sched.how += fmt.Sprintf("; capped by MaxElapsedTime %s", time.Duration(maxElapsed))
	}
	return sched
}

// cenkaltiV5Schedule: backoff v5's Retry stops after MaxTries attempts
// (0: no cap) and before a wait that would end past MaxElapsedTime from
// the start (0: never). An operation's RetryAfter error sets the next
// wait to any value, so only the elapsed-time cap bounds the waits.
func cenkaltiV5Schedule(v *value) schedule {
	tries, ok1 := v.num("max-tries")
	maxElapsed, ok2 := v.num("max-elapsed")
	if !ok1 || !ok2 {
		return missing("MaxTries and MaxElapsedTime")
	}
	sched := schedule{}
	if tries > 0 {
		sched.attempts = tries
	}
	if maxElapsed <= 0 {
		sched.how = "no elapsed-time cap, and an operation's RetryAfter error can set any wait"
		return sched
	}
	sched.elapsed = time.Duration(maxElapsed)
	sched.wait, sched.known = time.Duration(maxElapsed), true
	sched.how = fmt.Sprintf("each wait ends within MaxElapsedTime %s of the first attempt", time.Duration(maxElapsed))
	return sched
}

// k8sSchedule: wait.ExponentialBackoff runs its condition at most Steps
// times and sleeps Step() between runs: the duration, plus up to
// Jitter × it when Jitter > 0; each step multiplies the duration by
// Factor (when not 0), and a duration past Cap (when positive) becomes
// Cap and ends the steps after that sleep.
func k8sSchedule(v *value) schedule {
	steps, ok1 := v.num("steps")
	duration, ok2 := v.num("duration")
	factor, ok3 := v.rat("factor")
	jitter, ok4 := v.rat("jitter")
	capD, ok5 := v.num("cap")
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
		return missing("Steps, Duration, Factor, Jitter and Cap")
	}
	if steps < 1 {
		return unknownSchedule("Steps below 1: the condition never runs")
	}
	if steps > maxCounted || duration < 0 || factor.Sign() < 0 {
		return unknownSchedule("more steps than the inventory adds up, or a negative duration or factor")
	}
	d := ratOf(time.Duration(duration))
	var total time.Duration
	var first []string
	waits, attempts := int64(0), int64(1)
	for s := steps; s > 1; {
		// Step(): one step used; the next duration computed, capped.
		s--
		next := d
		if factor.Sign() != 0 {
			next = ratOf(truncDuration(new(big.Rat).Mul(d, factor)))
			if capD > 0 && next.Cmp(ratOf(time.Duration(capD))) > 0 {
				next, s = ratOf(time.Duration(capD)), 0
			}
		}
		// Jitter adds trunc(r·Jitter·d) for r in [0, 1): at most
		// floor(Jitter·d).
		w := truncDuration(d)
		if jitter.Sign() > 0 {
			w = addDuration(w, truncDuration(new(big.Rat).Mul(d, jitter)))
		}
		total = addDuration(total, w)
		waits++
		if len(first) < 4 {
			first = append(first, w.String())
		}
		d = next
		if s > 0 {
			attempts++ // the loop goes round: the condition runs again
		}
	}
	if waits > 4 {
		first = append(first, "…")
	}
	how := fmt.Sprintf("%d attempts, %d waits of at most %s (Steps %d, Duration %s × Factor %s", attempts, waits, strings.Join(first, ", "), steps, time.Duration(duration), factor.FloatString(2))
	if jitter.Sign() > 0 {
		how += fmt.Sprintf(", + Jitter %s", jitter.FloatString(2))
	}
	if capD > 0 {
		how += fmt.Sprintf(", Cap %s", time.Duration(capD))
	}
	how += ")"
	if waits == 0 {
		how = "1 attempt, no wait (Steps 1)"
	}
	return schedule{attempts: attempts, wait: total, known: true, how: how}
}

// retryablehttpSchedule: a retryablehttp client makes RetryMax + 1
// attempts and waits min(RetryWaitMin·2^i, RetryWaitMax) after attempt
// i with DefaultBackoff, except after a 429 or 503 response whose
// Retry-After header sets the wait, with no cap: the worst case is the
// server's.
func retryablehttpSchedule(v *value) schedule {
	retryMax, ok1 := v.num("retry-max")
	minWait, ok2 := v.num("wait-min")
	maxWait, ok3 := v.num("wait-max")
	if !ok1 || !ok2 || !ok3 {
		return missing("RetryMax, RetryWaitMin and RetryWaitMax")
	}
	attempts := max(retryMax, 0) + 1
	if retryMax > maxCounted {
		return unknownSchedule("more retries than the inventory adds up")
	}
	var total time.Duration
	for i := int64(0); i < retryMax; i++ {
		mult := math.Pow(2, float64(i)) * float64(minWait)
		sleep := time.Duration(mult)
		if float64(sleep) != mult || sleep > time.Duration(maxWait) {
			sleep = time.Duration(maxWait)
		}
		total = addDuration(total, sleep)
	}
	return schedule{attempts: attempts, how: fmt.Sprintf("%d attempts; the waits min(%s·2^i, %s) add up to %s, but a 429 or 503 response's Retry-After header sets a wait of any length",
		attempts, time.Duration(minWait), time.Duration(maxWait), total)}
}
