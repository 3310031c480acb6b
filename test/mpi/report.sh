#!/usr/bin/env bash
# report.sh PROACT_INFO PROGRAM ARGS...: under 2 ranks of 2 devices,
# proact-info names the ranks, the transport, each rank's devices and
# the transport between them (host-offload devices: mpi);
# PROACT_STATS=1 prints each rank's context line and counts the bytes the
# loops moved between ranks (the stats file's rank_bytes).
set -uo pipefail
info=$1
shift
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
fail() { echo "report.sh: $*" >&2; exit 1; }
run() { mpi_run 60 -np 2 "$@"; }

out=$(run -x PROACT_DEVICES=0,1 "$info" 2>&1) || fail "proact-info: status $?"
echo "$out"
grep -Eq '^ranks: 2, transport mpi \(.+\); this report is rank 0.s$' <<<"$out" ||
  fail "no ranks line"
grep -Eq '^  rank 1: devices [0-9]+-[0-9]+$' <<<"$out" || fail "no devices of rank 1"
grep -Eq '^devices: 4 participating$' <<<"$out" || fail "not 4 participating devices"
grep -Eq '^devices between ranks: mpi \(PROACT_TRANSPORT=auto\)$' <<<"$out" ||
  fail "no transport between the ranks' devices"
[ "$(echo "$out" | grep -c '^PROACT ')" -eq 1 ] || fail "not one report"
alone=$("$info" 2>&1) || fail "proact-info alone: status $?"
grep -q '^ranks: 1, transport none' <<<"$alone" || fail "alone: no 'ranks: 1' line"

err=$(run -x PROACT_DEVICES=0,1 -x PROACT_STATS=1 \
  -x PROACT_STATS_FILE="$tmp/stats.json" "$@" 2>&1 >/dev/null) ||
  fail "program: status $?"
echo "$err" | grep -E 'rank|ranks' | head -4
[ "$(echo "$err" | grep -Ec '^proact: stats: rank [01] of 2, transport mpi')" -eq 2 ] ||
  fail "no context line from each rank"
python3 - "$tmp/stats.json" <<'PY' || fail "stats file"
import json, sys
d = json.load(open(sys.argv[1]))
assert "rank 0 of 2" in d["context"] or "rank 1 of 2" in d["context"], d["context"]
assert sum(int(r["rank_bytes"]) for r in d["loops"]) > 0, d["loops"]
PY
echo "ok: the ranks and the transport are reported"
