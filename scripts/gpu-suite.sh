#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The GPU validation suite (run through scripts/gpu-run.sh): bit-identity of
# every end-to-end program on 1 and 2 GPUs (and of a few under
# PROACT_LAUNCH=graph), then the Jacobi example on 1 vs 2 GPUs, median of
# repetitions. Writes a log to $OUT/gpu-suite.log.
# GPU_SUITE_SETS: the PROACT_DEVICES values to run instead (e.g. "0*2 0*4",
# logical devices of one GPU); GPU_SUITE_JOBS: comparisons run at once
# (default 1); GPU_SUITE_TIMING=0 skips the timed Jacobi runs;
# GPU_SUITE_ONLY_PROGRAMS=1 runs only the comparisons of every program;
# GPU_SUITE_PROGRAMS: the programs of that section to run (default: all).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
log="$out/gpu-suite.log"
exec > >(tee "$log") 2>&1
echo "== date: $(date -u +%FT%TZ)"
echo "== machine: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | paste -sd';')"
nvidia-smi topo -m 2>/dev/null | head -4
fail=0
ngpu=$(nvidia-smi -L | grep -c '^GPU')
if [ "$ngpu" -ge 2 ]; then sets="0 0,1"; else sets="0"; fi
sets=${GPU_SUITE_SETS:-$sets}
jobs=${GPU_SUITE_JOBS:-1}
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
njob=0
pids=()
: > "$out/gpu-suite-progress.log"
# submit LABEL COMMAND...: runs a comparison (up to $jobs at once); collect
# prints their results in submission order.
submit() {
  local label=$1 f
  shift
  njob=$((njob + 1))
  f=$results/$(printf %05d $njob)
  # Each result also goes to a progress file at once, which a run cut short
  # leaves behind; a comparison that hangs fails after GPU_SUITE_RUN_TIMEOUT.
  (
    r=$(timeout "${GPU_SUITE_RUN_TIMEOUT:-300}" "$@")
    rc=$?
    {
      echo "$label: $(tail -n 1 <<<"$r")"
      [ $rc -eq 0 ] || { echo "FAILED: $label (exit $rc)"; grep MISMATCH <<<"$r" | head -3; }
    } > "$f" 2>&1
    cat "$f" >> "$out/gpu-suite-progress.log"
  ) &
  pids+=($!)
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
}
# A plain `wait` would also wait for the tee above (bash 5.1 waits for the
# last process substitution), which ends only with the script.
collect() {
  [ ${#pids[@]} -eq 0 ] || wait "${pids[@]}"
  pids=()
  cat "$results"/* 2>/dev/null
  grep -qs '^FAILED' "$results"/* && fail=1
  rm -f "$results"/*
}
echo "== end-to-end bit-identity (PROACT_DEVICES in: $sets), every mechanism"
# cmp_each "MECHS" PROG ARGS [VAR=value...]: PROG against its sequential
# build under each mechanism of MECHS, in the given environment.
cmp_each() {
  local mechs=$1 prog=$2 args=$3 mech
  shift 3
  for mech in $mechs; do
    submit "$prog $mech${*:+ [$*]}" env "$@" PROACT_MECH=$mech \
      "$root/test/e2e/compare.sh" "e2e_$prog" "e2e_${prog}_seq" "$sets" -- "$args"
  done
}
run_cmp() { cmp_each "memcpy poll trigger dma inline" "$1" "$2"; }
# PROACT_LAUNCH=graph: loops that push nothing launch their parts' kernels
# as one CUDA graph per GPU and return before they end (docs/user/gpu.md).
run_graph() { cmp_each "memcpy dma" "$1" "$2" PROACT_LAUNCH=graph; }
# PROACT_LAUNCH=auto (the default) turns to graphs once thousands of short
# loops ran: programs long enough for it, and a check that it happened.
run_auto() { cmp_each "memcpy dma" "$1" "$2" PROACT_LAUNCH=auto; }
auto_used() {
  local devs=${sets##* } log
  # The whole log first: grep -q would end the pipe early (pipefail).
  log=$(PROACT_LAUNCH=auto PROACT_MECH=memcpy PROACT_DEVICES=$devs \
          PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part \
          e2e_stencil1d 1001 4000 2>&1 >/dev/null)
  if grep -q "will launch in a graph" <<<"$log"; then
    echo "auto: stencil1d 1001 4000 on $devs turned to graphs"
  else
    echo "FAILED: auto: stencil1d 1001 4000 on $devs never launched a graph"
    fail=1
  fi
}
# device_ptrs.c: a device address the program reads with its own CUDA call.
device_ptrs() {
  local launch
  for launch in graph auto; do
    submit "device_ptrs [PROACT_LAUNCH=$launch]" env PROACT_LAUNCH=$launch \
      PROACT_DEVICES=0 device_ptrs
  done
}
# GPU_SUITE_ONLY_PROGRAMS=1: only the section below (every program).
if [ "${GPU_SUITE_ONLY_PROGRAMS:-0}" = 1 ]; then
  run_cmp() { :; }
  run_graph() { :; }
  run_auto() { :; }
  auto_used() { :; }
  device_ptrs() { :; }
fi
run_cmp stencil1d "1000003 40|100003 40|1001 7|3 5|2 2"
run_cmp jacobi2d "2049 20|301 20|67 9|4 3|3 2"
run_cmp chain "1000003 10|50021 10|1001 4|3 3|1 2"
run_cmp affine "4000037|40009|1001|3|2|1|0"
run_cmp nests "301 20|37 4|9 2|2 1"
run_cmp grouped "1000003|30011|7|1"
run_cmp vector "1000003|30011|7|1"
run_cmp scatter "300011 6|1001 3|2 2"
run_cmp reduce "200003 6|1001 4|3 2"
collect
echo "== PROACT_LAUNCH=graph, bit-identity"
run_graph stencil1d "100003 40|1001 7|2 2"
run_graph jacobi2d "2049 20|67 9|3 2"
run_graph chain "50021 10|3 3"
run_graph nests "301 20|9 2"
run_graph reduce "200003 6|3 2"
run_graph update "20011 12|7 3"
collect
echo "== PROACT_LAUNCH=auto after thousands of short loops, bit-identity"
run_auto stencil1d "1001 4000|3 3000"
run_auto chain "1001 3000"
device_ptrs
collect
auto_used
# Every end-to-end program with the argument lists CTest gives it, with
# its arrays replicated, distributed and in unified memory.
cm="$root/test/e2e/CMakeLists.txt"
progs=$(awk '/^set\(E2E_PROGRAMS / {f = 1} f {print} f && /\)$/ {exit}' "$cm" |
        tr -d '()' | sed 's/set//; s/E2E_PROGRAMS//' | tr -s ' \n' ' ')
progs=${GPU_SUITE_PROGRAMS:-$progs}
echo "== every end-to-end program (CTest's arguments): $progs"
for p in $progs; do
  args=$(sed -n "s/^set(E2E_${p}_ARGS \"\(.*\)\")$/\1/p" "$cm")
  [ -n "$args" ] || { echo "$p: no arguments in $cm"; fail=1; continue; }
  for env in "PROACT_MECH=memcpy" "PROACT_MECH=poll PROACT_DISTRIBUTE=1" \
             "PROACT_MECH=dma PROACT_CHUNK=256" "PROACT_MEMORY=unified" \
             "PROACT_MECH=trigger PROACT_CHUNK=256" \
             "PROACT_MECH=inline PROACT_DISTRIBUTE=1"; do
    # shellcheck disable=SC2086
    submit "$p [$env]" env $env "$root/test/e2e/compare.sh" "e2e_$p" \
      "e2e_${p}_seq" "$sets" -- "$args"
  done
done
collect
echo "== jacobi2d example, ${JACOBI_N:=8192} x $JACOBI_N floats, ${JACOBI_IT:=20} iterations, 3 runs per device set"
for devs in $sets $sets $sets; do
  r=$(PROACT_DEVICES=$devs jacobi2d "$JACOBI_N" "$JACOBI_IT")
  echo "PROACT_DEVICES=$devs | $(echo "$r" | grep -E '^proact:') | $(echo "$r" | grep -E '^result:')"
  grep -q "bit-identical" <<<"$r" || fail=1
done
last=${sets##* }
echo "== statistics of one run on PROACT_DEVICES=$last"
PROACT_STATS=1 PROACT_DEVICES=$last jacobi2d "$JACOBI_N" "$JACOBI_IT" 2>&1 | grep -E '^(devices|proact)'
if [ "${GPU_SUITE_TIMING:-1}" = 0 ]; then
  echo "== suite result: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
  exit $fail
fi
echo "== timing only, ${BIG_N:=16384} x $BIG_N floats, ${BIG_IT:=100} iterations (no host reference), 5 runs per device set"
for k in 1 2 3 4 5; do
  for devs in $sets; do
    r=$(PROACT_DEVICES=$devs jacobi2d "$BIG_N" "$BIG_IT" 0)
    echo "PROACT_DEVICES=$devs | $(echo "$r" | grep -E '^proact:')"
  done
done
PROACT_STATS=1 PROACT_DEVICES=$last jacobi2d "$BIG_N" "$BIG_IT" 0 2>&1 | grep -E '^proact: stats'
echo "== suite result: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
exit $fail
