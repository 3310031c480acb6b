#!/usr/bin/env bash
# run.sh READ_CHECK_BINARY [PROACT_DEVICES] [n] [per_row] [iterations] [reps]
# Runs the read-check benchmark with the kernels' checks on and off
# (PROACT_READ_CHECK=1 and 0), `reps` times each, interleaved; prints each
# run's medians and, per loop, the median over the runs of checked / plain,
# and fails when the checksums differ (the checks change no value).
set -uo pipefail
bin=$1 devs=${2:-0} n=${3:-16777216} per_row=${4:-16} iters=${5:-12}
reps=${6:-3}
sums="" lines=""
for rep in $(seq "$reps"); do
  for check in 1 0; do
    out=$(PROACT_READ_CHECK=$check PROACT_DEVICES=$devs \
          "$bin" "$n" "$per_row" "$iters" 2>&1) || { echo "$out"; exit 1; }
    line=$(echo "$out" | grep '^read_check:')
    echo "rep $rep: $line"
    lines="$lines$line"$'\n'
    sums="$sums $(echo "$line" | sed -n 's/.*checksum \(.*\)$/\1/p')"
  done
done
# checked / plain per loop: each rep's ratio, then the median over reps
ms() { sed -n "s/.* $1 \([0-9.]*\) ms.*/\1/p"; }
median() { sort -g | awk '{ v[NR] = $1 } END {
  print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
on=$(echo "$lines" | grep 'PROACT_READ_CHECK=1')
off=$(echo "$lines" | grep 'PROACT_READ_CHECK=0')
for loop in gather csr; do
  r=$(paste <(echo "$on" | ms $loop) <(echo "$off" | ms $loop) |
      awk '$2 > 0 { printf "%.4f\n", $1 / $2 }' | median)
  echo "$loop: checked / plain, median of $reps: $r"
done
n_sums=$(echo "$sums" | tr ' ' '\n' | sed '/^$/d' | sort -u | wc -l)
if [ "$n_sums" -ne 1 ]; then
  echo "checksums differ between checked and plain kernels:$sums"
  exit 1
fi
echo "checksums agree:$(echo "$sums" | awk '{print $1}')"
