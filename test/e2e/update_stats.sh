#!/usr/bin/env bash
# update_stats.sh PROGRAM SOURCE: each update directive of update.c has a
# statistics row of its own (mech "update") whose host_bytes are the bytes
# it copied: host(res[1:n - 2]) brings n - 2 doubles at every execution;
# device(...) of a replicated array copies nothing itself, and the loop
# that reads those elements next pulls them from the host.
set -uo pipefail
prog=$1 src=$2 n=1001 iters=9
f=$(mktemp --suffix=.json)
trap 'rm -f "$f"' EXIT
PROACT_DEVICES=0,1 PROACT_STATS_FILE="$f" "$prog" $n $iters > /dev/null || exit 1
python3 - "$f" "$src" $n <<'PY'
import json, sys
path, src, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(src).read().splitlines()
def line_of(text):
    return next(i + 1 for i, l in enumerate(lines) if text in l)
rows = {r["line"]: r for r in json.load(open(path))["loops"]}
res = rows[line_of("update host(res[1:n - 2])")]
assert res["mech"] == "update" and res["executions"] == 9, res
assert res["host_bytes"] == res["executions"] * (n - 2) * 8, res
dev = rows[line_of("update device(u[0:1], u[n - 1:1])")]
assert dev["mech"] == "update" and dev["host_bytes"] == 0, dev
stencil = rows[line_of("region(u[0:n], v[0:n])")]
assert stencil["host_bytes"] > 0, stencil
print("ok: update rows and their host bytes")
PY
