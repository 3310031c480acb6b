#!/usr/bin/env bash
# The GPU call of 2026-11-28-h200-kernel-time.md (one H200), run from the
# repository root with .gpu-bundle-variants/ carried (main22, common):
#   bash bench/results/2026-11-28-h200-kernel-time-calls.sh
# 1. kernel time against loop time (bench/kernels/kernel_time.sh);
# 2. loop_cost, the fixed cost of a loop;
# 3. the kernels' wall time under other team geometries (environment only);
# 4. Nsight Compute sections of three PROACT kernels and their CUDA twins.
set -uo pipefail
B=${PAIR:-.gpu-bundle-variants}
V=${V:-main22}
out=${OUT:-gpu-out}
mkdir -p "$out"
run_in() {
  PROACT_GPU_BUNDLE=$B/$V PROACT_GPU_DEBS_EXTRA=$B/common/debs \
    CUDA_KERNELS=$B/common/bin/cuda_kernels PROACT_DEVICES=0 \
    bash scripts/gpu-run.sh "$@"
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm --format=csv,noheader

echo "######## 1. kernel time against loop time ($V)"
kt=$(mktemp -d)
OUT=$kt run_in bash bench/kernels/kernel_time.sh --reps 5 --warmup 2
tar -C "$kt" -czf "$out/kernel-time.tgz" .

echo "######## 2. loop_cost"
for mech in memcpy dma; do
  echo "== PROACT_MECH=$mech"
  PROACT_MECH=$mech run_in loop_cost 1024 2000
done

echo "######## 3. geometry (wall time, GB/s column)"
for g in "" "PROACT_TEAM_THREADS=256" "PROACT_TEAMS=2112 PROACT_TEAM_THREADS=256" \
         "PROACT_TEAMS=528" "PROACT_TEAMS=4224" "PROACT_BLOCK_POINTS=32768" \
         "PROACT_BLOCK_POINTS=2048"; do
  echo "== ${g:-default}"
  (
    [ -z "$g" ] || export $g
    { run_in proact_kernels --reps 5 --warmup 2; run_in proact_norm --reps 5 --warmup 2; } 2>&1 |
      grep -E 'PASS|FAIL|rror' | awk '{print $1, $2, $3 " ms", $4 " GB/s", $7}'
  )
done 2>&1 | tee "$out/geometry.log"

echo "######## 4. ncu sections"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
secs="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis"
{
  run_in "$ncu" --clock-control none $secs -k 'regex:k_copy|k_stencil|k_jacobi_walk' --launch-skip 0 --launch-count 6 \
    "$B/common/bin/cuda_kernels" --reps 1 --warmup 0
  run_in "$ncu" --clock-control none $secs -k 'regex:main_l92|stencil3d_sweep_l14|main_l136' --launch-count 3 \
    proact_kernels --reps 1 --warmup 0
  run_in "$ncu" --clock-control none $secs -k 'regex:main_l47' --launch-count 1 \
    proact_norm --reps 1 --warmup 0
} >"$out/ncu-sections.log" 2>&1
grep -E '^  [a-z_]+.*\(|Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Memory Throughput|Block Size|Grid Size|Waves Per SM|Theoretical Occupancy' "$out/ncu-sections.log" | head -150
