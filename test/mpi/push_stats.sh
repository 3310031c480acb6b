#!/usr/bin/env bash
# push_stats.sh PROGRAM SEQUENTIAL_PROGRAM ARGS...: under 2 ranks of 1
# host-offload device, with the mechanism of the environment's PROACT_MECH,
# the program's output is the sequential one with the pushes between ranks
# on and off; with them on the loops push bytes between ranks (the stats
# file's rank_push_bytes > 0, the same count on both ranks: every byte one
# rank sends the other receives) and pull fewer, and the bytes pushed are
# the bytes the pulls move with them off (a stencil's halos); with them off
# they push none. Under dma, the agents send the pushes.
set -uo pipefail
prog=$1 seq=$2
shift 2
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
fail() { echo "push_stats.sh: $*" >&2; exit 1; }
# Each rank its own statistics file.
cat > "$tmp/wrap.sh" <<'SH'
#!/usr/bin/env bash
export PROACT_STATS_FILE="$STATS_DIR/stats.%r.json"
exec "$@" > "$STATS_DIR/out.$OMPI_COMM_WORLD_RANK"
SH
chmod +x "$tmp/wrap.sh"
want=$("$seq" "$@") || fail "sequential run failed"
for push in 1 0; do
  mkdir -p "$tmp/$push"
  mpi_run 60 -np 2 \
    -x PROACT_DEVICES=0 -x PROACT_RANK_PUSH=$push -x PROACT_MECH \
    -x PROACT_MPI_TIMEOUT=30 -x STATS_DIR="$tmp/$push" \
    "$tmp/wrap.sh" "$prog" "$@" || fail "PROACT_RANK_PUSH=$push: status $?"
  for r in 0 1; do
    [ "$(cat "$tmp/$push/out.$r")" = "$want" ] ||
      fail "PROACT_RANK_PUSH=$push: rank $r's output differs from the sequential one"
  done
done
# Under dma the source device's agent sends each push once its last chunk
# is ready, while the kernel runs; the others send as the kernel ends.
if [ "${PROACT_MECH:-}" = dma ]; then
  log=$(mpi_run 60 -np 2 \
    -x PROACT_DEVICES=0 -x PROACT_MECH -x PROACT_DEBUG=info \
    -x PROACT_DEBUG_SUBSYS=mech "$prog" "$@" 2>&1 >/dev/null) ||
    fail "dma with the log: status $?"
  grep -q 'rank 1, by the dma agent' <<<"$log" ||
    fail "rank 0's dma agent sent no push"
  grep -q 'rank 0, by the dma agent' <<<"$log" ||
    fail "rank 1's dma agent sent no push"
fi
python3 - "$tmp" <<'PY' || fail "statistics"
import json, sys
def totals(push, rank):
    d = json.load(open(f"{sys.argv[1]}/{push}/stats.{rank}.json"))
    moved = sum(int(l["rank_bytes"]) for l in d["loops"])
    pushed = sum(int(l["rank_push_bytes"]) for l in d["loops"])
    return moved, pushed
for r in (0, 1):
    on, off = totals(1, r), totals(0, r)
    print(f"rank {r}: on: {on[1]} of {on[0]} bytes pushed; "
          f"off: {off[1]} of {off[0]}")
    assert on[1] > 0, f"rank {r}: nothing pushed with PROACT_RANK_PUSH=1"
    assert off[1] == 0, f"rank {r}: {off[1]} bytes pushed with PROACT_RANK_PUSH=0"
    assert on[0] - on[1] < off[0], f"rank {r}: pulls not fewer with pushes on"
assert totals(1, 0)[1] == totals(1, 1)[1], "the ranks count different pushes"
# A stencil moves the same halos either way: what the pulls moved with
# the pushes off, the pushes move with them on.
assert totals(1, 0)[1] == totals(0, 0)[0], "pushed bytes differ from pulled"
PY
echo "ok: pushes between ranks counted with PROACT_RANK_PUSH=1, none with 0"
