#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs PROG without offload devices (OMP_TARGET_OFFLOAD=disabled: each loop
# runs as its kernels' host versions) and compares its output with the
# sequential build's, PROACT's warning that there is no device aside.
# Usage: no_devices.sh PROG SEQ ARGS...
set -u
prog=$1 seq=$2
shift 2
want=$("$seq" "$@") || { echo "sequential run failed: $seq $*"; exit 1; }
got=$(OMP_TARGET_OFFLOAD=disabled "$prog" "$@" 2>&1)
rc=$?
got=$(grep -v '^proact: warning: no offload device; annotated loops run on the host$' <<<"$got")
if [ $rc -ne 0 ] || [ "$got" != "$want" ]; then
  echo "MISMATCH without devices: $(basename "$prog") $* (exit $rc)"
  diff <(echo "$want") <(echo "$got") | head -10
  exit 1
fi
echo "bit-identical to the sequential program without devices: $(basename "$prog") $*"
