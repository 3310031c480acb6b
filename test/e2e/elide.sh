#!/usr/bin/env bash
# elide.sh PROGRAM SEQUENTIAL ARGS...: with PROACT_ELIDE=1 on 2 devices no
# byte moves between devices (copied 0B and pushes 0 in the statistics, every
# loop memcpy), and the results differ from the sequential program's (the
# transfers really were skipped); on 1 device there is nothing to skip and
# they are the same.
set -uo pipefail
prog=$1 seq=$2
shift 2
want=$("$seq" "$@")
out=$(PROACT_ELIDE=1 PROACT_STATS=1 PROACT_MECH=poll PROACT_DEVICES=0,1 "$prog" "$@" 2>&1) || { echo "$out"; exit 1; }
stats=$(echo "$out" | grep '^proact: stats: ' | grep -v ' loop  ')
echo "$stats"
echo "$stats" | awk '$4 != "memcpy" || $6 != "0B" || $14 != 0 { bad = 1 } END { exit bad }' \
  || { echo "a loop moved data or kept its mechanism"; exit 1; }
[ "$(echo "$out" | grep -v '^proact: ')" != "$want" ] || { echo "2 devices: same results, so nothing was elided"; exit 1; }
one=$(PROACT_ELIDE=1 PROACT_DEVICES=0 "$prog" "$@") || exit 1
[ "$one" = "$want" ] || { echo "1 device: results differ"; exit 1; }
echo "elided: no peer bytes on 2 devices, results differ as they must; 1 device exact"
