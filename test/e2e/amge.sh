#!/usr/bin/env bash
# amge.sh PROGRAM: on 2 devices, the consumer loop of amge.c (decompose
# auto) takes the producer's cyclic split and pulls nothing, where BLOCK
# would have pulled (AMGE's estimate, in the info log).
set -uo pipefail
prog=$1
line=$(grep -n 'region(a\[0:n\], c\[0:n\])' "$(dirname "$0")/amge.c" | cut -d: -f1)
out=$(PROACT_DEVICES=0,1 PROACT_STATS=1 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part "$prog" 2003 3 2>&1) || { echo "$out"; exit 1; }
grep -q "amge.c:$line decompose(auto): block_cyclic (block 1), 0 bytes to pull" <<<"$out" \
  || { echo "no cyclic choice for amge.c:$line"; echo "$out" | grep -E "decompose|stats"; exit 1; }
mb=$(echo "$out" | awk -v k="amge.c:$line" '$1 == "proact:" && $2 == "stats:" && $3 == k { print $6 }')
[ "$mb" = "0B" ] || { echo "amge.c:$line copied $mb under auto"; exit 1; }
blk=$(echo "$out" | sed -n "s/.*amge.c:$line decompose(auto): .*; BLOCK: \([0-9]*\)$/\1/p" | head -1)
[ -n "$blk" ] && [ "$blk" -gt 0 ] || { echo "BLOCK would have pulled '$blk' bytes: the choice shows nothing"; exit 1; }
echo "amge.c:$line: auto followed the cyclic producer (0B pulled; BLOCK would pull $blk bytes)"
