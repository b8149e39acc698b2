#!/usr/bin/env bash
# Proves retrylint against the real tools users run it with: runs every
# scripts/integration/*.sh, in name order, from the repository root, and
# stops at the first that fails. Each part is a bash script that exits 0
# when its proof holds; it prints what it checks.
#
#   scripts/integration.sh [PATTERN...]
#
# With patterns, only the parts whose file name contains one of them run
# (scripts/integration.sh golangci). It prints each part's time and exits 1
# when a part fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

shopt -s nullglob
parts=()
for part in scripts/integration/*.sh; do
	if [ $# -eq 0 ]; then
		parts+=("$part")
		continue
	fi
	for pattern in "$@"; do
		if [[ $(basename "$part") == *"$pattern"* ]]; then
			parts+=("$part")
			break
		fi
	done
done
if [ ${#parts[@]} -eq 0 ]; then
	echo "integration: no part in scripts/integration/ matches ${*:-*.sh}" >&2
	exit 1
fi

now() { echo "${EPOCHREALTIME/,/.}"; } # a decimal comma in some locales
seconds() { # start: the seconds since start, one decimal
	awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'
}
all=$(now)
passed=0
for part in "${parts[@]}"; do
	echo "integration: $part"
	start=$(now)
	rc=0
	bash "$part" || rc=$?
	if [ $rc -ne 0 ]; then
		echo "integration: FAIL: $part exited $rc after $(seconds "$start")s;" \
			"$passed of ${#parts[@]} parts passed, the rest did not run" >&2
		exit 1
	fi
	passed=$((passed + 1))
	echo "integration: ok $part ($(seconds "$start")s)"
done
echo "integration: all ${#parts[@]} passed in $(seconds "$all")s"
