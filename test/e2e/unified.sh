#!/usr/bin/env bash
# unified.sh PROGRAM SEQUENTIAL ARGS...: with PROACT_MEMORY=unified on 2
# devices every region array is one shared allocation, every loop runs with
# memcpy whatever PROACT_MECH asks, and nothing is copied between devices
# (copied 0B and copies 0 in the statistics), yet the results equal the
# sequential program's. The same run with replicas must copy something, or
# the check above proves nothing.
set -uo pipefail
prog=$1 seq=$2
shift 2
want=$("$seq" "$@")
copies() { grep '^proact: stats: ' | grep -v ' loop  ' | awk '{ c += $7 } END { print c + 0 }'; }
out=$(PROACT_MEMORY=unified PROACT_STATS=1 PROACT_MECH=poll PROACT_DEVICES=0,1 \
      PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=region "$prog" "$@" 2>&1) || { echo "$out"; exit 1; }
stats=$(echo "$out" | grep '^proact: stats: ' | grep -v ' loop  ')
echo "$stats"
echo "$stats" | awk '$4 != "memcpy" || $6 != "0B" || $7 != 0 { bad = 1 } END { exit bad }' \
  || { echo "a loop copied data or kept its mechanism"; exit 1; }
grep -q 'region shared allocation of ' <<<"$out" \
  || { echo "no array went into shared memory"; exit 1; }
[ "$(echo "$out" | grep -v '^proact: ')" = "$want" ] || { echo "results differ"; exit 1; }
n=$(PROACT_STATS=1 PROACT_DEVICES=0,1 "$prog" "$@" 2>&1 | copies)
[ "$n" -gt 0 ] || { echo "with replicas nothing is copied either: the check proves nothing"; exit 1; }
echo "unified: no copies on 2 devices (replicas: $n), results exact"
