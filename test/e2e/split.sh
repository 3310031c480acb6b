#!/usr/bin/env bash
# split.sh PROGRAM SOURCE ARGS...: on 2 devices, every loop of SOURCE runs
# in two parts (its subscripts were analysed as affine), except a loop whose
# text says it "runs on one device" (which must not). The results alone
# cannot tell: a loop on one device gives the same bits.
set -uo pipefail
prog=$1 src=$2
shift 2
out=$(PROACT_DEVICES=0,1 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part "$prog" "$@" 2>&1) \
  || { echo "$out"; exit 1; }
base=$(basename "$src")
status=0 loops=0
# A loop is named by its directive's line; its text runs to the next
# directive.
while read -r line; do
  loops=$((loops + 1))
  if sed -n "$((line + 1)),\$p" "$src" | sed '/#pragma proact region/,$d' \
      | grep -q 'runs on one device'; then
    want=0
  else
    want=1
  fi
  if grep -q "$base:$line part 1: device 1" <<<"$out"; then got=1; else got=0; fi
  if [ "$got" != "$want" ]; then
    echo "$base:$line: expected $([ $want = 1 ] && echo 'two parts' || echo 'one device'), got the other"
    status=1
  fi
done < <(grep -n '#pragma proact region' "$src" | cut -d: -f1)
[ "$loops" -gt 0 ] || { echo "no loops found in $src"; exit 1; }
[ "$status" = 0 ] && echo "$base: $loops loops split as expected"
exit $status
