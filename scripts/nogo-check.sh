#!/usr/bin/env bash
# Runs retrylint's checks through rules_go's own nogo program, built from
# its source without Bazel, package by package as Bazel runs it (see
# scripts/nogorun), and compares its findings with retrylint's on the same
# packages, with the builtin rules on both sides. Bazel is not needed: the
# rules_go module comes from the module proxy.
#
#   scripts/nogo-check.sh [RULES_GO_VERSION]
#
# It prints "same" or the difference for each fixture and exits 1 on a
# difference. The fixtures whose findings need the module's migrations,
# which nogo does not see (docs/bazel.md), are left out.
set -euo pipefail
version=${1:-v0.65.0}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOWORK=off GOFLAGS=

rules_go=$(go mod download -json "github.com/bazelbuild/rules_go@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
# The nogo program: rules_go's nogo_srcs (go/tools/builders/BUILD.bazel)
# and the file its generate_nogo_main.go would write, registering each
# check's Analyzer variable. nogo_main.go imports
# golang.org/x/tools/internal/facts, which the go command lets a module
# under golang.org/x/tools/ import.
mkdir "$work/nogo"
for f in constants env flags nogo_fix nogo_goversions_go118 nogo_goversions_go121 nogo_goversions_go122 nogo_main nogo_version nolint; do
	cp "$rules_go/go/tools/builders/$f.go" "$work/nogo/"
done
chmod u+w "$work"/nogo/*.go
checks=$(cd "$root/docs/checks" && ls ./*.md | sed 's|^\./||; s|\.md$||')
{
	echo 'package main'
	echo
	echo 'import ('
	for c in $checks; do echo "	$c \"github.com/retrylint/retrylint/analyzers/$c\""; done
	echo '	"golang.org/x/tools/go/analysis"'
	echo ')'
	echo
	echo 'var analyzers = []*analysis.Analyzer{'
	for c in $checks; do echo "	$c.Analyzer,"; done
	echo '}'
	echo
	echo 'var configs = map[string]config{}'
	echo
	echo 'const debugMode = false'
} >"$work/nogo/analyzers.go"
cat >"$work/nogo/go.mod" <<MOD
module golang.org/x/tools/nogocheck

go 1.26.0

require github.com/retrylint/retrylint v0.0.0

replace github.com/retrylint/retrylint => $root
MOD
(cd "$work/nogo" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 && GOFLAGS=-mod=mod go build -o "$work/nogo-bin" .)
(cd "$root" && go build -o "$work/retrylint" ./cmd/retrylint && go build -o "$work/nogorun" ./scripts/nogorun)

# Both sides as "file:line:col: message" lines, sorted: nogo's without the
# check's name it appends, retrylint's relative to the folder and without
# the related information it prints below a finding.
status=0
compare() { # name dir patterns...
	local name=$1 dir=$2
	shift 2
	(cd "$dir" && "$work/nogorun" "$work/nogo-bin" "$@" || [ $? = 3 ]) |
		sed -E 's/ \([a-z]+\)$//' | sort >"$work/nogo.txt"
	(cd "$dir" && "$work/retrylint" -config /dev/null "$@" 2>&1 || [ $? = 3 ]) |
		sed -e '/: \t/d' -e "s|^$dir/||" | sort >"$work/retrylint.txt"
	if diff "$work/retrylint.txt" "$work/nogo.txt" >"$work/diff.txt"; then
		echo "$name: same ($(wc -l <"$work/nogo.txt") findings)"
	else
		echo "$name: different (< retrylint, > nogo):"
		cat "$work/diff.txt"
		status=1
	fi
}
for m in clean crosspkg determinism findings ignored samepkg; do
	compare "testdata/cmd/$m" "$root/testdata/cmd/$m" ./...
done
GOPATH=$root/testdata GO111MODULE=off compare "testdata/src" "$root/testdata/src" \
	catchall/... executionkey executionkey/mergeonly nojitter/... example.com/retryutil \
	nonidempotent/... onconflictretried unbounded/...
exit $status
