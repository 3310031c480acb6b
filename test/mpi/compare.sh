#!/usr/bin/env bash
# compare.sh PROACT_PROGRAM SEQUENTIAL_PROGRAM RANKS DEVICE_SETS -- ARGS...
# Runs the PROACT build under mpirun with each rank count of RANKS and
# each PROACT_DEVICES value of DEVICE_SETS (every rank uses that set of
# its own devices), for each argument list (separated by '|'), and fails
# unless every rank's output is identical to the sequential program's.
# The PROACT_* variables of the environment go to every rank.
set -u
prog=$1 seq=$2 ranks=$3 sets=$4
shift 4
[ "${1:-}" = "--" ] && shift
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
IFS='|' read -r -a arglists <<< "$*"
xs=()
for v in $(env | grep -o '^PROACT_[A-Z_]*'); do xs+=(-x "$v"); done
fail=0 runs=0
for args in "${arglists[@]}"; do
  # shellcheck disable=SC2086
  want=$("$seq" $args) || { echo "sequential run failed: $seq $args"; exit 1; }
  for np in $ranks; do
    for devs in $sets; do
      runs=$((runs + 1))
      rm -f "$tmp"/out.*
      # shellcheck disable=SC2086
      mpi_run 120 -np "$np" \
        -x PROACT_DEVICES="$devs" -x PROACT_MPI_TIMEOUT=30 "${xs[@]}" \
        "$here/rank_output.sh" "$tmp/out" "$prog" $args >"$tmp/mpirun" 2>&1
      rc=$?
      bad=""
      for r in $(seq 0 $((np - 1))); do
        if [ ! -f "$tmp/out.$r" ] || [ "$(cat "$tmp/out.$r")" != "$want" ]; then
          bad="$bad $r"
        fi
      done
      if [ $rc -ne 0 ] || [ -n "$bad" ]; then
        fail=$((fail + 1))
        echo "MISMATCH: $np ranks, PROACT_DEVICES=$devs $(basename "$prog") $args (exit $rc; ranks:$bad)"
        for r in $bad; do
          diff <(echo "$want") "$tmp/out.$r" 2>&1 | head -6
          head -5 "$tmp/out.$r.err" 2>/dev/null
        done
        head -5 "$tmp/mpirun"
      else
        echo "ok: $np ranks, PROACT_DEVICES=$devs $(basename "$prog") $args"
      fi
    done
  done
done
echo "$((runs - fail)) of $runs runs bit-identical to the sequential program on every rank"
[ $fail -eq 0 ]
