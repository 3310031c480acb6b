#!/usr/bin/env bash
# compare.sh PROACT_PROGRAM SEQUENTIAL_PROGRAM DEVICE_SETS -- ARGS...
# Runs the sequential build once and the PROACT build with each device set
# (PROACT_DEVICES values separated by spaces), for each argument list
# (argument lists separated by '|'), and fails unless every output is
# identical to the sequential one.
set -u
prog=$1 seq=$2 sets=$3
shift 3
[ "${1:-}" = "--" ] && shift
IFS='|' read -r -a arglists <<< "$*"
fail=0 runs=0
for args in "${arglists[@]}"; do
  # shellcheck disable=SC2086
  want=$("$seq" $args) || { echo "sequential run failed: $seq $args"; exit 1; }
  for devs in $sets; do
    runs=$((runs + 1))
    # shellcheck disable=SC2086
    got=$(PROACT_DEVICES=$devs "$prog" $args 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || [ "$got" != "$want" ]; then
      fail=$((fail + 1))
      echo "MISMATCH: PROACT_DEVICES=$devs $(basename "$prog") $args (exit $rc)"
      diff <(echo "$want") <(echo "$got") | head -10
    else
      echo "ok: PROACT_DEVICES=$devs $(basename "$prog") $args"
    fi
  done
done
echo "$((runs - fail)) of $runs runs bit-identical to the sequential program"
[ $fail -eq 0 ]
