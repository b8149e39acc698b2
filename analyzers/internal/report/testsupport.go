package report

import (
	"go/types"
	"slices"
	"strings"
)

// TestSupportElements are the elements of an import path that make a
// package one that exists for tests: helpers, fakes, mocks, end-to-end
// harnesses. Each is a name projects give such packages and rarely give
// production code. Left out, because production code goes by them too:
// integration (a product's integrations with Slack, S3, an SCM),
// fixtures, stub and stubs (generated gRPC stubs), testdata (which the
// go command does not list for ./... anyway). docs/rules.md lists them;
// keep the two equal.
var TestSupportElements = []string{
	"e2e",
	"fake",
	"fakes",
	"mock",
	"mocks",
	"test",
	"testenv",
	"testhelper",
	"testhelpers",
	"testing",
	"testkit",
	"testlib",
	"testsupport",
	"testutil",
	"testutils",
	"tests",
}

// TestSupport says whether pkg exists for tests, so that a retry in it
// (a wait for a test server to be ready, a fixed sleep between attempts
// to reach a test container) is no hazard a user acts on, as one in a
// _test.go file is not. It does when
//
//   - an element of its import path, the first aside, is one of
//     TestSupportElements: example.com/app/internal/testutil,
//     example.com/app/mocks/store, example.com/app/test/e2e. The first
//     element is the module's host or name (a scratch module made by
//     go mod init test) or the standard library's root: the standard
//     library's testing package is not a test-support package of the
//     module;
//   - its name is N+"test" or N+"testing", where N is the name of a
//     package it imports or an element of its import path: httptest
//     (net/http), fstest (io/fs), example.com/app/store/storetest,
//     clocktesting. The condition keeps out the words that end in test:
//     a package latest, attest or contest is production code.
//
// It decides on the package alone, which every driver has (go vet and
// nogo analyse one package at a time): "imported only by tests" would
// need the importers, which only a driver that lists the whole module
// knows.
func TestSupport(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	elems := strings.Split(pkg.Path(), "/")
	for _, e := range elems[1:] {
		if slices.Contains(TestSupportElements, e) {
			return true
		}
	}
	name := pkg.Name()
	for _, suffix := range []string{"testing", "test"} {
		base, ok := strings.CutSuffix(name, suffix)
		if !ok || base == "" {
			continue
		}
		if slices.Contains(elems[:len(elems)-1], base) {
			return true
		}
		for _, imp := range pkg.Imports() {
			if imp.Name() == base {
				return true
			}
		}
		return false
	}
	return false
}
