#!/usr/bin/env bash
# ready_cache.sh PROGRAM SEQUENTIAL N ITERS: a program whose loops run many
# times (Jacobi's two sweeps) builds each part's readiness state once and
# reuses it: under each proactive mechanism on 2 devices, running 2 x ITERS
# iterations builds exactly as many states as ITERS (at least one per loop),
# every counter is back at its initial value after each execution
# (PROACT_READY_CHECK=1), and the results equal the sequential program's.
# Balancing is off: a changed split needs new states (balance.h).
set -uo pipefail
prog=$1 seq=$2 n=$3 iters=$4
builds() { # mech iters: the number of states built, or fails
  local out
  out=$(PROACT_MECH=$1 PROACT_DEVICES=0,1 PROACT_CHUNK=256 PROACT_READY_CHECK=1 PROACT_BALANCE=0 \
        PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=mech "$prog" "$n" "$2" 2>&1) || {
    echo "$out" | grep '^proact: error' >&2; return 1; }
  [ "$(echo "$out" | grep -v '^proact: ')" = "$("$seq" "$n" "$2")" ] || {
    echo "$1, $2 iterations: results differ from the sequential program" >&2
    return 1; }
  echo "$out" | grep -c 'readiness state built'
}
fail=0
for mech in poll trigger dma inline; do
  one=$(builds $mech "$iters") || { fail=1; continue; }
  two=$(builds $mech $((2 * iters))) || { fail=1; continue; }
  # both sweeps of jacobi2d push: 2 loops x 2 parts at least
  if [ "$one" -lt 4 ] || [ "$one" != "$two" ]; then
    echo "$mech: $one states built in $iters iterations, $two in $((2 * iters)): not reused"
    fail=1
  else
    echo "ok: $mech: $one states built, in $iters iterations as in $((2 * iters))"
  fi
done
exit $fail
