#!/usr/bin/env bash
# stats_file.sh PROGRAM ARGS...: PROACT_STATS_FILE writes the per-loop
# statistics as JSON or CSV (by the extension), with the loops and
# executions PROACT_STATS=1's table shows; a path that cannot be written
# stops the program at start-up with the variable and the cause; %h, %p and
# %r in the path are expanded, and rank 0 of several warns about a path
# that would be one file for all ranks.
set -uo pipefail
prog=$1
shift
pargs=("$@")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for mech in memcpy poll; do
  for ext in json csv; do
    f="$dir/stats.$mech.$ext"
    PROACT_DEVICES=0,1 PROACT_MECH=$mech PROACT_STATS=1 PROACT_STATS_FILE="$f" \
      "$prog" "$@" > /dev/null 2> "$dir/err.txt" || { cat "$dir/err.txt"; exit 1; }
    # the table's rows: loop, mech, executions
    grep '^proact: stats: ' "$dir/err.txt" | grep -v ' loop  ' |
      awk '{ print $3, $4, $5 }' > "$dir/table.txt"
    python3 - "$f" "$ext" "$dir/table.txt" <<'PY' || { cat "$f"; exit 1; }
import csv, json, sys
path, ext, table = sys.argv[1:]
if ext == "json":
    doc = json.load(open(path))
    assert doc["format"] == "proact-stats" and doc["version"] == 1, doc
    assert doc["warmup_executions"] == 2, doc
    rows = doc["loops"]
else:
    rows = list(csv.DictReader(open(path, newline="")))
want = [l.split() for l in open(table)]
got = [[r["loop"], r["mech"], str(r["executions"])] for r in rows]
assert got == want, (got, want)
for r in rows:
    for k in ("loop_seconds", "warm_loop_seconds", "begin_seconds",
              "kernel_max_seconds", "kernel_sum_seconds", "end_seconds",
              "setup_seconds", "exposed_seconds", "hidden_seconds"):
        assert float(r[k]) >= 0, (k, r)
    for k in ("peer_bytes", "copies", "pushed_chunks", "pushes",
              "pushed_bytes", "whole_read_executions", "agent_executions"):
        assert int(r[k]) >= 0 and str(int(r[k])) == str(r[k]), (k, r)
    assert float(r["warm_loop_seconds"]) <= float(r["loop_seconds"]), r
    assert len(r["loop_id"]) == 16 and int(r["loop_id"], 16) > 0, r
    assert r["file"].endswith(r["loop"].rsplit(":", 1)[0]), r
    assert int(r["line"]) == int(r["loop"].rsplit(":", 1)[1]), r
    if r["mech"] == "poll":  # pushes the halos, by the agents
        assert int(r["pushed_chunks"]) > 0 and int(r["pushed_bytes"]) > 0, r
        assert int(r["pushes"]) >= int(r["pushed_chunks"]), r
        assert float(r["agent_sm_percent"]) > 0, r
    else:
        assert r["agent_sm_percent"] in (None, ""), r
PY
  done
done
# What moved is the same in every run, whatever the mechanism and however
# the agents and kernels interleave: the byte and copy counts of two runs
# agree field by field.
for mech in memcpy poll trigger dma inline; do
  for run in 1 2; do
    PROACT_DEVICES=0,1,2 PROACT_MECH=$mech PROACT_STATS_FILE="$dir/same.$run.json" \
      "$prog" "$@" > /dev/null 2> "$dir/err.txt" || { cat "$dir/err.txt"; exit 1; }
  done
  python3 - "$dir/same.1.json" "$dir/same.2.json" "$mech" <<'PY' || exit 1
import json, sys
keys = ("peer_bytes", "copies", "pushed_chunks", "pushes", "pushed_bytes")
a, b = ([[l[k] for k in keys] for l in json.load(open(p))["loops"]]
        for p in sys.argv[1:3])
if a != b:
    sys.exit("%s: two runs moved different amounts: %s vs %s (%s)"
             % (sys.argv[3], a, b, ", ".join(keys)))
PY
done
# The file alone (no PROACT_STATS): statistics collected, no table.
PROACT_DEVICES=0,1 PROACT_STATS_FILE="$dir/alone.json" "$prog" "$@" > /dev/null 2> "$dir/err.txt" || exit 1
! grep -q '^proact: stats: ' "$dir/err.txt" || { echo "a table without PROACT_STATS=1"; exit 1; }
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["loops"]' "$dir/alone.json" || exit 1
# The path's escapes: %h the host, %p the process id, %r the rank its
# launcher gives it (0 alone; PROACT_MPI=0 keeps these processes alone),
# %% a '%'; no warning, since no other process writes the file.
host=$(hostname); host=${host%%.*}
PROACT_DEVICES=0,1 PROACT_STATS_FILE="$dir/esc.%h.%p.%r.%%.json" "$prog" "$@" > /dev/null 2> "$dir/err.txt" || exit 1
f=$(ls "$dir" | grep '^esc\.')
[[ $f =~ ^esc\.$host\.[0-9]+\.0\.%\.json$ ]] || { echo "escapes not expanded: $f"; exit 1; }
[ ! -s "$dir/err.txt" ] || { echo "stderr:"; cat "$dir/err.txt"; exit 1; }
for rank in 1 3; do
  OMPI_COMM_WORLD_RANK=$rank OMPI_COMM_WORLD_SIZE=4 PROACT_MPI=0 PROACT_DEVICES=0 \
    PROACT_STATS_FILE="$dir/rank.%r.csv" "$prog" "$@" > /dev/null 2> "$dir/err.txt" || exit 1
  [ -s "$dir/rank.$rank.csv" ] || { echo "%r: no rank.$rank.csv"; ls "$dir"; exit 1; }
  [ ! -s "$dir/err.txt" ] || { echo "%r: stderr:"; cat "$dir/err.txt"; exit 1; }
done
# A path without an escape under a launcher of several ranks: rank 0 warns
# that only one rank's statistics would survive; the others say nothing.
for rank in 0 1; do
  OMPI_COMM_WORLD_RANK=$rank OMPI_COMM_WORLD_SIZE=2 PROACT_MPI=0 PROACT_DEVICES=0 \
    PROACT_STATS_FILE="$dir/shared.json" "$prog" "$@" > /dev/null 2> "$dir/err.$rank.txt" || exit 1
done
grep -qx "proact: warning: PROACT_STATS_FILE=$dir/shared.json names one file for all 2 ranks: each rank writes it and only one rank's survives; put %r (the rank) in the path" "$dir/err.0.txt" ||
  { echo "rank 0: no warning:"; cat "$dir/err.0.txt"; exit 1; }
[ ! -s "$dir/err.1.txt" ] || { echo "rank 1 warned too:"; cat "$dir/err.1.txt"; exit 1; }
# Nothing left beside the files: the temporary ones were renamed.
[ -z "$(ls "$dir" | grep '\.tmp$')" ] || { echo "temporary files left"; ls "$dir"; exit 1; }
# Errors at start-up, before any output.
check_error() {
  out=$(PROACT_STATS_FILE="$1" "$prog" "${pargs[@]}" 2>&1); rc=$?
  [ $rc -eq 1 ] && grep -qE "$2" <<<"$out" && ! grep -qv '^proact: ' <<<"$out" ||
    { echo "PROACT_STATS_FILE=$1: exit $rc"; echo "$out"; exit 1; }
}
check_error "$dir/none/s.json" "^proact: error: cannot write PROACT_STATS_FILE='$dir/none/s.json' .*: No such file or directory$"
check_error "$dir/s.txt" "^proact: error: invalid PROACT_STATS_FILE='$dir/s.txt': .* ends neither in .json nor in .csv"
check_error "$dir/s.%r.%x.json" "^proact: error: invalid PROACT_STATS_FILE='$dir/s.%r.%x.json': unknown escape '%x' \\(%h, %p, %r, %%\\)"
mkdir "$dir/d.json"
check_error "$dir/d.json" "^proact: error: cannot write PROACT_STATS_FILE='$dir/d.json': Is a directory$"
echo "statistics files: JSON and CSV match the table; byte counts the same in two runs of each mechanism; %h %p %r expanded, one file for several ranks warned about; bad paths stop at start-up"
