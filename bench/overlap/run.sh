#!/usr/bin/env bash
# run.sh OVERLAP_BINARY [PROACT_DEVICES] [n] [rounds] [iterations] [reps]
# Runs the overlap benchmark once per mechanism (and `reps` times each,
# interleaved), with PROACT_STATS=1, and fails when the checksums differ
# between mechanisms (they compute the same thing).
set -uo pipefail
bin=$1 devs=${2:-0,1} n=${3:-67108864} rounds=${4:-64} iters=${5:-12}
reps=${6:-1}
sums=""
for rep in $(seq "$reps"); do
  for mech in memcpy poll trigger dma inline; do
    out=$(PROACT_MECH=$mech PROACT_STATS=1 PROACT_DEVICES=$devs \
          "$bin" "$n" "$rounds" "$iters" 2>&1) || { echo "$out"; exit 1; }
    echo "$out" | grep -E '^overlap:|stats:' | sed "s/^/rep $rep: /"
    sums="$sums $(echo "$out" | sed -n 's/.*checksum \(.*\)$/\1/p')"
  done
done
n_sums=$(echo "$sums" | tr ' ' '\n' | sed '/^$/d' | sort -u | wc -l)
if [ "$n_sums" -ne 1 ]; then
  echo "checksums differ between mechanisms:$sums"
  exit 1
fi
echo "checksums agree:$(echo "$sums" | awk '{print $1}')"
