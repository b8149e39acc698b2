#!/usr/bin/env bash
# Proves the golangci-lint module plugin against the real golangci-lint.
#
# It builds golangci-lint with this checkout's plugin the way a user does,
# through `golangci-lint custom` and a .custom-gcl.yml derived from the
# shipped .golangci-plugin.yml (its `version: latest` plugin entry becomes
# `path: <this checkout>`), then runs the binary on the module in
# testdata/golangci and checks what it reports: every finding
# (testdata/golangci/want.txt), //nolint and //retrylint:ignore, the
# settings and a bad setting's error, the SARIF ruleId, and the exit
# statuses; then the .golangci.yml of docs/golangci-lint.md, as copied,
# in a module of its own, and the page's error messages. The page says
# what each check proves.
#
# Offline: `golangci-lint custom` always git-clones golangci-lint from
# GitHub. The clone is served from a git repository made of the module
# cache's copy of golangci-lint, through a command-scoped url.insteadOf
# (custom keeps GIT_CONFIG_COUNT/KEY/VALUE in the clone's environment).
# golangci-lint's ~220 requirements stay out of the root go.mod: they are
# only in the clone's.
#
#   scripts/integration/10-golangci.sh
#
# golangci-lint's version is the one .golangci-plugin.yml names (v2.15.0).
# Environment: RETRYLINT_INTEGRATION_CACHE (default
# $XDG_CACHE_HOME/retrylint-integration, else ~/.cache/...) keeps
# golangci-lint and the custom binary between runs, the latter keyed by
# the plugin's sources; RETRYLINT_INTEGRATION_REBUILD=1 builds it anyway.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
version=$(sed -n 's/^version: //p' "$root/.golangci-plugin.yml")
fixture=$root/testdata/golangci
cache=${RETRYLINT_INTEGRATION_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/retrylint-integration}/golangci
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOWORK=off CGO_ENABLED=1 LC_ALL=C # pg_query_go is cgo; C: sort and comm agree
# The builds run with -trimpath: custom clones into a new temporary folder
# every time, and without -trimpath that folder is in the cache keys of
# golangci-lint's own packages, which a warm build then compiles again
# (53 s instead of 9 for an unchanged build, measured on 2 busy cores).
# An environment GOFLAGS replaces go env's, so -buildvcs=false is repeated.
build_flags="-buildvcs=false -trimpath"

t0=$EPOCHREALTIME
step() { # name: prints the time since the last step
	awk -v n="$1" -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "  %-58s %5.1fs\n", n, b - a }'
	t0=$EPOCHREALTIME
}
fail() {
	echo "10-golangci: FAIL: $*" >&2
	exit 1
}
# expect_rc WANT GOT WHAT OUTPUT-FILE...: fails, showing the outputs, when
# a command's exit status is not the one wanted.
expect_rc() {
	local want=$1 got=$2 what=$3
	shift 3
	if [ "$got" -ne "$want" ]; then
		for f in "$@"; do
			echo "--- $f" >&2
			cat "$f" >&2
		done
		fail "$what: exit status $got, want $want"
	fi
}
# findings FILE: the findings of golangci-lint's text output (with
# print-issued-lines off) as "path:line:col: check", sorted. golangci-lint
# makes each related location of a diagnostic an issue of its own,
# "check(related information)".
findings() {
	sed -n 's/^\([^:]*:[0-9]*:[0-9]*\): \([a-z]*\((related information)\)\{0,1\}\): .* (retrylint)$/\1: \2/p' "$1" | sort
}

[[ $version == v2.* ]] || fail ".golangci-plugin.yml: version: '$version', want a golangci-lint v2 release"

# 1. golangci-lint itself, installed as its docs say (go install), with
# -trimpath so that the custom build below finds its dependencies compiled.
gcl=$cache/$version/golangci-lint
if ! "$gcl" version 2>/dev/null | grep -q "version ${version#v} "; then
	GOFLAGS=$build_flags GOBIN=$cache/$version go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$version"
fi
"$gcl" version | grep -q "version ${version#v} " || fail "$gcl is not golangci-lint $version: $("$gcl" version 2>&1)"
step "golangci-lint $version"

# 2. The .custom-gcl.yml a user writes for a local checkout: the shipped
# file with its plugin's `version: latest` replaced by `path:`.
[ "$(grep -cx '    version: latest' "$root/.golangci-plugin.yml")" -eq 1 ] ||
	fail ".golangci-plugin.yml: no single plugin entry with 'version: latest' to turn into 'path:'"
custom_yml() { # root
	sed "s|^    version: latest\$|    path: $1|" "$root/.golangci-plugin.yml"
}
name=$(sed -n 's/^name: //p' "$root/.golangci-plugin.yml")

# 3. The custom binary, keyed by what goes into it: golangci-lint's
# version, the Go toolchain, the derived .custom-gcl.yml (without the
# checkout's path), this script, go.mod, go.sum and every file of the
# module's packages the plugin imports.
sources=$(cd "$root" && go list -deps -f \
	'{{if and .Module .Module.Main}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}
{{end}}{{range .CgoFiles}}{{$d}}/{{.}}
{{end}}{{range .CFiles}}{{$d}}/{{.}}
{{end}}{{range .HFiles}}{{$d}}/{{.}}
{{end}}{{range .SFiles}}{{$d}}/{{.}}
{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}
{{end}}{{end}}' ./plugin | sed "s|^$root/||" | sort -u)
key=$(
	cd "$root"
	{
		echo "$version"
		go version
		go env CGO_ENABLED CC GOOS GOARCH
		custom_yml ROOT
		echo "$build_flags"
		# shellcheck disable=SC2086 # one path a line, no blanks
		sha256sum scripts/integration/10-golangci.sh go.mod go.sum $sources
	} | sha256sum | cut -c1-16
)
bin=$cache/custom/$key/$name
if [ "${RETRYLINT_INTEGRATION_REBUILD:-}" = 1 ] || [ ! -x "$bin" ]; then
	# The clone's source: golangci-lint's module, as a git repository
	# with the release's tag.
	src=$(go mod download -json "github.com/golangci/golangci-lint/v2@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	[ -d "$src" ] || fail "go mod download github.com/golangci/golangci-lint/v2@$version"
	mkdir -p "$work/src"
	cp -r "$src" "$work/src/golangci-lint"
	chmod -R u+w "$work/src/golangci-lint"
	git -C "$work/src/golangci-lint" init -q
	git -C "$work/src/golangci-lint" add -A
	git -C "$work/src/golangci-lint" -c user.name=ci -c user.email=ci@localhost -c commit.gpgsign=false \
		commit -qm "golangci-lint $version from the module cache"
	git -C "$work/src/golangci-lint" tag "$version"
	step "golangci-lint's source as a git repository"

	mkdir -p "$work/custom"
	custom_yml "$root" >"$work/custom/.custom-gcl.yml"
	rc=0
	(cd "$work/custom" && GOFLAGS=$build_flags \
		GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.$work/src/golangci-lint.insteadOf" \
		GIT_CONFIG_VALUE_0=https://github.com/golangci/golangci-lint.git \
		"$gcl" custom -v) >"$work/custom.log" 2>&1 || rc=$?
	expect_rc 0 $rc "golangci-lint custom" "$work/custom/.custom-gcl.yml" "$work/custom.log"
	dest=$(sed -n 's/^destination: //p' "$work/custom/.custom-gcl.yml")
	rm -rf "$cache/custom" # one binary (60 MB) is enough
	mkdir -p "$cache/custom/$key"
	cp "$work/custom/${dest:-.}/$name" "$bin.tmp"
	mv "$bin.tmp" "$bin" # a copy cut short is never taken for the binary
	step "golangci-lint custom (key $key)"
else
	step "golangci-lint custom: cached (key $key)"
fi
"$bin" version | grep -q "version v\?${version#v}-custom-gcl-" ||
	fail "$bin is not a custom golangci-lint: $("$bin" version 2>&1)"

# 4. The binary on the fixture, from the fixture's root, as a user runs it.
export GOLANGCI_LINT_CACHE=$work/lint-cache
lint() { # out-prefix args...: runs golangci-lint; its status is in $rc
	local out=$1
	shift
	rc=0
	(cd "$fixture" && "$bin" "$@") >"$out.out" 2>"$out.err" || rc=$?
}
run_flags=(--show-stats=false --output.text.path=stdout --output.text.print-issued-lines=false)

lint "$work/verify" config verify
expect_rc 0 $rc "config verify" "$work/verify.out" "$work/verify.err"
lint "$work/linters" linters
expect_rc 0 $rc "golangci-lint linters" "$work/linters.out" "$work/linters.err"
sed -n '/^Enabled by your configuration linters:/,/^$/p' "$work/linters.out" | grep -q '^retrylint: ' ||
	fail "golangci-lint linters does not list retrylint as enabled: $(cat "$work/linters.out")"
step "config verify; linters lists retrylint"

# Every finding, with //nolint and //retrylint:ignore applied and
# executionkey off (disable), the pack of retrylint.yml read (config).
lint "$work/run" run "${run_flags[@]}" --output.sarif.path="$work/run.sarif" ./...
expect_rc 1 $rc "golangci-lint run ./..." "$work/run.out" "$work/run.err"
findings "$work/run.out" >"$work/run.got"
if ! diff -u "$fixture/want.txt" "$work/run.got" >"$work/run.diff"; then
	cat "$work/run.diff" "$work/run.out" >&2
	fail "golangci-lint run ./...: the findings differ from testdata/golangci/want.txt (-want +got above)"
fi
[ "$(wc -l <"$work/run.out")" -eq "$(wc -l <"$fixture/want.txt")" ] ||
	fail "golangci-lint run ./... printed lines that are not findings: $(cat "$work/run.out")"
# //nolint names linters; the checks are one linter, retrylint.
grep -q 'Found unknown linters in //nolint directives: nojitter' "$work/run.err" ||
	fail "no warning for //nolint:nojitter: $(cat "$work/run.err")"
# One SARIF result per finding, every one with the linter's name as its ruleId.
results=$(grep -o '"ruleId":"[^"]*"' "$work/run.sarif" | sort | uniq -c | sed 's/^ *//')
[ "$results" = "$(wc -l <"$fixture/want.txt") \"ruleId\":\"retrylint\"" ] ||
	fail "SARIF: ruleIds $results, want $(wc -l <"$fixture/want.txt") of \"retrylint\""
step "run ./...: $(wc -l <"$fixture/want.txt") issues, exit 1; SARIF ruleId retrylint"

# golangci-lint's default, uniq-by-line, keeps one finding per line.
lint "$work/uniq" run "${run_flags[@]}" --uniq-by-line=true ./...
expect_rc 1 $rc "golangci-lint run --uniq-by-line=true ./..." "$work/uniq.out" "$work/uniq.err"
findings "$work/uniq.out" >"$work/uniq.got"
lines=$(cut -d: -f1-2 "$fixture/want.txt" | sort -u | wc -l)
[ "$(wc -l <"$work/uniq.got")" -eq "$lines" ] && [ "$lines" -lt "$(wc -l <"$fixture/want.txt")" ] &&
	[ -z "$(comm -13 "$fixture/want.txt" "$work/uniq.got")" ] ||
	fail "--uniq-by-line=true: want one finding on each of $lines lines, got $(cat "$work/uniq.got")"
step "run --uniq-by-line=true: one finding a line"

# max-same-issues (default 3) caps the findings with one text: a hand
# loop's flaw gives the same text at every loop. With 2, the third
# nojitter (three loops wait a fixed 2 * time.Second) goes.
lint "$work/same" run "${run_flags[@]}" --max-same-issues=2 ./...
expect_rc 1 $rc "golangci-lint run --max-same-issues=2 ./..." "$work/same.out" "$work/same.err"
findings "$work/same.out" >"$work/same.got"
[ "$(grep -c ': nojitter$' "$fixture/want.txt")" -eq 3 ] && [ "$(grep -c ': nojitter$' "$work/same.got")" -eq 2 ] &&
	[ "$(grep -vc ': nojitter$' "$work/same.got")" -eq "$(grep -vc ': nojitter$' "$fixture/want.txt")" ] ||
	fail "--max-same-issues=2: want two of the three nojitter findings and all the others, got $(cat "$work/same.got")"
step "run --max-same-issues=2: two of three nojitter"

# Without disable, executionkey reports too. The paths golangci-lint prints
# are relative to the configuration file's folder (run.relative-path-mode:
# cfg), while the plugin reads its config setting, retrylint.yml, from
# the folder golangci-lint runs in.
lint "$work/all" run "${run_flags[@]}" -c configs/all-checks.yml ./...
expect_rc 1 $rc "golangci-lint run -c configs/all-checks.yml ./..." "$work/all.out" "$work/all.err"
grep -q '^\.\./loop/loop\.go:' "$work/all.out" ||
	fail "-c configs/all-checks.yml: paths not relative to configs/: $(cat "$work/all.out")"
findings "$work/all.out" | sed 's|^\.\./||' | sort >"$work/all.got"
comm -13 "$fixture/want.txt" "$work/all.got" >"$work/all.extra"
[ -z "$(comm -23 "$fixture/want.txt" "$work/all.got")" ] && [ "$(cut -d' ' -f2 "$work/all.extra")" = executionkey ] ||
	fail "-c configs/all-checks.yml: want the findings of want.txt and one executionkey, got $(cat "$work/all.got")"
step "run -c configs/all-checks.yml: + executionkey"

# No finding: exit 0, nothing printed.
lint "$work/clean" run "${run_flags[@]}" ./clean/...
expect_rc 0 $rc "golangci-lint run ./clean/..." "$work/clean.out" "$work/clean.err"
[ ! -s "$work/clean.out" ] || fail "golangci-lint run ./clean/... printed $(cat "$work/clean.out")"
step "run ./clean/...: exit 0"

# A bad setting stops the run with exit 3 and an error that names it;
# config verify does not see it (custom linters' settings are free-form
# in golangci-lint's schema).
: >"$work/bad.all"
for bad in 'bad-check.yml:unknown check "nojiter"' 'bad-field.yml:unknown field "disabel"' \
	'missing-config.yml:settings: config: rules: missing.yml: no such file'; do
	file=configs/${bad%%:*} want=${bad#*:}
	lint "$work/bad" run "${run_flags[@]}" -c "$file" ./...
	expect_rc 3 $rc "golangci-lint run -c $file" "$work/bad.out" "$work/bad.err"
	grep -qF "$want" "$work/bad.err" || fail "run -c $file: the error does not say $want: $(cat "$work/bad.err")"
	[ ! -s "$work/bad.out" ] || fail "run -c $file printed findings: $(cat "$work/bad.out")"
	cat "$work/bad.err" >>"$work/bad.all"
	lint "$work/bad" config verify -c "$file"
	expect_rc 0 $rc "golangci-lint config verify -c $file" "$work/bad.out" "$work/bad.err"
done
step "bad settings: exit 3, named; config verify passes them"

# 5. docs/golangci-lint.md as a reader copies it (internal/doctest checks
# the rest of its blocks without golangci-lint).
doc=$root/docs/golangci-lint.md
# doc_block REGEXP: the first fenced block of the page whose first line
# matches REGEXP (an awk regular expression).
doc_block() {
	awk -v re="$1" '!p && /^```/ {p = 1; n = 0; next} p && /^```$/ {if (n && first ~ re) {printf "%s", text; exit} p = 0; next} p {if (!n++) {first = $0; text = ""} text = text $0 "\n"}' "$doc"
}
# The errors shown under Settings are the ones golangci-lint prints, line
# for line.
doc_block '^Error: ' >"$work/doc-errors"
[ "$(grep -c '^Error: ' "$work/doc-errors")" -eq 3 ] || fail "docs/golangci-lint.md: no block of the three errors under Settings"
while IFS= read -r line; do
	grep -qxF -- "$line" "$work/bad.all" || fail "docs/golangci-lint.md shows an error golangci-lint does not print: $line
(it printed: $(cat "$work/bad.all"))"
done <"$work/doc-errors"
step "docs: the errors under Settings, line for line"

# Step 2's .golangci.yml, in a module that has nothing else (no
# .retrylint.yml), run as the page says.
mkdir -p "$work/doc-module"
cp -R "$root/testdata/cmd/findings/." "$work/doc-module"
doc_block '^version: "2"$' >"$work/doc-module/.golangci.yml"
grep -q '^version: "2"' "$work/doc-module/.golangci.yml" || fail "docs/golangci-lint.md: no .golangci.yml block (one that starts with version: \"2\")"
rc=0
(cd "$work/doc-module" && "$bin" run ./...) >"$work/doc.out" 2>"$work/doc.err" || rc=$?
expect_rc 1 $rc "docs/golangci-lint.md's .golangci.yml: run ./..." "$work/doc-module/.golangci.yml" "$work/doc.out" "$work/doc.err"
for want in 'loop/loop.go:10:2: catchall: ' 'loop/loop.go:10:2: unbounded: ' 'loop/loop.go:14:14: nojitter: '; do
	grep -qF "$want" "$work/doc.out" || fail "docs/golangci-lint.md's .golangci.yml: no $want finding: $(cat "$work/doc.out")"
done
step "docs: step 2's .golangci.yml in a module of its own"
