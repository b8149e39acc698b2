#!/usr/bin/env bash
# Integration check of retrylint -format sarif: runs the built command on
# testdata modules placed in a scratch git repository (the module in a
# subfolder, as in a monorepo) and validates the logs against the OASIS
# SARIF 2.1.0 schema (testdata/sarif) with a second validator, independent
# of the Go one the unit tests use: Debian's python3-jsonschema, installed
# with apt when missing. Then it checks what code scanning reads: rule ids,
# %SRCROOT%-relative paths, related locations, fixes and fingerprints.
#
# Run from anywhere in a checkout: bash scripts/integration/30-sarif.sh
# Needs: go, gcc (cgo), git, python3; apt-get (Debian) when
# /usr/bin/jsonschema is missing.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export RETRYLINT_CACHE=$W/cache
SCHEMA=$ROOT/testdata/sarif/sarif-schema-2.1.0.json
fail() { echo "30-sarif: FAIL: $*" >&2; exit 1; }

# The validator: Debian's, as /usr/bin/jsonschema (pyenv's python3, if it
# comes first on PATH, does not see Debian's packages).
if [ ! -x /usr/bin/jsonschema ]; then
	echo "30-sarif: installing python3-jsonschema"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema > /dev/null
fi
validate() { /usr/bin/jsonschema --instance "$1" "$SCHEMA"; }

(cd "$ROOT" && go build -o "$W/retrylint" ./cmd/retrylint)

# A repository whose modules sit in subfolders.
R=$W/repo
mkdir -p "$R/services"
git -C "$R" init -q
cp -r "$ROOT/testdata/cmd/findings" "$R/services/loops"
cp -r "$ROOT/testdata/cmd/crosspkg" "$R/services/orders"

for m in loops orders; do
	rc=0
	(cd "$R/services/$m" && "$W/retrylint" -format sarif ./...) > "$W/$m.sarif" 2> "$W/$m.err" || rc=$?
	[ "$rc" -eq 0 ] || { cat "$W/$m.err" >&2; fail "$m: exit status $rc, want 0"; }
	[ ! -s "$W/$m.err" ] || { cat "$W/$m.err" >&2; fail "$m: stderr is not empty"; }
	validate "$W/$m.sarif" || fail "$m.sarif does not validate against the SARIF 2.1.0 schema"
	echo "30-sarif: $m.sarif is valid SARIF 2.1.0"
done

# The validator rejects what the schema forbids.
printf '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"retrylint"}},"results":[{"ruleId":"x","level":"fatal","message":{"text":"m"}}]}]}' > "$W/bad.sarif"
if validate "$W/bad.sarif" > /dev/null 2>&1; then fail "the validator accepts a level \"fatal\""; fi

# What code scanning reads.
/usr/bin/python3 - "$W" "$R" <<'PY'
import json, re, sys
w, repo = sys.argv[1], sys.argv[2]
def load(name):
    with open(f"{w}/{name}.sarif") as f:
        return json.load(f)["runs"][0]
def check(cond, what):
    if not cond:
        sys.exit(f"30-sarif: FAIL: {what}")

for name in ("loops", "orders"):
    run = load(name)
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    check(ids == ["catchall", "executionkey", "nojitter", "nonidempotent", "onconflict", "unbounded", "wallclock"], f"{name}: rules {ids}")
    for r in run["tool"]["driver"]["rules"]:
        check(r["helpUri"].endswith(f"/docs/checks/{r['id']}.md") and r["help"]["markdown"], f"{name}: rule {r['id']} help")
    check(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == f"file://{repo}/", f"{name}: %SRCROOT% {run['originalUriBaseIds']}")
    for res in run["results"]:
        loc = res["locations"][0]["physicalLocation"]
        check(loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%" and loc["artifactLocation"]["uri"].startswith(f"services/{name}/"), f"{name}: location {loc}")
        check(ids[res["ruleIndex"]] == res["ruleId"] and res["level"] == "warning", f"{name}: result {res['ruleId']}")
        check(re.fullmatch(r"[0-9a-f]{32}:[0-9]+", res["partialFingerprints"]["retrylintFinding/v1"]), f"{name}: fingerprint")

loops = {r["ruleId"]: r for r in load("loops")["results"]}
check(sorted(loops) == ["catchall", "nojitter", "unbounded"], f"loops: results {sorted(loops)}")
fix = loops["nojitter"]["fixes"][0]
check(fix["description"]["text"] == "Add full jitter", f"loops: fix {fix}")
reps = fix["artifactChanges"][0]["replacements"]
check([r.get("insertedContent", {}).get("text") for r in reps][1:] == ["rand.N(", ")"], f"loops: replacements {reps}")

orders = {r["ruleId"]: r for r in load("orders")["results"]}
rel = orders["nonidempotent"]["relatedLocations"]
check([r["id"] for r in rel] == [1, 2] and rel[0]["message"]["text"] == "store.AppendOrder at app.go:17:12", f"orders: related {rel}")
check("](2)" in orders["nonidempotent"]["message"]["text"], "orders: the message links the related locations")
PY

echo "30-sarif: passed"
