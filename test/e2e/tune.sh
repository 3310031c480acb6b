#!/usr/bin/env bash
# tune.sh PROACT_TUNE PROGRAM CLANG PLUGIN INCLUDE_DIR SOURCE: proact-tune
# runs PROGRAM (built from SOURCE) over a small grid of configurations on 2
# host-offload devices, requiring the same results in every run; its
# profile must name every loop of the program, and the plugin must read it
# back: compiling SOURCE with it gives one remark per loop.
set -uo pipefail
tune=$1 prog=$2 clang=$3 plugin=$4 inc=$5 src=$6
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
PROACT_DEVICES=0,1 "$tune" -o "$dir/p.profile" -r 2 -c 4K,64K -t 32,512 \
  --same=fnv1a --ranking="$dir/rank.json" -- "$prog" 20011 6 \
  > "$dir/table.txt" 2> "$dir/progress.txt"
rc=$?
cat "$dir/table.txt"
[ $rc -eq 0 ] || { echo "proact-tune exited $rc"; tail -20 "$dir/progress.txt"; exit 1; }
# 1 memcpy + 2 chunks x (2 poll threads + trigger + dma + inline) = 11
n=$(grep -cE '^[0-9]+ ' "$dir/table.txt")
[ "$n" -eq 11 ] || { echo "expected 11 ranked configurations, got $n"; exit 1; }
grep -q "^\[  22/22\]" "$dir/progress.txt" || { echo "progress lines missing"; exit 1; }
grep -qE "^\[   1/22\] memcpy  chunk -      : [0-9.]+ ms \(run [0-9.]+ s\); about [0-9]+ s left$" "$dir/progress.txt" ||
  { echo "progress line without the time left"; head -3 "$dir/progress.txt"; exit 1; }
# The ranking as JSON: the same configurations in the same order as the table.
python3 - "$dir/rank.json" "$dir/table.txt" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
table = [l.split()[1] for l in open(sys.argv[2]) if l[:1].isdigit()]
ranked = [c for c in r["configurations"] if c["rank"] is not None]
assert r["format"] == "proact-tune-ranking" and r["runs_per_configuration"] == 2, r
assert [c["mech"] for c in ranked] == table, (ranked, table)
assert all(c["status"] == "ok" and len(c["run_seconds"]) == 2 for c in ranked)
assert ranked[0]["median_seconds"] <= ranked[-1]["median_seconds"]
PY
# Profile entries keyed by the path the compiler saw (the statistics'
# `file`), not by the base name alone. That path is $src as CMake wrote it
# on the command line, or, where a compiler launcher rewrote the command
# (ccache with CCACHE_BASEDIR makes paths relative to the compile's
# directory), a relative path that ends in $src's last components.
PROACT_DEVICES=0,1 PROACT_STATS_FILE="$dir/s.csv" "$prog" 101 1 >/dev/null ||
  { echo "statistics run failed"; exit 1; }
seen=$(python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["file"])' "$dir/s.csv")
rest=$seen
while case $rest in ../* | ./*) true ;; *) false ;; esac; do rest=${rest#*/}; done
if [ "$seen" != "$src" ] && { [ "${seen#/}" != "$seen" ] ||
     [ "${rest#*/}" = "$rest" ] || [ "${src%/"$rest"}" = "$src" ]; }; then
  echo "the program's loops name $seen, not $src by a path"; exit 1
fi
grep -q "^loop $seen:[0-9]* mech " "$dir/p.profile" || { echo "profile not keyed by $seen"; cat "$dir/p.profile"; exit 1; }
# GNU conventions: --help and --version to stdout, status 0; a wrong
# option: a message and a hint on stderr, status 2.
"$tune" --help | grep -q "^Usage: proact-tune \[OPTION\]" || { echo "--help"; exit 1; }
"$tune" --version | grep -qE "^proact-tune \(PROACT\) [0-9]+\.[0-9]+" || { echo "--version"; exit 1; }
"$tune" --bogus -- true > "$dir/o.txt" 2> "$dir/e.txt"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$dir/o.txt" ] && grep -q "Try 'proact-tune --help'" "$dir/e.txt" || { echo "unknown option: exit $rc"; cat "$dir/e.txt"; exit 1; }
"$tune" --ranking=r.txt -- true 2> "$dir/e.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "ends neither in .json nor in .csv" "$dir/e.txt" || { echo "--ranking=r.txt: exit $rc"; exit 1; }
"$tune" -r 0 -- true 2> "$dir/e.txt"; rc=$?
[ $rc -eq 2 ] || { echo "-r 0: exit $rc"; exit 1; }
# Chunks and threads the runtime would reject (PROACT_CHUNK, PROACT_THREADS).
"$tune" -t 32,33 -- true 2> "$dir/e.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "invalid --threads value 33 (a multiple of 32" "$dir/e.txt" || { echo "-t 33: exit $rc"; cat "$dir/e.txt"; exit 1; }
"$tune" -c 100 -- true 2> "$dir/e.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "invalid --chunks value 100 (256 to 1G" "$dir/e.txt" || { echo "-c 100: exit $rc"; cat "$dir/e.txt"; exit 1; }
loops=$(grep -c '^loop ' "$dir/p.profile")
pragmas=$(grep -c '#pragma proact region' "$src")
[ "$loops" -eq "$pragmas" ] || { echo "profile has $loops loops, $src has $pragmas"; cat "$dir/p.profile"; exit 1; }
# shellcheck disable=SC2086 # OPENMP_CFLAGS: omp.h of a private OpenMP root
"$clang" -fopenmp ${OPENMP_CFLAGS:-} -fplugin="$plugin" -fplugin-arg-proact-profile="$dir/p.profile" -fplugin-arg-proact-Rprofile-applied \
  -I"$inc" -fsyntax-only "$src" 2> "$dir/remarks.txt" || { cat "$dir/remarks.txt"; exit 1; }
r=$(grep -c "remark: from profile" "$dir/remarks.txt")
winner=$(sed -n 's/^loop [^ ]* mech \([a-z]*\) .*/\1/p' "$dir/p.profile" | head -1)
[ "$r" -eq "$pragmas" ] || { echo "expected $pragmas remarks, got $r"; cat "$dir/remarks.txt"; exit 1; }
# A program whose result changes under dma, that fails under trigger and
# hangs under poll with 512 threads: those configurations are left out,
# named (the hanging one killed after -T 1 s), and the exit status is 1.
cat > "$dir/fake.sh" <<'FAKE'
#!/usr/bin/env bash
[ "$PROACT_MECH" = trigger ] && { echo "boom" >&2; exit 3; }
[ "$PROACT_MECH" = poll ] && [ "$PROACT_THREADS" = 512 ] && sleep 30
echo "result: $([ "$PROACT_MECH" = dma ] && echo 41 || echo 42)"
# the statistics file (PROACT_STATS_FILE), columns in another order than
# libproact's: proact-tune finds them by name
{ echo "mech,loop_seconds,loop,file,line,executions,warm_loop_seconds,loop_id"
  echo "$PROACT_MECH,0.00${PROACT_THREADS:-1},fake.c:7,fake.c,7,2,0,"; } > "$PROACT_STATS_FILE"
FAKE
chmod +x "$dir/fake.sh"
"$tune" -o "$dir/f.profile" -r 1 -c 4K -t 32,512 -s result -T 1 -- "$dir/fake.sh" > "$dir/ft.txt" 2> "$dir/fp.txt"
rc=$?
[ $rc -eq 1 ] || { echo "fake: expected exit 1, got $rc"; cat "$dir/fp.txt"; exit 1; }
grep -q "trigger chunk 4 KiB  : FAILED (exit 3)" "$dir/fp.txt" || { echo "fake: no failure reported"; cat "$dir/fp.txt"; exit 1; }
grep -q "dma     chunk 4 KiB  : WRONG OUTPUT" "$dir/fp.txt" || { echo "fake: no wrong output reported"; cat "$dir/fp.txt"; exit 1; }
grep -q "poll    chunk 4 KiB   threads 512: FAILED (killed after the time limit" "$dir/fp.txt" || { echo "fake: no time-out reported"; cat "$dir/fp.txt"; exit 1; }
grep -q "^1    memcpy" "$dir/ft.txt" || { echo "fake: memcpy (1 ms) should rank first"; cat "$dir/ft.txt"; exit 1; }
grep -q "^loop fake.c:7 mech memcpy chunk 0 threads 0$" "$dir/f.profile" || { echo "fake: profile"; cat "$dir/f.profile"; exit 1; }
# The ranking as CSV names the configurations left out, and why.
"$tune" -o "$dir/f.profile" -r 1 -c 4K -t 32 -m memcpy,trigger,dma -s result \
  --ranking="$dir/f.csv" -- "$dir/fake.sh" > /dev/null 2>&1
python3 - "$dir/f.csv" <<'PY' || exit 1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
got = [(r["rank"], r["mech"], r["status"]) for r in rows]
assert got == [("1", "memcpy", "ok"), ("", "trigger", "failed"), ("", "dma", "wrong_output")], got
assert float(rows[0]["median_seconds"]) == 0.001 and rows[0]["vs_memcpy"] == "1.0000", rows[0]
PY
# Two loops that prefer different mechanisms (memcpy: 1 + 5 ms, dma: 4 + 1
# ms): dma wins the sum, loop a.c:3 is faster under memcpy; --per-loop
# writes that into the profile. Then runs that spread (memcpy 1, 3, 1 ms
# against dma 2 ms): the winner's lead is within the spread, and says so.
cat > "$dir/two.sh" <<'FAKE'
#!/usr/bin/env bash
n=$(cat "$FAKE_DIR/n.$PROACT_MECH" 2>/dev/null || echo 0); echo $((n + 1)) > "$FAKE_DIR/n.$PROACT_MECH"
if [ "${FAKE_NOISE:-0}" = 1 ]; then
  a=0.001; [ "$PROACT_MECH" = memcpy ] && [ "$n" = 1 ] && a=0.003
  [ "$PROACT_MECH" = dma ] && a=0.002
  { echo "mech,loop_seconds,loop,file,line,executions,warm_loop_seconds,loop_id"
    echo "$PROACT_MECH,$a,a.c:3,a.c,3,4,$a,"; } > "$PROACT_STATS_FILE"
  exit 0
fi
case $PROACT_MECH in memcpy) a=0.001 b=0.005 ;; *) a=0.004 b=0.001 ;; esac
{ echo "mech,loop_seconds,loop,file,line,executions,warm_loop_seconds,loop_id"
  echo "$PROACT_MECH,$a,a.c:3,a.c,3,4,$a,"; echo "$PROACT_MECH,$b,a.c:9,a.c,9,4,$b,"; } > "$PROACT_STATS_FILE"
FAKE
chmod +x "$dir/two.sh"
FAKE_DIR=$dir "$tune" -o "$dir/two.profile" -r 3 -c 4K -m memcpy,dma -- "$dir/two.sh" > "$dir/two.txt" 2> "$dir/two.err" ||
  { echo "two loops: exit $?"; cat "$dir/two.err"; exit 1; }
grep -q "^1    dma " "$dir/two.txt" && grep -qE "^a.c:3 +memcpy +chunk - +1.000 +4.000$" "$dir/two.txt" &&
  grep -q "^loop a.c:3 mech dma " "$dir/two.profile" && grep -q "^loop a.c:9 mech dma " "$dir/two.profile" ||
  { echo "two loops: per-loop table or profile"; cat "$dir/two.txt" "$dir/two.profile"; exit 1; }
rm -f "$dir"/n.*
FAKE_DIR=$dir "$tune" -o "$dir/two.profile" -r 3 -c 4K -m memcpy,dma --per-loop -- "$dir/two.sh" > "$dir/two.txt" 2> "$dir/two.err" ||
  { echo "--per-loop: exit $?"; cat "$dir/two.err"; exit 1; }
grep -q "^loop a.c:3 mech memcpy " "$dir/two.profile" && grep -q "^loop a.c:9 mech dma " "$dir/two.profile" ||
  { echo "--per-loop: profile"; cat "$dir/two.txt" "$dir/two.profile"; exit 1; }
rm -f "$dir"/n.*
FAKE_DIR=$dir FAKE_NOISE=1 "$tune" -o "$dir/noise.profile" -r 3 -c 4K -m memcpy,dma --ranking="$dir/noise.json" -- "$dir/two.sh" > "$dir/noise.txt" 2> "$dir/noise.err" ||
  { echo "noise: exit $?"; cat "$dir/noise.err"; exit 1; }
grep -qE "^1    memcpy .* 2.000 ~$" "$dir/noise.txt" &&
  grep -q "warning: the winner leads rank 2 by 1.000 ms, less than the spread of their runs (2.000 and 0.000 ms)" "$dir/noise.err" ||
  { echo "noise: no spread or warning"; cat "$dir/noise.txt" "$dir/noise.err"; exit 1; }
python3 - "$dir/noise.json" <<'PY' || exit 1
import json, sys
c = json.load(open(sys.argv[1]))["configurations"][0]
assert c["mech"] == "memcpy" and c["min_seconds"] == 0.001 and c["max_seconds"] == 0.003, c
PY
echo "proact-tune: 11 configurations ranked, profile of $loops loops read back ($winner)"
