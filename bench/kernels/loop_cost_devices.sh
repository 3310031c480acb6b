#!/usr/bin/env bash
# loop_cost_devices.sh LOOP_COST [SETS] [REPS]: the fixed cost of one PROACT
# loop against the number of devices. Runs LOOP_COST (bench/kernels/
# loop_cost.c) plain and halo under each mechanism on each PROACT_DEVICES
# value of SETS (default "0 0*2 0*4 0*8": 1 to 8 logical devices of device
# 0), REPS times each (default 3), interleaved, and prints a markdown table
# of the medians in microseconds, with the plain OpenMP target loop of the
# same runs, and the floor under the spread loop: launch_floor (beside
# LOOP_COST) with one host thread per device of the set, each launching an
# OpenMP target loop (a bare kernel on a GPU, as PROACT's). The last column
# is the halo run's own ratio: its stencil loops over the loop that pushes
# nothing, timed beside them in the same process; the one before it, the
# whole sequence of PROACT loops up to their result on the host over the
# plain loop's (the measure that counts where loops return before their
# kernels end, PROACT_LAUNCH=graph). Each run times N_LOOPS loops (default
# 500) over N elements (default 4096).
set -uo pipefail
prog=$1
sets=${2:-0 0*2 0*4 0*8}
reps=${3:-3}
loops=${N_LOOPS:-500}
n=${N:-4096}
mechs="memcpy poll trigger dma inline"
floor_prog=$(dirname "$prog")/launch_floor
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT

# The devices of a PROACT_DEVICES value, one per part: D*K is K times D.
floor_devs() {
  local out= item d k
  for item in ${1//,/ }; do
    if [[ $item == *'*'* ]]; then
      d=${item%%'*'*}; k=${item##*'*'}
      for _ in $(seq "$k"); do out+="$d,"; done
    else
      out+="$item,"
    fi
  done
  echo "${out%,}"
}

for rep in $(seq "$reps"); do
  for devs in $sets; do
    f=$("$floor_prog" "$n" "$loops" "$(floor_devs "$devs")" |
        sed -n 's/^openmp launches on [0-9,]*: \([0-9.]*\) us.*/\1/p') ||
      { echo "FAILED: $floor_prog $n $loops $(floor_devs "$devs")" >&2; exit 1; }
    for mech in $mechs; do
      r=$(PROACT_DEVICES=$devs PROACT_MECH=$mech "$prog" "$n" "$loops") ||
        { echo "FAILED: PROACT_DEVICES=$devs PROACT_MECH=$mech $prog $n $loops" >&2; exit 1; }
      p=$(sed -n 's/^proact loop: \([0-9.]*\) us.*/\1/p' <<<"$r")
      o=$(sed -n 's/^openmp target on device [0-9]*: \([0-9.]*\) us.*/\1/p' <<<"$r")
      q=$(sed -n 's/^in sequence.*(proact \/ openmp: \([0-9.]*\)).*/\1/p' <<<"$r")
      r=$(PROACT_DEVICES=$devs PROACT_MECH=$mech "$prog" "$n" "$loops" halo) ||
        { echo "FAILED: halo PROACT_DEVICES=$devs PROACT_MECH=$mech" >&2; exit 1; }
      h=$(sed -n 's/^proact loop (halo): \([0-9.]*\) us.*/\1/p' <<<"$r")
      b=$(sed -n 's/^proact loop beside it: \([0-9.]*\) us.*/\1/p' <<<"$r")
      echo "$devs $mech $p $h $o $f $b ${q:-nan}" | tee -a "$raw" >&2
    done
  done
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "| PROACT_DEVICES | mechanism | PROACT loop (us) | PROACT halo loop (us) | plain OpenMP target loop, one device (us) | OpenMP, a thread per device (us) | PROACT / one device | PROACT / a thread per device | sequences, PROACT / one device | halo / the plain loop beside it |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for devs in $sets; do
  for mech in $mechs; do
    rows=$(awk -v d="$devs" -v m="$mech" '$1 == d && $2 == m' "$raw")
    p=$(awk '{print $3}' <<<"$rows" | median)
    o=$(awk '{print $5}' <<<"$rows" | median)
    f=$(awk '{print $6}' <<<"$rows" | median)
    h=$(awk '{print $4}' <<<"$rows" | median)
    b=$(awk '{print $7}' <<<"$rows" | median)
    q=$(awk '{print $8}' <<<"$rows" | median)
    printf '| %s | %s | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f |\n' "$devs" "$mech" \
      "$p" "$h" "$o" "$f" \
      "$(awk -v a="$p" -v b="$o" 'BEGIN {print a / b}')" \
      "$(awk -v a="$p" -v b="$f" 'BEGIN {print a / b}')" "$q" \
      "$(awk -v a="$h" -v b="$b" 'BEGIN {print a / b}')"
  done
done
