#!/usr/bin/env bash
# plan_cache.sh PROGRAM SEQUENTIAL N ITERS: a program whose loops run many
# times with the same sections (Jacobi's two sweeps) builds each loop's plan
# a few times at most and then reuses it: under each mechanism on 2
# devices, running 2 x ITERS iterations builds as many plans as ITERS, and
# the results equal the sequential program's, with PROACT_PLAN_CACHE=0
# (a plan built at every execution) too.
set -uo pipefail
prog=$1 seq=$2 n=$3 iters=$4
expect=$("$seq" "$n" "$iters")
builds() { # mech iters cache: the number of plans built, or fails
  local out
  out=$(PROACT_MECH=$1 PROACT_DEVICES=0,1 PROACT_PLAN_CACHE=$3 \
        PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part "$prog" "$n" "$2" 2>&1) || {
    echo "$out" | grep '^proact: error' >&2; return 1; }
  [ "$(echo "$out" | grep -v '^proact: ')" = "$("$seq" "$n" "$2")" ] || {
    echo "$1, $2 iterations, PROACT_PLAN_CACHE=$3: results differ from the sequential program" >&2
    return 1; }
  echo "$out" | grep -c 'plan built (kept)' || true # 0 lines: exit 1
}
fail=0
for mech in memcpy poll dma inline; do
  one=$(builds $mech "$iters" 1) || { fail=1; continue; }
  two=$(builds $mech $((2 * iters)) 1) || { fail=1; continue; }
  none=$(builds $mech "$iters" 0) || { fail=1; continue; }
  # jacobi2d's two sweeps: at least one plan each, and never one per run
  if [ "$one" -lt 2 ] || [ "$one" != "$two" ] || [ "$none" != 0 ]; then
    echo "$mech: $one plans kept in $iters iterations, $two in $((2 * iters)), $none with PROACT_PLAN_CACHE=0: not reused"
    fail=1
  else
    echo "ok: $mech: $one plans built and kept, in $iters iterations as in $((2 * iters))"
  fi
done
[ -n "$expect" ] || { echo "the sequential program printed nothing"; fail=1; }
exit $fail
