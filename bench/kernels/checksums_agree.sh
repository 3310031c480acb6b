#!/usr/bin/env bash
# checksums_agree.sh PROGRAM ARGS...: runs PROGRAM on one device, then on
# every device under each mechanism, and fails unless each run succeeds and
# prints the same checksum (the text after "checksum") as the first.
set -u
prog=$1
shift
run() { "$prog" "$@" 2>&1 | sed -n 's/.*checksum //p'; }
want=$(PROACT_DEVICES=0 run "$@")
[ -n "$want" ] || { echo "no checksum from PROACT_DEVICES=0 $prog $*"; exit 1; }
fail=0
for m in memcpy inline trigger dma poll; do
  got=$(PROACT_MECH=$m run "$@")
  if [ "$got" != "$want" ]; then
    echo "MISMATCH: PROACT_MECH=$m $(basename "$prog") $*: '$got' vs '$want'"
    fail=1
  else
    echo "ok: PROACT_MECH=$m $(basename "$prog") $*: $got"
  fi
done
exit $fail
