// Package realmodtest holds only end-to-end tests of the retrylint
// command against the real retry libraries.
//
// The analyzers' own tests run on hand-written stubs of the libraries
// under testdata/src, and internal/stubcheck checks that the stubs declare
// the same API as the real modules. Neither shows that the command, built
// as users build it and run on a module that requires the real libraries
// at their pinned versions, reports what the stubs make the analyzers
// report: the real packages differ from the stubs in their bodies, their
// generic instantiations, their embedded interfaces and their
// dependencies, and the command loads them through go list and the module
// proxy rather than GOPATH.
//
// The test builds cmd/retrylint, runs it on testdata/realmod, and compares
// its findings with the trailing "// finding: CHECK" comments of the
// fixture files there, so that fixtures and expectations cannot drift. A
// comment "// finding: CHECK (missed: REASON)" records a known analyzer
// bug: the line is not expected and is only logged, and the test fails
// once the finding appears, so that the mark is removed.
//
// A second test proves the suggested fixes: the program under
// testdata/realmod/_fixproof retries through every library whose pack
// names a terminal wrapper (terminal-wrappers) or offers a fix, written
// as catchall and nojitter report it. Built against the real modules and
// run before retrylint -fix, its checks of a terminal error tried once
// and of a delay that varies fail; after -fix, every check passes and
// every success still succeeds. A pack with a wrapper or a fix and no
// check there fails the test: a fix that is not proved is not offered.
//
// The tests load the real modules (fetching them through the module proxy
// on a fresh machine) and is skipped with -short.
package realmodtest
