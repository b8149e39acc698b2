#!/usr/bin/env bash
# Proves the pre-commit hook (.pre-commit-hooks.yaml) against the real
# pre-commit.
#
# It validates the manifest, then runs the hook as pre-commit does, from
# this checkout, in scratch git repositories that hold a module:
#   1. `pre-commit try-repo` on a module with findings (testdata/cmd/findings)
#      fails, with retrylint's exit status and every finding shown;
#   2. `pre-commit try-repo` on a clean module (testdata/cmd/clean) passes,
#      run for a commit that stages only a .retrylint.yml: the hook's
#      `files` pattern must select it, not skip it;
#   3. the user's own setup, docs/pre-commit.md's .pre-commit-config.yaml
#      as the page writes it (with this checkout as `repo` and its HEAD as
#      `rev`), installed as the git hook: a commit of the findings' loop
#      is refused, the page's `args` replace `./...` (-nojitter=false runs
#      every check but nojitter), and a commit of the clean loop goes
#      through.
# Part 3 uses HEAD's manifest: commit a change to it before running this.
#
#   scripts/integration/20-precommit.sh
#
# pre-commit: the one on PATH, else Debian's package, installed with
# apt-get when the script runs as root on a machine that has it. Without
# either it fails, saying so: a proof that did not run has not passed.
#
# Each `try-repo` and the installed hook build the hook's environment
# anew (pre-commit runs `go install ./...` in a fresh clone of this
# checkout): GOMODCACHE is the user's, so that nothing is downloaded, and
# GOFLAGS adds -trimpath, so that the clone's new folder is not in the
# cache keys of this module's packages, which are then compiled once, not
# for every environment (10-golangci.sh builds with the same flags, so
# what it compiled is shared). pre-commit's store and retrylint's results
# cache are temporary. About 45 s with warm caches, 4 minutes with an
# empty build cache, on two cores.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOWORK=off CGO_ENABLED=1
GOMODCACHE=$(go env GOMODCACHE)
export GOMODCACHE
export GOFLAGS="-buildvcs=false -trimpath" # replaces go env's GOFLAGS: repeat -buildvcs=false
export PRE_COMMIT_HOME=$work/pre-commit RETRYLINT_CACHE=$work/retrylint-cache
export PRE_COMMIT_COLOR=never
git_() { git -c user.name=integration -c user.email=integration@localhost -c commit.gpgsign=false "$@"; }

t0=$EPOCHREALTIME
step() { # name: prints the time since the last step
	awk -v n="$1" -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "  %-58s %5.1fs\n", n, b - a }'
	t0=$EPOCHREALTIME
}
fail() {
	echo "20-precommit: FAIL: $*" >&2
	exit 1
}
# expect_rc WANT GOT WHAT OUTPUT-FILE: fails, showing the output, when a
# command's exit status is not the one wanted.
expect_rc() {
	if [ "$2" -ne "$1" ]; then
		cat "$4" >&2
		fail "$3: exit status $2, want $1"
	fi
}
# expect_has FILE WHAT TEXT...: fails, showing the file, unless it holds
# each TEXT (a fixed string).
expect_has() {
	local file=$1 what=$2
	shift 2
	for text in "$@"; do
		if ! grep -qF -- "$text" "$file"; then
			cat "$file" >&2
			fail "$what: the output lacks: $text"
		fi
	done
}
expect_lacks() {
	local file=$1 what=$2
	shift 2
	for text in "$@"; do
		if grep -qF -- "$text" "$file"; then
			cat "$file" >&2
			fail "$what: the output has: $text"
		fi
	done
}
# scratch DIR FIXTURE: a git repository at DIR holding a copy of the
# module testdata/cmd/FIXTURE, committed.
scratch() {
	mkdir -p "$1"
	cp -R "$root/testdata/cmd/$2/." "$1"
	git_ -C "$1" init -q
	git_ -C "$1" add -A
	git_ -C "$1" commit -qm "$2"
}

# The findings of testdata/cmd/findings, as the hook prints them (with
# the module's folder before each).
catchall='loop/loop.go:10:2: retry loop retries every error, terminal ones included: '
nojitter='loop/loop.go:14:14: retry loop waits a fixed 2 * time.Second between attempts with no jitter: '
unbounded='loop/loop.go:10:2: retry loop has no attempt cap, no elapsed-time cap and no cancellation: '

# 0. pre-commit itself.
if ! command -v pre-commit > /dev/null; then
	if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null; then
		echo "  installing Debian's pre-commit (apt-get)"
		apt-get update -qq > "$work/apt.log" 2>&1 &&
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit >> "$work/apt.log" 2>&1 ||
			{
				cat "$work/apt.log" >&2
				fail "apt-get could not install pre-commit"
			}
	else
		fail "pre-commit is not installed, and this is not a Debian machine run as root where apt-get could install it: install pre-commit (apt-get install pre-commit, or pip install pre-commit) and run again"
	fi
fi
pre-commit --version > /dev/null || fail "pre-commit does not run"
step "$(pre-commit --version)"

# 1. The manifest.
(cd "$root" && pre-commit validate-manifest .pre-commit-hooks.yaml) > "$work/validate.txt" 2>&1 || {
	cat "$work/validate.txt" >&2
	fail "pre-commit validate-manifest .pre-commit-hooks.yaml"
}
step "validate-manifest"

# 2. try-repo on findings: pre-commit fails, retrylint's status and
# findings are shown.
scratch "$work/findings" findings
rc=0
(cd "$work/findings" && pre-commit try-repo "$root" retrylint --all-files) > "$work/findings.txt" 2>&1 || rc=$?
expect_rc 1 "$rc" "try-repo on a module with findings" "$work/findings.txt"
expect_has "$work/findings.txt" "try-repo on a module with findings" \
	"- hook id: retrylint" "- exit code: 3" \
	"$work/findings/$catchall" "$work/findings/$nojitter" "$work/findings/$unbounded"
[ "$(grep -c "^$work/findings/loop/loop.go:" "$work/findings.txt")" -eq 3 ] || {
	cat "$work/findings.txt" >&2
	fail "try-repo on a module with findings: want exactly 3 findings"
}
step "try-repo: findings fail"

# 3. try-repo on a clean module, for a commit that stages only its
# .retrylint.yml: the hook runs (the configuration changes what is
# reported) and passes.
scratch "$work/clean" clean
printf '# No rules of its own yet.\ndisable:\n  checks: []\n' > "$work/clean/.retrylint.yml"
git_ -C "$work/clean" add .retrylint.yml
rc=0
(cd "$work/clean" && pre-commit try-repo "$root" retrylint) > "$work/clean.txt" 2>&1 || rc=$?
expect_rc 0 "$rc" "try-repo on a clean module" "$work/clean.txt"
grep -qE '^retrylint\.+Passed$' "$work/clean.txt" || {
	cat "$work/clean.txt" >&2
	fail "try-repo on a clean module, .retrylint.yml staged: the hook did not run and pass"
}
git_ -C "$work/clean" commit -qm "retrylint configuration" --no-verify
step "try-repo: clean passes, run for a .retrylint.yml"

# 4. The user's setup: .pre-commit-config.yaml as docs/pre-commit.md
# writes it, installed as the repository's git hook.
rev=$(git -C "$root" rev-parse HEAD)
if ! git -C "$root" diff --quiet HEAD -- .pre-commit-hooks.yaml; then
	echo "  note: part 4 runs the committed .pre-commit-hooks.yaml, not the edited one"
fi
# doc_block REGEXP: the first fenced block of the page whose first line
# matches REGEXP (an awk regular expression).
doc_block() {
	awk -v re="$1" '!p && /^```/ {p = 1; n = 0; next} p && /^```$/ {if (n && first ~ re) {printf "%s", text; exit} p = 0; next} p {if (!n++) {first = $0; text = ""} text = text $0 "\n"}' "$root/docs/pre-commit.md"
}
# The page's configuration, with this checkout as repo and its HEAD as
# rev (the page's rev is a placeholder, <...>).
doc_block '^repos:$' |
	sed -e "s|^\(  - repo: \)https://github.com/retrylint/retrylint\$|\1$root|" \
		-e "s|^\(    rev: \)<[^>]*>\( *#.*\)\{0,1\}\$|\1$rev|" > "$work/config.yaml"
grep -qxF "  - repo: $root" "$work/config.yaml" && grep -qxF "    rev: $rev" "$work/config.yaml" ||
	fail "docs/pre-commit.md: no .pre-commit-config.yaml whose repo is retrylint's and whose rev is a <placeholder>: $(cat "$work/config.yaml")"
# The page's hook with args, in place of the plain one.
doc_block '^      - id: retrylint$' > "$work/args.yaml"
grep -q '^      - id: retrylint$' "$work/args.yaml" || fail "docs/pre-commit.md: no hook with args: $(cat "$work/args.yaml")"
config() { # [args]: the page's configuration, or with its hook with args
	if [ "${1:-}" = args ]; then
		sed -e '/^      - id: retrylint$/{r '"$work/args.yaml" -e 'd;}' "$work/config.yaml"
	else
		cat "$work/config.yaml"
	fi
}
config > "$work/clean/.pre-commit-config.yaml"
(cd "$work/clean" && pre-commit install) > "$work/install.txt" 2>&1 || {
	cat "$work/install.txt" >&2
	fail "pre-commit install"
}
git_ -C "$work/clean" add .pre-commit-config.yaml
git_ -C "$work/clean" commit -qm "pre-commit" --no-verify
head=$(git -C "$work/clean" rev-parse HEAD)
cp "$root/testdata/cmd/findings/loop/loop.go" "$work/clean/loop/loop.go"
git_ -C "$work/clean" add loop/loop.go
rc=0
git_ -C "$work/clean" commit -m "a retry loop with no bound" > "$work/commit-bad.txt" 2>&1 || rc=$?
expect_rc 1 "$rc" "git commit of the findings' loop" "$work/commit-bad.txt"
expect_has "$work/commit-bad.txt" "git commit of the findings' loop" \
	"- exit code: 3" "$work/clean/$catchall" "$work/clean/$nojitter" "$work/clean/$unbounded"
[ "$(git -C "$work/clean" rev-parse HEAD)" = "$head" ] || fail "the commit of the findings' loop was made"
step "installed hook: a commit with findings is refused"

# args replaces the manifest's ./...: the page's -nojitter=false runs
# every check but nojitter.
config args > "$work/clean/.pre-commit-config.yaml"
grep -qF 'args: [-nojitter=false, ./...]' "$work/clean/.pre-commit-config.yaml" ||
	fail "docs/pre-commit.md's args are not [-nojitter=false, ./...]: update what this part expects: $(cat "$work/clean/.pre-commit-config.yaml")"
git_ -C "$work/clean" add .pre-commit-config.yaml # pre-commit refuses an unstaged one
rc=0
(cd "$work/clean" && pre-commit run retrylint) > "$work/args.txt" 2>&1 || rc=$?
expect_rc 1 "$rc" "pre-commit run with args: [-nojitter=false, ./...]" "$work/args.txt"
expect_has "$work/args.txt" "pre-commit run with args: [-nojitter=false, ./...]" "$work/clean/$catchall" "$work/clean/$unbounded"
expect_lacks "$work/args.txt" "pre-commit run with args: [-nojitter=false, ./...]" "$nojitter"
step "installed hook: the page's args replace ./..."

git_ -C "$work/clean" checkout -q HEAD -- .pre-commit-config.yaml loop/loop.go
printf '\n// Sleep is here to stay.\n' >> "$work/clean/loop/loop.go"
git_ -C "$work/clean" add loop/loop.go
rc=0
git_ -C "$work/clean" commit -m "a comment" > "$work/commit-clean.txt" 2>&1 || rc=$?
expect_rc 0 "$rc" "git commit of the clean loop" "$work/commit-clean.txt"
grep -qE '^retrylint\.+Passed$' "$work/commit-clean.txt" || {
	cat "$work/commit-clean.txt" >&2
	fail "git commit of the clean loop: the hook did not run and pass"
}
step "installed hook: a clean commit goes through"
echo "20-precommit: ok"
