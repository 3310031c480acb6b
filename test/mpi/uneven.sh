#!/usr/bin/env bash
# uneven.sh PROACT_PROGRAM SEQUENTIAL_PROGRAM ARGS...: ranks with
# different numbers of devices (PROACT_DEVICES=0 on rank 0, 0,1,2 on rank
# 1, 1,3 on rank 2) still give every rank the sequential output.
set -u
prog=$1 seq=$2
shift 2
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
want=$("$seq" "$@") || { echo "sequential run failed"; exit 1; }
mpi_run 120 \
  -np 1 -x PROACT_DEVICES=0 "$here/rank_output.sh" "$tmp/out" "$prog" "$@" : \
  -np 1 -x PROACT_DEVICES=0,1,2 "$here/rank_output.sh" "$tmp/out" "$prog" "$@" : \
  -np 1 -x PROACT_DEVICES=1,3 "$here/rank_output.sh" "$tmp/out" "$prog" "$@"
rc=$?
fail=0
for r in 0 1 2; do
  if [ "$(cat "$tmp/out.$r" 2>/dev/null)" != "$want" ]; then
    echo "MISMATCH on rank $r (mpirun status $rc)"
    head -5 "$tmp/out.$r.err" 2>/dev/null
    fail=1
  fi
done
[ $rc -eq 0 ] && [ $fail -eq 0 ] && echo "ok: 1, 3 and 2 devices on the three ranks, every rank bit-identical"
[ $rc -eq 0 ] && [ $fail -eq 0 ]
