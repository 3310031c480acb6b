#!/usr/bin/env bash
# loop_breakdown.sh LOOP_COST [SETS] [MECHS]: where each microsecond of a
# PROACT loop goes against the number of devices. Runs LOOP_COST
# (bench/kernels/loop_cost.c), plain and halo, with PROACT_TRACE under each
# mechanism of MECHS (default "memcpy poll trigger dma inline") on each
# PROACT_DEVICES value of SETS (default "0 0*2 0*4 0*8") and prints
# loop_breakdown.py's table of each: medians over N_LOOPS executions
# (default 300) of N elements (default 4096). The untraced per-loop times
# are loop_cost_devices.sh's.
set -uo pipefail
prog=$1
sets=${2:-0 0*2 0*4 0*8}
mechs=${3:-memcpy poll trigger dma inline}
loops=${N_LOOPS:-300}
n=${N:-4096}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for devs in $sets; do
  for mech in $mechs; do
    for kind in plain halo; do
      arg=; [ "$kind" = halo ] && arg=halo
      t="$tmp/$kind.json"
      rm -f "$t"
      PROACT_DEVICES=$devs PROACT_MECH=$mech PROACT_TRACE=$t \
        "$prog" "$n" "$loops" $arg >/dev/null ||
        { echo "FAILED: PROACT_DEVICES=$devs PROACT_MECH=$mech $prog $n $loops $arg" >&2; exit 1; }
      echo "### PROACT_DEVICES=$devs PROACT_MECH=$mech $kind"
      python3 "$here/loop_breakdown.py" "$t"
      echo
    done
  done
done
