#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs programs that test/e2e/random_nests.py built with --no-run (each
# nestsN with its sequential twin nestsN_seq in DIR) under every mechanism
# on PROACT_DEVICES (default 0) through test/e2e/compare.sh, for GPUs,
# where no compiler is: scripts/gpu-run.sh bash scripts/gpu-random-nests.sh DIR
#   gpu-random-nests.sh DIR [ARGS (default "7 2|4 1|23 2")]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:?usage: gpu-random-nests.sh DIR [ARGS]}
args=${2:-7 2|4 1|23 2}
fail=0 n=0
for seq in "$dir"/nests*_seq; do
  prog=${seq%_seq}
  for mech in memcpy poll trigger dma inline; do
    r=$(PROACT_MECH=$mech PROACT_CHUNK=256 "$root/test/e2e/compare.sh" \
          "$prog" "$seq" "${PROACT_DEVICES:-0}" -- "$args")
    rc=$?
    n=$((n + 1))
    echo "$(basename "$prog") $mech: $(tail -n 1 <<<"$r")"
    [ $rc -eq 0 ] || { fail=$((fail + 1)); grep -A3 MISMATCH <<<"$r" | head -8; }
  done
done
echo "random nests: $((n - fail)) of $n program x mechanism runs bit-identical"
[ $fail -eq 0 ]
