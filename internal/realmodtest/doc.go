// Package realmodtest holds only an end-to-end test of the retrylint
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
// The test loads the real modules (fetching them through the module proxy
// on a fresh machine) and is skipped with -short.
package realmodtest
