#!/usr/bin/env bash
# sweep.sh OVERLAP_BINARY [PROACT_DEVICES] [n] [rounds] [iterations]
# The overlap benchmark over mechanism x chunk size x transfer threads
# (threads only matter to poll), one line per configuration: the median
# time of producer + consumer per iteration, and the memcpy baseline first.
set -uo pipefail
bin=$1 devs=${2:-0,1} n=${3:-67108864} rounds=${4:-160} iters=${5:-12}
run() { # mech chunk threads
  r=$(PROACT_MECH=$1 PROACT_CHUNK=$2 PROACT_THREADS=$3 PROACT_DEVICES=$devs \
      "$bin" "$n" "$rounds" "$iters" 2>&1 | grep '^overlap:')
  echo "mech=$1 chunk=$2 threads=$3 | ${r#*: }"
}
run memcpy 0 0
for chunk in 262144 1048576 4194304 16777216; do
  for threads in 1024 4096 8192; do
    run poll $chunk $threads
  done
  for mech in trigger dma inline; do
    run $mech $chunk 0
  done
done
run memcpy 0 0
