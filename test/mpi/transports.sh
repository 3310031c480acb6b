#!/usr/bin/env bash
# transports.sh CASE STAND_IN PROACT_PROGRAM SEQUENTIAL_PROGRAM ARGS...:
# the choice of transport between ranks (docs/user/cluster.md,
# "Transports") under 2 ranks of 2 host-offload devices, with test/mpi's
# NCCL stand-in (STAND_IN, a libnccl.so.2 over MPI on host memory: not
# NCCL). Each rank's output must be bit-identical to the sequential
# program's where the job should succeed. CASE (the names with
# "standin" run NCCL's code path against the stand-in):
#   auto_nccl_standin      every rank loads the stand-in: NCCL is chosen
#                          (the stats' context line and PROACT_INFO say
#                          so, its bytes are counted)
#   direct                 PROACT_TRANSPORT=mpi-direct: the devices'
#                          addresses go to MPI (host memory here), its
#                          bytes are counted
#   fallback_load_standin  rank 1 cannot load its library: every rank
#                          falls back to MPI, with one note naming rank 1
#                          and the cause
#   fallback_init_standin  rank 1's communicator set-up fails: the same,
#                          with the set-up's cause
#   forced_absent          PROACT_TRANSPORT=nccl and no rank can load
#                          NCCL: an error naming the variable on every rank
#   forced_init_standin    PROACT_TRANSPORT=nccl and rank 1's set-up
#                          fails: an error naming the variable on every rank
#   differ                 PROACT_TRANSPORT differs between the ranks: an
#                          error naming it on every rank
#   stall_nccl_standin     rank 1's NCCL stalls: the job ends within
#                          seconds, naming nccl and PROACT_MPI_TIMEOUT
set -u
case_=$1 standin=$2 prog=$3 seq=$4
shift 4
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
fail() { echo "FAIL ($case_): $*"; exit 1; }

# run 'RANK0_VARS' 'RANK1_VARS': rank r with -x of its vars and the
# common ones; outputs in $tmp/out.R, $tmp/out.R.err, status in $rc.
run() {
  local a=() b=() v
  for v in $1; do a+=(-x "$v"); done
  for v in $2; do b+=(-x "$v"); done
  shift 2
  local common=(-x PROACT_DEVICES=0,1 -x PROACT_MPI_TIMEOUT=5
                -x PROACT_STATS=1)
  t0=$(date +%s)
  mpi_run 90 \
    -np 1 "${common[@]}" "${a[@]}" "$here/rank_output.sh" "$tmp/out" "$prog" "$@" : \
    -np 1 "${common[@]}" "${b[@]}" "$here/rank_output.sh" "$tmp/out" "$prog" "$@" \
    >"$tmp/mpirun" 2>&1
  rc=$?
  secs=$(($(date +%s) - t0))
  for r in 0 1; do
    echo "--- rank $r stderr:"
    head -8 "$tmp/out.$r.err" 2>/dev/null
  done
}

# Both ranks bit-identical to the sequential output, status 0.
expect_identical() {
  local want
  want=$("$seq" "$@") || fail "sequential run failed"
  [ $rc -eq 0 ] || { head -5 "$tmp/mpirun"; fail "mpirun status $rc"; }
  for r in 0 1; do
    [ "$(cat "$tmp/out.$r")" = "$want" ] || fail "rank $r differs from the sequential output"
  done
}

# An unsuccessful end within 30 s; REGEX in the stderr of each rank in
# RANKS ("any": of one rank at least, where the first rank's abort may end
# the other before it prints).
expect_error() {
  local regex=$1 ranks=$2 r
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "the job should end with an error (status $rc)"
  [ "$secs" -le 30 ] || fail "it took $secs s to end"
  if [ "$ranks" = any ]; then
    cat "$tmp"/out.*.err 2>/dev/null | grep -Eq -- "$regex" ||
      fail "no rank's stderr matches: $regex"
    return
  fi
  for r in $ranks; do
    grep -Eq -- "$regex" "$tmp/out.$r.err" 2>/dev/null ||
      fail "rank $r's stderr does not match: $regex"
  done
}

# The stats files $tmp/s0.json and $tmp/s1.json: FIELD summed over the
# loops is above 0 on both ranks.
expect_bytes() {
  python3 - "$1" "$tmp/s0.json" "$tmp/s1.json" <<'PY' || fail "stats: no $1"
import json, sys
for path in sys.argv[2:]:
    loops = json.load(open(path))["loops"]
    moved = sum(int(r[sys.argv[1]]) for r in loops)
    assert moved > 0 and all(int(r[sys.argv[1]]) <= int(r["rank_bytes"])
                             for r in loops), (path, loops)
PY
}
s0="PROACT_STATS_FILE=$tmp/s0.json"
s1="PROACT_STATS_FILE=$tmp/s1.json"

# The note, exactly once in the job (rank 0's), matching REGEX.
expect_note() {
  local n
  n=$(cat "$tmp"/out.*.err | grep -c "NCCL is not used between ranks")
  [ "$n" -eq 1 ] || fail "$n notes, expected 1"
  grep -Eq -- "$1" "$tmp/out.0.err" || fail "the note does not match: $1"
}

lib="PROACT_NCCL_LIBRARY=$standin"
case $case_ in
auto_nccl_standin)
  run "$lib $s0 PROACT_INFO=1" "$lib $s1" "$@"
  expect_identical "$@"
  expect_bytes rank_nccl_bytes
  grep -Eq "^devices between ranks: nccl \(NCCL stand-in .*\) \(PROACT_TRANSPORT=auto\)$" \
    "$tmp/out.0.err" || fail "PROACT_INFO does not name nccl"
  for r in 0 1; do
    grep -Eq "^proact: stats: rank $r of 2, transport mpi .*devices between ranks: nccl \(NCCL stand-in" \
      "$tmp/out.$r.err" || fail "rank $r's stats do not name nccl"
  done
  ! grep -q "NCCL is not used" "$tmp"/out.*.err || fail "a note, though NCCL is used"
  ;;
direct)
  run "PROACT_TRANSPORT=mpi-direct $s0" "PROACT_TRANSPORT=mpi-direct $s1" "$@"
  expect_identical "$@"
  expect_bytes rank_mpi_direct_bytes
  grep -q "devices between ranks: mpi-direct," "$tmp/out.0.err" ||
    fail "the stats do not name mpi-direct"
  ;;
fallback_load_standin)
  run "$lib" "PROACT_NCCL_LIBRARY=$tmp/absent/libnccl.so.2" "$@"
  expect_identical "$@"
  expect_note "^proact: warning: NCCL is not used between ranks \(rank 1 has no NCCL: cannot load $tmp/absent/libnccl.so.2: .*\); devices of different ranks exchange through MPI through host memory$"
  ;;
fallback_init_standin)
  run "$lib" "$lib NCCL_STANDIN_FAIL=init" "$@"
  expect_identical "$@"
  expect_note "NCCL is not used between ranks \(rank 1 has no NCCL: setting NCCL up failed: .*unhandled system error"
  ;;
forced_absent)
  run "PROACT_TRANSPORT=nccl PROACT_NCCL_LIBRARY=$tmp/absent/libnccl.so.2" \
      "PROACT_TRANSPORT=nccl PROACT_NCCL_LIBRARY=$tmp/absent/libnccl.so.2" "$@"
  expect_error "^proact: error: rank [01] of 2: PROACT_TRANSPORT=nccl: rank 0 has no NCCL: cannot load $tmp/absent/libnccl.so.2" "0 1"
  ;;
forced_init_standin)
  run "PROACT_TRANSPORT=nccl $lib" "PROACT_TRANSPORT=nccl $lib NCCL_STANDIN_FAIL=init" "$@"
  expect_error "^proact: error: rank [01] of 2: PROACT_TRANSPORT=nccl: rank 1 cannot set NCCL up: " "0 1"
  ;;
differ)
  run "PROACT_TRANSPORT=mpi" "PROACT_TRANSPORT=mpi-direct" "$@"
  expect_error "PROACT_TRANSPORT differs between rank 0 \('mpi'\) and rank 1 \('mpi-direct'\)" "0 1"
  ;;
stall_nccl_standin)
  run "PROACT_TRANSPORT=nccl $lib" "PROACT_TRANSPORT=nccl $lib NCCL_STANDIN_STALL=1" "$@"
  expect_error "rank [01] of 2: (sending|receiving) [0-9]+ bytes (to|from) rank [01] through nccl \(device [0-9]+\): .*nothing for 5 s \(PROACT_MPI_TIMEOUT\)" any
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok: $case_"
