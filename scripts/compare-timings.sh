#!/usr/bin/env bash
# Whole-run timings of retrylint against go vet and staticcheck on the same
# packages, as ratios within one run (machines are noisy; compare ratios,
# not seconds). Each tool starts with empty result caches and a compile
# cache warmed by go build, so no tool is served its own earlier answers.
#
#   scripts/compare-timings.sh DIR [PACKAGES] [ROUNDS]
#
# DIR is a module to analyse, e.g. a copy of golang.org/x/tools@v0.52.0.
set -euo pipefail
dir=$1 pkgs=${2:-./...} rounds=${3:-3}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/retrylint" ./cmd/retrylint)
GOBIN=$bin go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
cd "$dir"
seconds() {
	local start end
	start=$(date +%s.%N)
	"$@" >/dev/null 2>&1 || true
	end=$(date +%s.%N)
	echo "$end - $start" | bc
}
echo "packages: $(go list "$pkgs" | wc -l)"
for round in $(seq "$rounds"); do
	c1=$(mktemp -d) c2=$(mktemp -d) c3=$(mktemp -d)
	GOCACHE=$c1 go build "$pkgs" >/dev/null 2>&1
	GOCACHE=$c2 go build "$pkgs" >/dev/null 2>&1
	vet=$(GOCACHE=$c1 seconds go vet "$pkgs")
	vettool=$(GOCACHE=$c2 seconds go vet -vettool="$bin/retrylint" "$pkgs")
	alone=$(GOCACHE=$c1 seconds "$bin/retrylint" "$pkgs")
	sc=$(GOCACHE=$c1 XDG_CACHE_HOME=$c3 seconds "$bin/staticcheck" "$pkgs")
	printf 'round %d: go vet %.2fs, vet -vettool=retrylint %.2fs, retrylint %.2fs, staticcheck %.2fs; retrylint/vet %.2f, vettool/vet %.2f, retrylint/staticcheck %.2f\n' \
		"$round" "$vet" "$vettool" "$alone" "$sc" \
		"$(echo "$alone/$vet" | bc -l)" "$(echo "$vettool/$vet" | bc -l)" "$(echo "$alone/$sc" | bc -l)"
	rm -rf "$c1" "$c2" "$c3"
done
