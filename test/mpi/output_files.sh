#!/usr/bin/env bash
# output_files.sh MERGE PROGRAM ARGS...: under 2 ranks of 2 host-offload
# devices, PROACT_STATS_FILE, PROACT_TRACE and PROACT_DEBUG_FILE with %r
# write one file per rank, each naming its rank, without a warning; MERGE
# (bench/trace_merge.py) makes the two traces one timeline on the
# monotonic clock, one process per rank named by it, in which both ranks'
# loops run at the same time (they exchange halos every sweep). A path
# without an escape warns once, from rank 0; a path that tells hosts but
# not ranks apart (%h) warns from the rank that finds the other writing it.
set -uo pipefail
merge=$1
shift
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
fail() { echo "output_files.sh: $*" >&2; exit 1; }
run() { mpi_run 60 -np 2 -x PROACT_DEVICES=0,1 -x PROACT_MECH=dma "$@"; }

err=$(run -x PROACT_STATS_FILE="$tmp/stats.%r.json" -x PROACT_TRACE="$tmp/trace.%r.json" \
  -x PROACT_DEBUG=info -x PROACT_DEBUG_FILE="$tmp/log.%r.txt" "$@" 2>&1 >/dev/null) ||
  fail "status $?: $err"
[ -z "$err" ] || fail "stderr with a file per rank: $err"
for r in 0 1; do
  for f in stats.$r.json trace.$r.json log.$r.txt; do
    [ -s "$tmp/$f" ] || fail "no $f: $(ls "$tmp")"
  done
  grep -q "^[^ ]* proact: info: init: PROACT [0-9.]* (lowering ABI" "$tmp/log.$r.txt" ||
    fail "log.$r.txt: no identity line: $(head -n 2 "$tmp/log.$r.txt")"
done
"$merge" "$tmp/trace.0.json" "$tmp/trace.1.json" -o "$tmp/merged.json" ||
  fail "merge: status $?"
python3 - "$tmp" <<'PY' || fail "the files"
import json, sys
d = sys.argv[1]
for r in (0, 1):
    s = json.load(open("%s/stats.%d.json" % (d, r)))
    assert s["context"].startswith("rank %d of 2," % r), s["context"]
    assert s["loops"], "stats.%d.json: no loops" % r
    assert s["proact"].startswith("PROACT "), s["proact"]
    t = json.load(open("%s/trace.%d.json" % (d, r)))["otherData"]
    assert (t["rank"], t["ranks"]) == (r, 2), t
m = json.load(open(d + "/merged.json"))
assert m["otherData"]["clock"] == "monotonic", m["otherData"]
names = {e["pid"]: e["args"]["name"] for e in m["traceEvents"]
         if e["name"] == "process_name"}
assert sorted(names) == [0, 1], names
for r in (0, 1):
    assert names[r].startswith("rank %d of 2: " % r), names
loops = {r: sorted((e["ts"], e["ts"] + e["dur"]) for e in m["traceEvents"]
                   if e.get("pid") == r and e.get("cat") == "loop" and
                   e["name"].startswith("loop "))
         for r in (0, 1)}
assert loops[0] and len(loops[0]) == len(loops[1]), loops
# On one time axis the ranks' runs of loops overlap almost entirely: each
# sweep waits for the other rank's halo of the sweep before.
span = {r: (loops[r][0][0], loops[r][-1][1]) for r in (0, 1)}
both = min(span[0][1], span[1][1]) - max(span[0][0], span[1][0])
shorter = min(span[r][1] - span[r][0] for r in (0, 1))
print("merged: %d loops per rank; rank 0 %.0f-%.0f us, rank 1 %.0f-%.0f us, "
      "%.0f%% together" % (len(loops[0]), span[0][0], span[0][1],
                           span[1][0], span[1][1], 100.0 * both / shorter))
assert both > 0.5 * shorter, (span, both, shorter)
PY

# One file for both ranks: rank 0 warns, once.
err=$(run -x PROACT_STATS_FILE="$tmp/one.json" "$@" 2>&1 >/dev/null) || fail "one file: status $?"
[ "$(grep -c "^proact: warning: PROACT_STATS_FILE=$tmp/one.json names one file for all 2 ranks" <<<"$err")" -eq 1 ] ||
  fail "one file: not one warning: $err"
# %h alone: the ranks share a host, and the second to claim the file warns.
err=$(run -x PROACT_TRACE="$tmp/t.%h.json" "$@" 2>&1 >/dev/null) || fail "%h: status $?"
[ "$(grep -c "^proact: warning: PROACT_TRACE=$tmp/t.%h.json: process [0-9]* on this host writes $tmp/t\..*\.json too" <<<"$err")" -eq 1 ] ||
  fail "%h: not one warning: $err"
echo "ok: a file per rank with %r, one timeline from the ranks' traces, warnings for shared files"
