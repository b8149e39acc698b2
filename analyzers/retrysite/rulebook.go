package retrysite

import (
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
)

// The rules of the model. Each has one line in ruleDocs, which
// docs/architecture.md lists under the group of ruleGroups.

// What makes a place a site.
const (
	ruleLibraryCall      Rule = "library.call"
	ruleOwnUse           Rule = "library.own-use"
	ruleLibraryPoll      Rule = "library.poll-on-failure"
	ruleClientCtor       Rule = "client.constructor"
	ruleClientLiteral    Rule = "client.literal"
	ruleClientConfig     Rule = "client.configured"
	ruleHelperCall       Rule = "helper.call"
	ruleHelperHeld       Rule = "helper.held"
	ruleRedelivery       Rule = "redelivery.count"
	ruleDeclared         Rule = "declared.retried"
	ruleFrameworkRun     Rule = "framework.dispatch"
	ruleFrameworkHandler Rule = "framework.registration"
	ruleTransaction      Rule = "transaction.rerun"
	ruleRecursion        Rule = "recursion.self-call"

	ruleLoopSuccessLeaves Rule = "loop.success-leaves"
	ruleLoopFailureGoes   Rule = "loop.failure-continues"
	ruleLoopRetryQueue    Rule = "loop.retry-queue"
	ruleLoopPollerBackoff Rule = "loop.poller-backoff"
	ruleLoopWaits         Rule = "loop.waits"
	ruleAfterRefusal      Rule = "loop.after-refusal"
	ruleLoopIterator      Rule = "loop.waiting-iterator"

	// The definition's rules (analyzers/internal/failedge), decided on
	// SSA for every loop and recursion it sees.
	ruleLoopFailureEdge    Rule = failedge.RuleFailureEdge
	ruleDefPoller          Rule = failedge.RulePoller
	ruleDefNoFailureEdge   Rule = failedge.RuleNoFailureEdge
	ruleDefNoOperation     Rule = failedge.RuleNoOperation
	ruleDefFailover        Rule = failedge.RuleFailover
	ruleDefNextValue       Rule = failedge.RuleNextValue
	ruleDefWalk            Rule = failedge.RuleWalk
	ruleDefFallback        Rule = failedge.RuleFallback
	ruleRecursionEdge      Rule = failedge.RuleRecursion
	ruleRecursionStructure Rule = failedge.RuleRecursionStructure
)

// What keeps a loop, a self-call or a message's send from being a site.
const (
	ruleNotChannelRange Rule = "notsite.channel-range"
	ruleNotFailureEdge  Rule = "notsite.no-failure-edge"
	ruleNotRelay        Rule = "notsite.relay"
	ruleNotTicker       Rule = "notsite.ticker-schedule"
	ruleNotOwnEntry     Rule = "notsite.own-entry"
)

// How a site's jitter is judged.
const (
	ruleJitterRandom   Rule = "jitter.random"
	ruleJitterConstant Rule = "jitter.constant"
	ruleJitterUnread   Rule = "jitter.unread"
	ruleJitterConfig   Rule = "jitter.configured"
	ruleJitterLocal    Rule = "jitter.local-attempts"
	ruleJitterVerdict  Rule = "jitter.own-verdict"
	ruleJitterClock    Rule = "jitter.clock-schedule"
	ruleJitterServer   Rule = "jitter.server-paced"
	ruleJitterBackoff  Rule = "jitter.backoff-function"
	ruleJitterPolicy   Rule = "jitter.policy"
	ruleJitterNoWait   Rule = "jitter.no-wait"
	ruleJitterAtOnce   Rule = "jitter.at-once"
)

// How a site's caps and cancellation are judged.
const (
	ruleCapsCounted    Rule = "caps.counted"
	ruleCapsClock      Rule = "caps.clock"
	ruleCapsRange      Rule = "caps.range"
	ruleCapsDecision   Rule = "caps.decision-counts"
	ruleCapsNone       Rule = "caps.none"
	ruleCapsIterator   Rule = "caps.iterator"
	ruleCancelStop     Rule = "cancel.stop-signal"
	ruleCancelState    Rule = "cancel.state"
	ruleCancelDecision Rule = "cancel.decision-context"
	ruleCancelContext  Rule = "cancel.context"
	ruleCancelHanded   Rule = "cancel.handed-context"
	ruleCancelCallee   Rule = "cancel.callee"
	ruleCancelArg      Rule = "cancel.context-argument"
	ruleCancelNone     Rule = "cancel.none"
)

// How a site's classification is judged.
const (
	ruleClassLooks      Rule = "classified.looks"
	ruleClassVerdict    Rule = "classified.verdict"
	ruleClassCondition  Rule = "classified.condition"
	ruleClassClassifier Rule = "classified.classifier"
	ruleClassOperation  Rule = "classified.operation"
	ruleClassHelperArg  Rule = "classified.helper-argument"
	ruleClassByCallers  Rule = "classified.by-callers"
)

// The rules that read a policy from configuration, and the others.
const (
	rulePolicyDefault    Rule = "policy.library-default"
	rulePolicyClient     Rule = "policy.client-default"
	rulePolicyOption     Rule = "policy.option"
	rulePolicyWhen       Rule = "policy.option-value"
	rulePolicyZero       Rule = "policy.option-zero"
	rulePolicyPredicate  Rule = "policy.predicate"
	rulePolicyHelper     Rule = "policy.helper-fact"
	rulePolicyFramework  Rule = "policy.framework"
	rulePolicyDeclared   Rule = "policy.declared"
	rulePolicyRedelivery Rule = "policy.redelivery"
	rulePolicyRecursion  Rule = "policy.recursion"
	ruleSupervisor       Rule = "supervisor.owner-stop"
	ruleBestEffort       Rule = "best-effort.quiet-give-up"
	rulePoller           Rule = "poller.failure-backoff"
	ruleNotKnown         Rule = "policy.not-known"
	ruleUnattributed     Rule = "model.unattributed"
)

// ruleDocs is the one line that says what each rule decides.
var ruleDocs = map[Rule]string{
	ruleLibraryCall:      "a call of a retry library's entry point named by a rule pack's retry row",
	ruleLibraryPoll:      "a library's wait for a state (a poll row) whose condition answers not done only in the branch of an error test: it asks again because what it asked failed; a poll that can answer not done after a success is no site",
	ruleOwnUse:           "a library's own call of its retry entry point that hands it work of its own, not its caller's operation: judged as any call",
	ruleClientCtor:       "the construction of a client that retries its requests, named by a rule pack's client row",
	ruleClientLiteral:    "a struct literal of the type a client row's constructor returns: a retrying client built by hand",
	ruleClientConfig:     "a call that makes an existing client retry its requests (a client row with configures), unless its count is zero or its policy turns retries off",
	ruleHelperCall:       "a call of a function that hands one of its function parameters to a retry site",
	ruleHelperHeld:       "a call of a retry helper held in a variable or field, assigned a helper or a factory's helper",
	ruleRedelivery:       "a function that moves a message's attempt count on and hands it back to its queue",
	ruleDeclared:         "a function declared retried from outside the code, by configuration or directive",
	ruleFrameworkRun:     "a task framework's dispatch of a handler it runs again on failure",
	ruleFrameworkHandler: "a task framework's registration of a handler that no dispatch in sight names, retried under the framework's default",
	ruleTransaction:      "a call that reruns a function in a new transaction when the database aborts it",
	ruleRecursion:        "a function that calls itself, with its attempt count moved on, from a closure it calls on a failure: a recursion the definition cannot see",

	ruleLoopSuccessLeaves: "a loop that leaves when the attempt succeeded and goes round otherwise",
	ruleLoopFailureGoes:   "a loop that goes round on a failure and leaves after the failure test",
	ruleLoopRetryQueue:    "a loop that takes failed items from a queue it puts them back on",
	ruleLoopPollerBackoff: "a loop that success does not leave but that waits after a failure otherwise than after success",
	ruleLoopWaits:         "a retry loop's wait between attempts",
	ruleAfterRefusal:      "a retry loop, or a retry by recursion, that goes round only on a refusal the service answered (a 4xx status), never on an error of the call: nonidempotent leaves it alone",
	ruleLoopIterator:      "a range over an iterator of this package that waits between the values it yields",

	ruleLoopFailureEdge:    "the definition: every way from the operation back round the loop to it takes a failure edge of the operation (its error, a status of its answer, a verdict), and success leaves",
	ruleDefPoller:          "the definition: a loop that a failure of its operation sends round, but that goes round on its success too (a poller, a heartbeat, an accept loop)",
	ruleDefNoFailureEdge:   "the definition: a loop with operations, none of whose failures is what takes it round (paging, reading on, items whose failures leave)",
	ruleDefNoOperation:     "the definition: a loop that calls nothing whose failure it could test",
	ruleDefFailover:        "the definition: a loop that would retry an operation run on another element each round (a host, a provider, a member a pool picks and the loop then makes it forget): a failover",
	ruleDefNextValue:       "the definition: a loop that would retry a read of the next value (Recv, Next) or work on a value read anew each round: it goes on",
	ruleDefFallback:        "the definition: a loop that would retry an operation in another mode each way round sets (version = 3; goto again): a fallback",
	ruleDefWalk:            "the definition: a loop that would retry an operation on a value it advances from itself until it stops changing or runs out (a directory's parent up to the root, a link down to nil, a size halved down to a bound): a walk",
	ruleRecursionEdge:      "the definition: a call of a function by itself that an operation reaches only through a failure edge",
	ruleRecursionStructure: "the definition: a recursion that would be a retry, but passes a part of its parameter (a cause, a parent): it walks a structure",

	ruleNotChannelRange: "a range over a channel: a ticker or a queue, polled and not retried",
	ruleNotFailureEdge:  "a loop that no test of the attempt sends round on a failure and out on success, none of whose waits comes only after a failure",
	ruleNotTicker:       "a loop the definition calls a retry that waits only for a ticker's tick, and goes round on an answer (a state) or on an operation aimed at this machine (localhost): it runs on a schedule, polling a state; one that goes round on the error of an operation aimed elsewhere is a retry the ticker paces",
	ruleNotRelay:        "a function that moves a message's count on and forwards it at once, not after a failure or a pause",
	ruleNotOwnEntry:     "a library's delegation to its own entry point (from another entry point, handing on its caller's operation, or building its own client): its implementation, which the rules describe to its callers",

	ruleJitterRandom:   "a delay that reads a random source, directly or through a function that does",
	ruleJitterConstant: "a delay that reads no random source",
	ruleJitterUnread:   "a delay the model cannot read for a random source",
	ruleJitterConfig:   "a delay that is a retry library's value, whose configuration decided its jitter",
	ruleJitterLocal:    "a fixed delay between attempts that reach no dependency: there is no herd to spread",
	ruleJitterVerdict:  "a fixed delay entered only after the operation's own verdict: it waits for local state",
	ruleJitterClock:    "a delay computed from the clock: a schedule or a deadline, not a backoff",
	ruleJitterServer:   "a delay the peer chose (a Retry-After): the server paces it",
	ruleJitterBackoff:  "a delay from a backoff function of the package, judged at its declaration",
	ruleJitterPolicy:   "a retry jitters when every delay does, not when one does not, and is unknown otherwise",
	ruleJitterNoWait:   "a retry that goes round at once: it has no delay to jitter, and its jitter is unknown",
	ruleJitterAtOnce:   "a retry loop that goes round at once, with no wait and no call that may pause, on the failure of an operation that reaches another process (not on a refusal it answered): clients that failed together come back together, at once",

	ruleCapsCounted:    "an exit or a go-round guarded by a comparison of a counter the loop moves on",
	ruleCapsClock:      "an exit or a go-round guarded by a comparison with the clock or a deadline",
	ruleCapsRange:      "a range over a number, a slice, a map or a string: as many attempts as values",
	ruleCapsDecision:   "a retry decision handed the attempt count, that leaves the loop when false",
	ruleCapsNone:       "no cap of this kind found in the loop's condition, exits or go-rounds",
	ruleCapsIterator:   "a cap of the waiting iterator the loop ranges over",
	ruleCancelStop:     "an exit on a stop signal or channel (a closed flag, <-done)",
	ruleCancelDecision: "a decision handed a context that can be cancelled, whose answer leaves the loop or is the only way round (isRetryable(err, ctx))",
	ruleCancelState:    "an exit, or the only way round, on a test of a state the loop does not set against a constant (a connection's status): whoever moves the state on ends it",
	ruleCancelContext:  "a context the loop looks at, or waits through, that can be cancelled",
	ruleCancelHanded:   "a cancellable context handed to the operation, whose error leaves the loop",
	ruleCancelCallee:   "a function of the package the loop waits through that returns when its context is done",
	ruleCancelArg:      "the context a retry call or helper is given, and whether it can be cancelled",
	ruleCancelNone:     "no context or stop signal ends the retry",

	ruleClassLooks:      "what the loop does with its error before going round: looks at it or not",
	ruleClassVerdict:    "the operation's own verdict decides what goes round: its callers' closures classify",
	ruleClassCondition:  "the loop's condition, body or error flag tests which error the attempt returned",
	ruleClassClassifier: "a retry's classifier argument, which retries every error when always true",
	ruleClassOperation:  "what the operation returns: a terminal or retryable wrapper of the library, or a condition's error",
	ruleClassHelperArg:  "the classifier or operation a call hands to a helper whose classification is its parameter's",
	ruleClassByCallers:  "a helper's loop that retries every error of the operation its caller passes: judged at each call, by that operation",

	rulePolicyDefault:    "a retry row's default for what the entry point does when not configured",
	rulePolicyClient:     "a client row's default for what the client does when not configured",
	rulePolicyOption:     "an option, field or call row's setting",
	rulePolicyWhen:       "an option row's setting for the constant the option is given",
	rulePolicyZero:       "an option row's setting for a package setting that nothing sets: its zero value",
	rulePolicyPredicate:  "an option row's retry predicate, a classification unless it is always true",
	rulePolicyHelper:     "a helper's fact: what its own retry does, exported from its package",
	rulePolicyFramework:  "what a framework's options or defaults say of its retries",
	rulePolicyDeclared:   "a declared retry: its attempts are counted by whoever retries it",
	rulePolicyRedelivery: "a redelivery's count, clock and contexts: a cap when the count is compared",
	rulePolicyRecursion:  "a recursive retry: the count it moves on caps it when the function compares that count with something, and not when the count only shapes the attempt (its delay); the rest is not read",
	ruleSupervisor:       "a loop without an attempt or elapsed-time cap that only its owner's stop ends, quietly",
	ruleBestEffort:       "a catch-all loop that, when it runs out, returns none of its attempts' errors",
	rulePoller:           "a loop that is not a retry of one operation but backs off after a failure: judged for jitter only",
	ruleNotKnown:         "a property no rule gave a value: the model does not know it",
	ruleUnattributed:     "a value the model set where no rule records its decision: a gap of the trace",
}

// ruleGroups is the group docs/architecture.md lists each rule under.
var ruleGroups = map[Rule]string{}

func init() {
	for r := range ruleDocs {
		switch area := string(r[:strings.IndexByte(string(r), '.')]); area {
		case "notsite":
			ruleGroups[r] = "not a site"
		case "jitter":
			ruleGroups[r] = "jitter"
		case "caps", "cancel":
			ruleGroups[r] = "caps"
		case "classified":
			ruleGroups[r] = "classification"
		case "policy", "supervisor", "best-effort", "poller", "model":
			ruleGroups[r] = "other"
		default:
			ruleGroups[r] = "site"
		}
	}
	for _, r := range []Rule{ruleDefPoller, ruleDefNoFailureEdge, ruleDefNoOperation, ruleDefFailover, ruleDefNextValue, ruleDefWalk, ruleDefFallback, ruleRecursionStructure} {
		ruleGroups[r] = "not a site"
	}
}
