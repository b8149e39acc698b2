#!/usr/bin/env bash
# Wall time and peak memory of retrylint ./... (cold, warm, after touching
# a leaf package), the old single-process driver, its no-op floor, go vet
# and staticcheck on copies of real modules, with the ratios of the
# per-package driver's targets; with -baseline REV, also retrylint built
# at REV, measured beside the work tree's build run for run, with the
# ratios tree/baseline against -target. Flags go to internal/benchscale
# (-h lists them), e.g.
#
#   scripts/bench-scale.sh -modules go.temporal.io/sdk@v1.51.0 -out /tmp/scale.md
#   scripts/bench-scale.sh -modules go.temporal.io/sdk@v1.51.0 -baseline main -only-retrylint -runs 3
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec go run ./internal/benchscale "$@"
