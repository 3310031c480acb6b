#!/usr/bin/env bash
# colstore_moves.sh PROGRAM SOURCE: colstore (64 x 64, 2 devices, memcpy)
# moves only what each loop reads from the other device: after the column
# store, the loop reading rows and columns of a pulls exactly the other
# part's columns of its own rows (32 x 32 doubles each way), and after the
# row store, the loop reading b by columns pulls exactly the other part's
# rows of its own columns. Hull-based reads or ownership would move more.
set -uo pipefail
prog=$1 src=$2
out=$(PROACT_DEVICES=0,1 PROACT_MECH=memcpy PROACT_DEBUG=info \
      PROACT_DEBUG_SUBSYS=mech "$prog" 64 1 2>&1) || { echo "$out"; exit 1; }
fail=0
for pat in 'b\[i \* n \+ j\] = a\[i \* n \+ j\]' 'a\[j \* n \+ i\] = b\[j \* n \+ i\]'; do
  # the pragma is two lines above the statement (the loop headers between)
  line=$(( $(grep -nE "$pat" "$src" | head -1 | cut -d: -f1) - 3 ))
  got=$(echo "$out" | grep -E "colstore\.c:$line pull " |
        sed -E 's/.*\(([0-9]+) bytes\).*/\1/' | awk '{s += $1} END {print s + 0}')
  if [ "$got" -ne 16384 ]; then
    echo "FAIL: the loop at line $line pulled $got bytes, expected 16384"
    fail=1
  else
    echo "ok: the loop at line $line pulled exactly 16384 bytes"
  fi
done
exit $fail
