#!/usr/bin/env bash
# Real NCCL between the GPUs of two ranks (CI runs the NCCL transport only
# against test/mpi's stand-in). On a GPU machine, under scripts/gpu-run.sh
# after scripts/gpu-bundle.sh and scripts/gpu-mpi-bundle.sh, with NCCL's
# libnccl.so.2 in .gpu-bundle/nccl/ (from the nvidia-nccl-cu13 wheel:
# `pip download --no-deps nvidia-nccl-cu13`, then unzip
# nvidia/nccl/lib/libnccl.so.2) or where PROACT_NCCL_LIBRARY says:
#   bash scripts/gpu-run.sh bash test/mpi/gpu-nccl-check.sh
# With two GPUs or more: one rank per GPU, every program bit-identical to
# its sequential build under PROACT_TRANSPORT=nccl through NCCL's NVLink
# path and its network path (NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1), NCCL's
# bytes counted, auto choosing nccl, and a stalled rank ending the job
# through NCCL's deadline. With one GPU: two ranks share it; NCCL must
# refuse that (a fallback note under auto, an error under nccl), except
# NCCL 2.30+ with NCCL_MULTI_RANK_GPU_ENABLE=1, which is tried and
# reported. NCCL_CHECK_PATHS: the paths to run ("nvlink net" by default).
# Results to $OUT (or ./gpu-out).
set -uo pipefail
# shellcheck source=SCRIPTDIR/gpu-env.sh
. "$(dirname "$0")/gpu-env.sh"
export PROACT_NCCL_LIBRARY=${PROACT_NCCL_LIBRARY:-$bundle/nccl/libnccl.so.2}
# NVLink multicast stays off on the lent machines.
export NCCL_NVLS_ENABLE=0
gpus=${GPUS:-$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')}
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
# Each rank: its own GPU (one per rank when there are two), its own stats
# file, its output in out.R.
cat >"$tmp/rank.sh" <<'SH'
#!/bin/sh
r=${OMPI_COMM_WORLD_RANK:-0}
[ "$ONE_GPU_EACH" = 1 ] && export CUDA_VISIBLE_DEVICES=${OMPI_COMM_WORLD_LOCAL_RANK:-$r}
export PROACT_STATS_FILE="$TMPD/stats.%r.json"
exec "$@" >"$TMPD/out.$r" 2>"$TMPD/out.$r.err"
SH
chmod +x "$tmp/rank.sh"
log="$out/mpi-nccl-check.log"
fail=0

# job NAME EXPECT(ok|fail) [-x VAR=VALUE ...] -- PROGRAM ARGS...
job() {
  local name=$1 expect=$2 xs=() want="" rc t0
  shift 2
  while [ "$1" != "--" ]; do xs+=("$1"); shift; done
  shift
  rm -f "$tmp"/out.* "$tmp"/stats.*
  [ "$expect" = ok ] && want=$("${1}_seq" "${@:2}")
  t0=$SECONDS
  mpi_run 180 -np 2 \
    -x TMPD="$tmp" -x ONE_GPU_EACH=$([ "$gpus" -ge 2 ] && echo 1 || echo 0) \
    -x PROACT_DEVICES=0 -x PROACT_MPI_TIMEOUT=${TIMEOUT:-20} \
    -x PROACT_NCCL_LIBRARY -x NCCL_NVLS_ENABLE -x LD_LIBRARY_PATH \
    "${xs[@]}" "$tmp/rank.sh" "$@" >"$tmp/mpirun" 2>&1
  rc=$?
  echo "== $name: status $rc ($((SECONDS - t0)) s)"
  head -4 "$tmp"/out.*.err 2>/dev/null | grep -v "^$" | head -12
  if [ "$expect" = ok ]; then
    for r in 0 1; do
      if [ "$(cat "$tmp/out.$r" 2>/dev/null)" != "$want" ]; then
        echo "FAIL: rank $r differs from the sequential output"; fail=1
      fi
    done
    [ $rc -eq 0 ] || { echo "FAIL: status $rc"; head -5 "$tmp/mpirun"; fail=1; }
  elif [ $rc -eq 0 ]; then
    echo "FAIL: the job should have ended with an error"; fail=1
  fi
}

# nccl_bytes MECH: the stats files count NCCL bytes on both ranks. Under
# the pushing mechanisms the pushes between ranks go through host memory
# whatever the transport (docs/user/cluster.md), and a program whose every
# exchange is a push pulls nothing: there some bytes must move, by NCCL or
# pushed.
nccl_bytes() {
  python3 - "$1" "$tmp"/stats.0.json "$tmp"/stats.1.json <<'PY' || { echo "FAIL: no NCCL bytes"; fail=1; }
import json, sys
mech = sys.argv[1]
for p in sys.argv[2:]:
    loops = json.load(open(p))["loops"]
    n = sum(int(r["rank_nccl_bytes"]) for r in loops)
    pushed = sum(int(r["rank_push_bytes"]) for r in loops)
    print(p.rsplit("/", 1)[1], "rank_nccl_bytes", n, "rank_push_bytes", pushed)
    assert n > 0 if mech == "memcpy" else n + pushed > 0
PY
}

{
  nvidia-smi -L
  echo "NCCL library: $PROACT_NCCL_LIBRARY; GPUs: $gpus"
  [ -f "$PROACT_NCCL_LIBRARY" ] || echo "WARNING: $PROACT_NCCL_LIBRARY is not a file (dlopen may still find a name)"
  if [ "$gpus" -ge 2 ]; then
    for path in ${NCCL_CHECK_PATHS:-nvlink net}; do
      pathx=()
      [ $path = net ] && pathx=(-x NCCL_P2P_DISABLE=1 -x NCCL_SHM_DISABLE=1)
      for mech in memcpy dma poll; do
        for p in "jacobi2d 1025 20" "stencil1d 1000003 20" "reduce 20011 6" "update 20011 12"; do
          set -- $p
          job "nccl $path $mech $*" ok -x PROACT_TRANSPORT=nccl \
            -x PROACT_MECH=$mech "${pathx[@]}" -- "$bin/e2e_$1" "${@:2}"
          nccl_bytes $mech
        done
      done
    done
    job "auto chooses nccl" ok -x PROACT_INFO=1 -- "$bin/e2e_jacobi2d" 301 4
    grep -q "^devices between ranks: nccl (NCCL " "$tmp/out.0.err" ||
      { echo "FAIL: auto did not choose nccl"; fail=1; }
    TIMEOUT=5 job "a stalled rank ends the job through NCCL's deadline" fail \
      -x PROACT_TRANSPORT=nccl -- "$bin/mpi_faults" stall
    grep -hE "through nccl .*PROACT_MPI_TIMEOUT" "$tmp"/out.*.err ||
      { echo "FAIL: no NCCL deadline message"; fail=1; }
  else
    job "two ranks on one GPU, auto: MPI with a note" ok \
      -- "$bin/e2e_jacobi2d" 301 4
    grep -h "NCCL is not used between ranks" "$tmp"/out.0.err ||
      { echo "FAIL: no fallback note"; fail=1; }
    job "two ranks on one GPU, nccl: an error" fail \
      -x PROACT_TRANSPORT=nccl -- "$bin/e2e_jacobi2d" 301 4
    grep -hE "PROACT_TRANSPORT=nccl: rank [01] cannot set NCCL up" "$tmp"/out.*.err ||
      { echo "FAIL: no error naming PROACT_TRANSPORT"; fail=1; }
    # Not required: NCCL 2.30+ may allow it.
    saved=$fail
    job "two ranks on one GPU, NCCL_MULTI_RANK_GPU_ENABLE=1 (NCCL 2.30+)" ok \
      -x PROACT_TRANSPORT=nccl -x NCCL_MULTI_RANK_GPU_ENABLE=1 \
      -- "$bin/e2e_jacobi2d" 301 4
    [ $fail -eq $saved ] && nccl_bytes memcpy
    echo "(the last job is information only)"
    fail=$saved
  fi
  echo "overall: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
} 2>&1 | tee "$log"
grep -q "^overall: PASS" "$log"
