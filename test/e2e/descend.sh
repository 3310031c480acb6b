#!/usr/bin/env bash
# descend.sh PROGRAM: descend.c's descending loops are split by index value
# like their ascending twins, so they move exactly as much: the bytes and
# copies between devices over the whole run equal those of the twin build
# (descend.c's third argument), on 2 and 4 devices, under BLOCK, CYCLIC and
# BLOCK_CYCLIC, with memcpy and poll. A reversed split moves most of both
# arrays at every execution.
set -uo pipefail
prog=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
for devs in 0,1 0,1,2,3; do
  for decomp in block cyclic block_cyclic:7; do
    for mech in memcpy poll; do
      for twin in 0 1; do
        PROACT_DEVICES=$devs PROACT_DECOMPOSE=$decomp PROACT_MECH=$mech \
          PROACT_STATS_FILE="$dir/s$twin.json" "$prog" 1001 6 $twin \
          > "$dir/out$twin.txt" 2> "$dir/err.txt" || { cat "$dir/err.txt"; exit 1; }
      done
      cmp -s "$dir/out0.txt" "$dir/out1.txt" ||
        { echo "results differ: $devs $decomp $mech"; fail=1; }
      python3 - "$dir/s0.json" "$dir/s1.json" "$devs $decomp $mech" <<'PY' || fail=1
import json, sys
def total(path):
    loops = json.load(open(path))["loops"]
    return (sum(int(r["peer_bytes"]) for r in loops),
            sum(int(r["copies"]) for r in loops))
d, a = total(sys.argv[1]), total(sys.argv[2])
what = sys.argv[3]
if d != a or a[0] == 0:
    print(f"{what}: descending moved {d[0]} bytes in {d[1]} copies, "
          f"ascending {a[0]} in {a[1]}")
    sys.exit(1)
print(f"{what}: {d[0]} bytes in {d[1]} copies either way")
PY
    done
  done
done
exit $fail
