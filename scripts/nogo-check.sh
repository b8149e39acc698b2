#!/usr/bin/env bash
# Runs retrylint's checks through rules_go's own nogo program, built from
# its source without Bazel, package by package as Bazel runs it (see
# scripts/nogorun), and compares its findings with retrylint's on the same
# packages: the checks' Analyzer variables against retrylint with the
# builtin rules, then the configured checks of docs/bazel.md, built with a
# fixture's .retrylint.yml, against retrylint reading that file. Bazel is
# not needed: the rules_go module comes from the module proxy.
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
checks=$(cd "$root/docs/checks" && ls ./*.md | sed 's|^\./||; s|\.md$||')

# Two nogo programs, each rules_go's nogo_srcs (go/tools/builders/
# BUILD.bazel) and the file its generate_nogo_main.go would write: one
# registers each check's Analyzer variable, the other the configured
# checks of docs/bazel.md, whose Go code is taken from the page.
# nogo_main.go imports golang.org/x/tools/internal/facts, which the go
# command lets a module under golang.org/x/tools/ import.
mod=$work/nogo
module=golang.org/x/tools/nogocheck
main() { # dir import-path-of-the-check-packages
	mkdir -p "$mod/$1"
	for f in constants env flags nogo_fix nogo_goversions_go118 nogo_goversions_go121 nogo_goversions_go122 nogo_main nogo_version nolint; do
		cp "$rules_go/go/tools/builders/$f.go" "$mod/$1/"
	done
	chmod u+w "$mod/$1"/*.go
	{
		echo 'package main'
		echo
		echo 'import ('
		for c in $checks; do echo "	$c \"$2/$c\""; done
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
	} >"$mod/$1/analyzers.go"
}
block() { # the Go block of docs/bazel.md after <!-- scripts/nogo-check.sh: NAME -->
	awk -v m="<!-- scripts/nogo-check.sh: $1 -->" '$0 == m {f = 1; next} f && /^```go$/ {p = 1; next} p && /^```$/ {exit} p' "$root/docs/bazel.md"
}
main default github.com/retrylint/retrylint/analyzers
main configured $module/tools/retrylint
mkdir -p "$mod/tools/retrylint"
block tools/retrylint/retrylint.go >"$mod/tools/retrylint/retrylint.go"
touch "$mod/tools/retrylint/retrylint.yml"
for c in $checks; do
	mkdir -p "$mod/tools/retrylint/$c"
	block tools/retrylint/catchall/catchall.go | sed -e "s/catchall/$c/g" -e "s|example.com/repo|$module|" >"$mod/tools/retrylint/$c/$c.go"
done
cat >"$mod/go.mod" <<MOD
module $module

go 1.26.0

require github.com/retrylint/retrylint v0.0.0

replace github.com/retrylint/retrylint => $root
MOD
(cd "$mod" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 && GOFLAGS=-mod=mod go build -o "$work/nogo-default" ./default)
(cd "$root" && go build -o "$work/retrylint" ./cmd/retrylint && go build -o "$work/nogorun" ./scripts/nogorun)

# Both sides as "file:line:col: message" lines, sorted: nogo's without the
# check's name it appends, retrylint's relative to the folder and without
# the related information it prints below a finding.
status=0
compare() { # name dir nogo retrylint-flags patterns...
	local name=$1 dir=$2 nogo=$3 flags=$4
	shift 4
	(cd "$dir" && "$work/nogorun" "$nogo" "$@" || [ $? = 3 ]) |
		sed -E 's/ \([a-z]+\)$//' | sort >"$work/nogo.txt"
	# shellcheck disable=SC2086 # flags are words
	(cd "$dir" && "$work/retrylint" $flags "$@" 2>&1 || [ $? = 3 ]) |
		sed -e '/: \t/d' -e "s|^$dir/||" | sort >"$work/retrylint.txt"
	if diff "$work/retrylint.txt" "$work/nogo.txt" >"$work/diff.txt"; then
		echo "$name: same ($(wc -l <"$work/nogo.txt") findings)"
	else
		echo "$name: different (< retrylint, > nogo):"
		cat "$work/diff.txt"
		status=1
	fi
}
builtin="-config /dev/null"
for m in clean crosspkg determinism findings ignored samepkg; do
	compare "testdata/cmd/$m" "$root/testdata/cmd/$m" "$work/nogo-default" "$builtin" ./...
done
GOPATH=$root/testdata GO111MODULE=off compare "testdata/src" "$root/testdata/src" "$work/nogo-default" "$builtin" \
	catchall/... executionkey executionkey/mergeonly nojitter/... example.com/retryutil \
	nonidempotent/... onconflictretried unbounded/...
# The configured checks, with a module's .retrylint.yml embedded, against
# retrylint finding the same file.
for m in configured determinism; do
	cp "$root/testdata/cmd/$m/.retrylint.yml" "$mod/tools/retrylint/retrylint.yml"
	(cd "$mod" && GOFLAGS=-mod=mod go build -o "$work/nogo-configured" ./configured)
	compare "testdata/cmd/$m, configured" "$root/testdata/cmd/$m" "$work/nogo-configured" "" ./...
done
exit $status
