#!/bin/bash
# Session 19 GPU calls on nvidia-h200-x2, in order (call N = .gpu-bundle/s19/<letter>.sh, run as
# bash scripts/gpu-run.sh bash .gpu-bundle/s19/X.sh with .gpu-bundle carried). Calls 1-2 ran builds before
# 261e79a / e20ddb1 (see the results file); calls 3-11 the landed code (call 11 also the 1-D groups for bodies ending in their one store). The hand-written experiments of
# calls 6-8 (team_cost.c, empty_cuda.cu, ticket_walk.c) follow at the end.

# ---------------- call 1: s19/a.sh
# session 19 call 1: the column walk for bodies ending in their one store (jacobi2d-norm); kernel table; e2e on 2 GPUs
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== kernel table"
OUT=$OUT/kt bash bench/kernels/run.sh --reps 20 2>&1 | tail -12
echo "== norm variants (median ms of 20), device 0 unless said"
nr() { local l=$1 bin=$2; shift 2; echo "$l $(env "$@" $bin --reps 20 2>&1 | grep '^jacobi2d-norm' | tr -s ' ')"; }
for rep in 1 2; do
  nr default proact_norm PROACT_DEVICES=0
  nr flat proact_norm PROACT_DEVICES=0 PROACT_WALK=flat
  for t in 1056 8448 32768 65536; do nr teams$t proact_norm PROACT_DEVICES=0 PROACT_TEAMS=$t; done
  nr ilp1 $V/proact_norm_ilp1 PROACT_DEVICES=0
  nr ilp4 $V/proact_norm_ilp4 PROACT_DEVICES=0
  nr 2gpu proact_norm PROACT_DEVICES=0,1
  nr 2gpu-flat proact_norm PROACT_DEVICES=0,1 PROACT_WALK=flat
done
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_norm --reps 2 --warmup 0 2>&1 | grep -m3 "part 0\|scratch"
echo "== e2e on GPUs"
for m in memcpy poll trigger dma inline; do
  for p in "nests|37 4|20 3|9 2|3 2|2 1" "reduce|20011 6|1001 4|7 3|3 2|1 1"; do
    prog=${p%%|*}; args=${p#*|}
    echo "$m $prog: $(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 test/e2e/compare.sh .gpu-bundle/bin/e2e_$prog .gpu-bundle/bin/e2e_${prog}_seq "0 0,1" -- "$args" | grep -v '^ok:')"
  done
done
} > $S 2>&1

# ---------------- call 2: s19/b.sh
# session 19 call 2: team-shared fold slots; norm sweep; e2e reduce/nests on 2 GPUs incl. team sizes past the shared slots
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== cuda norm"
cuda_kernels --reps 20 2>&1 | grep -E "^jacobi2d" | tr -s ' '
echo "== norm variants (median ms of 20), device 0 unless said"
nr() { local l=$1 bin=$2; shift 2; echo "$l $(env "$@" $bin --reps 20 2>&1 | grep '^jacobi2d-norm' | tr -s ' ')"; }
for rep in 1 2; do
  nr default proact_norm PROACT_DEVICES=0
  nr flat proact_norm PROACT_DEVICES=0 PROACT_WALK=flat
  for t in 8448 16384 32768; do nr teams$t proact_norm PROACT_DEVICES=0 PROACT_TEAMS=$t; done
  nr ilp1 $V/proact_norm_ilp1 PROACT_DEVICES=0
  nr ilp4 $V/proact_norm_ilp4 PROACT_DEVICES=0
  nr ilp4-32768 $V/proact_norm_ilp4 PROACT_DEVICES=0 PROACT_TEAMS=32768
  nr 2gpu proact_norm PROACT_DEVICES=0,1
  nr 2gpu-ilp4 $V/proact_norm_ilp4 PROACT_DEVICES=0,1
  nr 2gpu-flat proact_norm PROACT_DEVICES=0,1 PROACT_WALK=flat
done
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_norm --reps 2 --warmup 0 2>&1 | grep -m3 "part 0\|scratch"
echo "== e2e on GPUs"
for m in memcpy poll trigger dma inline; do
  for p in "nests|37 4|20 3|9 2|3 2|2 1" "reduce|20011 6|1001 4|7 3|3 2|1 1"; do
    prog=${p%%|*}; args=${p#*|}
    echo "$m $prog: $(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 test/e2e/compare.sh .gpu-bundle/bin/e2e_$prog .gpu-bundle/bin/e2e_${prog}_seq "0 0,1" -- "$args" | grep -v '^ok:')"
  done
done
for th in 32 600 1024; do for w in auto flat; do
  echo "reduce threads $th walk $w: $(PROACT_TEAM_THREADS=$th PROACT_WALK=$w test/e2e/compare.sh .gpu-bundle/bin/e2e_reduce .gpu-bundle/bin/e2e_reduce_seq "0 0,1" -- "20011 6|1001 4|7 3" | grep -v '^ok:')"
done; done
echo "reduce teams 70000: $(PROACT_TEAMS=70000 test/e2e/compare.sh .gpu-bundle/bin/e2e_reduce .gpu-bundle/bin/e2e_reduce_seq "0 0,1" -- "20011 6" | grep -v '^ok:')"
} > $S 2>&1

# ---------------- call 3: s19/c.sh
# session 19 call 3: landed form (plain rows 4 for prefix bodies, 2 tiles per team for column reductions): kernel table, norm, e2e, ncu
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== kernel table"
OUT=$OUT/kt bash bench/kernels/run.sh --reps 20 2>&1 | tail -10
echo "== norm (median ms of 20)"
nr() { local l=$1; shift; echo "$l $(env "$@" proact_norm --reps 20 2>&1 | grep '^jacobi2d-norm' | tr -s ' ')"; }
for rep in 1 2 3; do
  echo "cuda $(cuda_kernels --reps 20 2>&1 | grep -E '^jacobi2d-norm' | tr -s ' ')"
  nr default PROACT_DEVICES=0
  nr flat PROACT_DEVICES=0 PROACT_WALK=flat
  nr teams65536 PROACT_DEVICES=0 PROACT_TEAMS=65536
  nr 2gpu PROACT_DEVICES=0,1
  nr 2gpu-flat PROACT_DEVICES=0,1 PROACT_WALK=flat
done
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_norm --reps 2 --warmup 0 2>&1 | grep -m3 "part 0\|scratch"
echo "== e2e on GPUs"
for m in memcpy poll trigger dma inline; do
  for p in "nests|37 4|20 3|9 2|3 2|2 1" "reduce|20011 6|1001 4|7 3|3 2|1 1"; do
    prog=${p%%|*}; args=${p#*|}
    echo "$m $prog: $(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 test/e2e/compare.sh .gpu-bundle/bin/e2e_$prog .gpu-bundle/bin/e2e_${prog}_seq "0 0,1" -- "$args" | grep -v '^ok:')"
  done
done
for th in 32 600; do
  echo "reduce threads $th: $(PROACT_TEAM_THREADS=$th test/e2e/compare.sh .gpu-bundle/bin/e2e_reduce .gpu-bundle/bin/e2e_reduce_seq "0 0,1" -- "20011 6|1001 4|7 3" | grep -v '^ok:')"
done
echo "== ncu: PROACT norm plain column kernel, CUDA walk+norm"
PROACT_DEVICES=0 timeout 100 ncu --clock-control none -k regex:"main_l47_2\$" -s 3 -c 1 --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats proact_norm --reps 2 2>&1 | grep -E "Duration|Registers|Shared Memory Config|Static Shared|Achieved Occupancy|Theoretical Occupancy|Memory Throughput|DRAM Throughput|Grid Size|Block Size|Stall" | head -20
timeout 100 ncu --clock-control none -k regex:"walk_norm" -s 1 -c 1 --section SpeedOfLight --section Occupancy --section LaunchStats cuda_kernels --reps 2 2>&1 | grep -E "Duration|Registers|Achieved Occupancy|Memory Throughput|DRAM Throughput|Grid Size|Block Size" | head -12
} > $S 2>&1

# ---------------- call 4: s19/d.sh
# session 19 call 4: do the plain column kernels (jacobi2d, stencil3d) gain from teams walking 2+ tiles, as the reduction's did?
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
pk() { local l=$1; shift; echo "$l | $(env PROACT_DEVICES=0 "$@" proact_kernels --stream-n 1048576 --reps 20 2>&1 | grep -E '^(jacobi2d|stencil3d) ' | awk '{print $1, $3}' | tr '\n' ' ')"; }
for rep in 1 2; do
  pk default
  pk teams49152 PROACT_TEAMS=49152
  pk teams32768 PROACT_TEAMS=32768
  pk teams16384 PROACT_TEAMS=16384
  pk teams8192 PROACT_TEAMS=8192
  pk teams4096 PROACT_TEAMS=4096
done
echo "== cuda"
cuda_kernels --stream-n 1048576 --reps 20 2>&1 | grep -E '^(jacobi2d|jacobi2d-walk|stencil3d) ' | awk '{print $1, $3}'
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_kernels --stream-n 1048576 --reps 1 --warmup 0 2>&1 | grep -E "column walk" | sort -u
} > $S 2>&1

# ---------------- call 5: s19/e.sh
# session 19 call 5: column tile shapes (width = PROACT_TEAM_THREADS, rows = PROACT_BLOCK_POINTS / width) for the plain 2-D and 3-D kernels
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
pk() { local l=$1; shift; echo "$l | $(env PROACT_DEVICES=0 "$@" proact_kernels --stream-n 1048576 --reps 20 2>&1 | grep -E '^(jacobi2d|stencil3d) ' | awk '{print $1, $3}' | tr '\n' ' ')"; }
for rep in 1 2; do
  pk "256x16 (default)"
  pk 256x8 PROACT_TEAM_THREADS=256 PROACT_BLOCK_POINTS=2048
  pk 256x32 PROACT_TEAM_THREADS=256 PROACT_BLOCK_POINTS=8192
  pk 128x16 PROACT_TEAM_THREADS=128 PROACT_BLOCK_POINTS=2048
  pk 128x32 PROACT_TEAM_THREADS=128 PROACT_BLOCK_POINTS=4096
  pk 128x64 PROACT_TEAM_THREADS=128 PROACT_BLOCK_POINTS=8192
  pk 512x16 PROACT_TEAM_THREADS=512 PROACT_BLOCK_POINTS=8192
  pk 512x8 PROACT_TEAM_THREADS=512 PROACT_BLOCK_POINTS=4096
  pk 64x32 PROACT_TEAM_THREADS=64 PROACT_BLOCK_POINTS=2048
done
} > $S 2>&1

# ---------------- call 6: s19/f.sh
# session 19 call 6: issue 7's 2-D gap today: ncu of PROACT's plain column kernel against the CUDA column walk; per-team cost of an empty SPMD kernel
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== empty SPMD kernels, 256 threads a team"
$V/team_cost; $V/team_cost
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --section InstructionStats --section WarpStateStats --section SchedulerStats"
G="Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|DRAM Throughput|Memory Throughput|L1/TEX Hit|L2 Hit|Executed Instructions |Issued Warp|Grid Size|Block Size|Warp Cycles Per Issued|Eligible Warps|No Eligible|Mem Busy|Max Bandwidth"
echo "== ncu PROACT jacobi2d plain column kernel"
PROACT_DEVICES=0 timeout 150 ncu --clock-control none -k regex:"main_l119_2\$" -s 3 -c 1 $SEC --metrics 'dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,l1tex__t_bytes.sum,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' proact_kernels --stream-n 1048576 --reps 3 2>&1 | grep -E "$G|dram__|lts__t_bytes|l1tex__t_bytes|stalled_(long|short|barrier|lg|mio|wait|not_sel|math|no_inst|dispatch|drain|imc|branch|membar|sleep|tex|selected)" | grep -v " 0$" | head -50
echo "== ncu CUDA k_jacobi_walk"
timeout 150 ncu --clock-control none -k k_jacobi_walk -s 2 -c 1 $SEC --metrics 'dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,l1tex__t_bytes.sum,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' cuda_kernels --stream-n 1048576 --reps 3 2>&1 | grep -E "$G|dram__|lts__t_bytes|l1tex__t_bytes|stalled_(long|short|barrier|lg|mio|wait|not_sel|math|no_inst|dispatch|drain|imc|branch|membar|sleep|tex|selected)" | grep -v " 0$" | head -50
} > $S 2>&1

# ---------------- call 7: s19/g.sh
# session 19 call 7: per-block cost of an empty CUDA kernel; why teams walking several tiles lose (ncu, PROACT_TEAMS=8192)
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
$V/empty_cuda; $V/team_cost
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --section InstructionStats --section SchedulerStats"
G="Duration|Achieved Occupancy|DRAM Throughput|L1/TEX Hit|L2 Hit|Executed Instructions |Issued Warp|Grid Size|No Eligible"
for t in 65536 8192; do
echo "== ncu PROACT jacobi2d plain column kernel, PROACT_TEAMS=$t"
PROACT_TEAMS=$t PROACT_DEVICES=0 timeout 150 ncu --clock-control none -k regex:"main_l119_2\$" -s 3 -c 1 $SEC --metrics 'dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum' proact_kernels --stream-n 1048576 --reps 3 2>&1 | grep -E "$G|dram__|lts__t_bytes" | head -20
done
} > $S 2>&1

# ---------------- call 8: s19/h.sh
# session 19 call 8: a persistent ticketed column walk against one team per tile (hand-written OpenMP, the plain 2-D kernel's shape)
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
CUDA_VISIBLE_DEVICES=0 $V/ticket_walk 16384
} > $S 2>&1

# ---------------- call 9: s19/i.sh
# session 19 call 9: issue 7's 3-D gaps: ncu of the plain 3-D column kernel against CUDA's k_stencil; the instrumented 3-D kernel under dma against the plain one (2 GPUs)
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --section InstructionStats --section SchedulerStats"
MET="--metrics dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_bytes.sum,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"
G="Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|DRAM Throughput|L1/TEX Hit|L2 Hit|Executed Instructions |Issued Warp|Grid Size|Block Size|No Eligible|dram__|l1tex__t_bytes|long_scoreboard"
echo "== ncu PROACT stencil3d plain column kernel (one GPU)"
PROACT_DEVICES=0 timeout 150 ncu --clock-control none -k regex:"stencil3d_sweep_l14_2\$" -s 3 -c 1 $SEC $MET proact_kernels --stream-n 1048576 --jacobi-n 1024 --reps 3 2>&1 | grep -E "$G" | head -20
echo "== ncu CUDA k_stencil"
timeout 150 ncu --clock-control none -k k_stencil -s 2 -c 1 $SEC $MET cuda_kernels --stream-n 1048576 --jacobi-n 1024 --reps 3 2>&1 | grep -E "$G" | head -20
for m in memcpy:l14_2 dma:l14_1; do
echo "== ncu stencil3d_sweeps 512, 2 GPUs, mech ${m%%:*}, kernel ${m#*:} (device 0's)"
PROACT_DEVICES=0,1 PROACT_MECH=${m%%:*} timeout 150 ncu --clock-control none -k regex:"stencil3d_sweep_${m#*:}\$" -s 4 -c 1 $SEC $MET stencil3d_sweeps 512 6 2>&1 | grep -E "$G" | head -20
done
} > $S 2>&1

# ---------------- call 10: s19/j.sh
# session 19 call 10: issue 7's instrumentation bar today, in one run: part kernel means (2 GPUs) of the 2-D sweep, the 3-D sweep and the micro's producer under each mechanism (memcpy: the plain kernel)
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part
for rep in 1 2; do
for m in memcpy dma poll trigger inline; do
  echo "-- app_jacobi2d 16384 20, $m"; PROACT_MECH=$m app_jacobi2d 16384 20 2>&1 | awk -f scripts/part-times.awk | sort
  echo "-- stencil3d_sweeps 512 20, $m"; PROACT_MECH=$m stencil3d_sweeps 512 20 2>&1 | awk -f scripts/part-times.awk | sort
  echo "-- micro 67108864 238 12, $m 1M"; PROACT_MECH=$m PROACT_CHUNK=1M micro 67108864 238 12 2>&1 | awk -f scripts/part-times.awk | sort
done; done
} > $S 2>&1

# ---------------- call 11: s19/k.sh (v/proact_kernels_ilp1: proact_kernels.c built as build-nvptx does, plus -fplugin-arg-proact-ilp=1)
# session 19 call 11: groups for 1-D bodies ending in their one store: the kernel table with the clamp loop (grouped) and the same program without groups (-fplugin-arg-proact-ilp=1: what such a body got before); e2e_grouped on the GPUs
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== kernel table"
OUT=$OUT/kt bash bench/kernels/run.sh --reps 20 2>&1 | tail -11
for rep in 1 2; do
  echo "== groups (default) / no groups, streaming lines, median ms"
  PROACT_DEVICES=0 proact_kernels --jacobi-n 1024 --stencil3d-n 64 --reps 20 2>&1 | grep -E "^(copy|scale|clamp|triad) " | awk '{print "grouped", $1, $3, $4}'
  PROACT_DEVICES=0 $V/proact_kernels_ilp1 --jacobi-n 1024 --stencil3d-n 64 --reps 20 2>&1 | grep -E "^(copy|scale|clamp|triad) " | awk '{print "ilp1", $1, $3, $4}'
done
echo "== e2e on GPUs"
for m in memcpy poll trigger dma inline; do
  echo "$m grouped: $(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 test/e2e/compare.sh .gpu-bundle/bin/e2e_grouped .gpu-bundle/bin/e2e_grouped_seq "0 0,1" -- "300011|30011|1001|7|1" | grep -v '^ok:')"
done
} > $S 2>&1

# ---------------- /tmp/exp/team_cost.c (built with the flags of build-nvptx, or nvcc -O3 -arch=sm_90)
: <<'SOURCE_team_cost_c'
/* Per-team cost of an empty SPMD kernel (target teams + parallel), as the
 * lowering emits: N teams of 256 threads, median of 20 launches. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
int main(void) {
  int *x = omp_target_alloc(sizeof(int) * 4, 0);
  int counts[] = {1056, 8192, 32768, 65536};
  for (int c = 0; c < 4; c++) {
    int nt = counts[c];
    double t[20];
    for (int r = -3; r < 20; r++) {
      double t0 = omp_get_wtime();
#pragma omp target teams num_teams(nt) thread_limit(256) is_device_ptr(x)
#pragma omp parallel num_threads(256)
      {
        if (omp_get_thread_num() == 999)
          x[0] = 1;
      }
      double t1 = omp_get_wtime();
      if (r >= 0)
        t[r] = t1 - t0;
    }
    qsort(t, 20, sizeof(double), cmp);
    printf("teams %d: median %.1f us\n", nt, t[10] * 1e6);
  }
  return 0;
}
SOURCE_team_cost_c

# ---------------- /tmp/exp/empty_cuda.cu (built with the flags of build-nvptx, or nvcc -O3 -arch=sm_90)
: <<'SOURCE_empty_cuda_cu'
// Per-block cost of an empty CUDA kernel: N blocks of 256 (and 128) threads, median of 20 launches (cudaEvents).
#include <cstdio>
#include <algorithm>
__global__ void k_empty(int *x) { if (threadIdx.x == 999) x[0] = 1; }
int main() {
  int *x; cudaMalloc(&x, 16);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  int counts[] = {1056, 8192, 32768, 65536};
  for (int th : {256, 128})
  for (int n : counts) {
    float t[20];
    for (int r = -3; r < 20; r++) {
      cudaEventRecord(a); k_empty<<<n, th>>>(x); cudaEventRecord(b); cudaEventSynchronize(b);
      float ms; cudaEventElapsedTime(&ms, a, b); if (r >= 0) t[r] = ms;
    }
    std::sort(t, t + 20);
    printf("cuda blocks %d x %d: median %.1f us\n", n, th, t[10] * 1e3);
  }
  return 0;
}
SOURCE_empty_cuda_cu

# ---------------- /tmp/exp/ticket_walk.c (built with the flags of build-nvptx, or nvcc -O3 -arch=sm_90)
: <<'SOURCE_ticket_walk_c'
/* Does a persistent, ticketed column walk beat one team per tile? The 2-D
 * 5-point sweep, 256 x 16 tiles, rows in groups of 2 (loads first), as the
 * lowering's plain column kernel; median of 20 (ms). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define TW 256
#define TR 16
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static inline void tile(const float *u, float *v, long n, long tpr, long b) {
  const long rb = (unsigned)b / (unsigned)tpr, tc = (unsigned)b % (unsigned)tpr;
  const long j = 1 + tc * TW + omp_get_thread_num();
  if (j >= n - 1) return;
  const long i0 = 1 + rb * TR;
  const int rows = (int)((i0 + TR < n - 1 ? i0 + TR : n - 1) - i0);
  int k = 0;
  for (; k + 1 < rows; k += 2) {
    const long c0 = (i0 + k) * n + j, c1 = c0 + n;
    const float a0 = 0.25f * (u[c0 - n] + u[c0 + n] + u[c0 - 1] + u[c0 + 1]);
    const float a1 = 0.25f * (u[c1 - n] + u[c1 + n] + u[c1 - 1] + u[c1 + 1]);
    v[c0] = a0;
    v[c1] = a1;
  }
  for (; k < rows; k++) {
    const long c0 = (i0 + k) * n + j;
    v[c0] = 0.25f * (u[c0 - n] + u[c0 + n] + u[c0 - 1] + u[c0 + 1]);
  }
}
int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 16384;
  const long tpr = (n - 2 + TW - 1) / TW, ntiles = tpr * ((n - 2 + TR - 1) / TR);
  float *u = malloc(n * n * 4), *v = malloc(n * n * 4);
  for (long x = 0; x < n * n; x++) u[x] = (float)(x % 97), v[x] = 0;
  unsigned *ticket = omp_target_alloc(4, 0);
  unsigned *slots = omp_target_alloc(4 * 2 * 65536, 0);
  unsigned zero = 0;
  omp_target_memcpy(ticket, &zero, 4, 0, 0, 0, omp_get_initial_device());
  int conf[] = {0, 1056, 2112, 4224, 8448};
#pragma omp target data map(to: u[0:n*n]) map(tofrom: v[0:n*n])
  for (int rep = 0; rep < 2; rep++)
  for (int ci = 0; ci < 5; ci++) {
    const int P = conf[ci];
    double t[20];
    for (int r = -3; r < 20; r++) {
      double t0 = omp_get_wtime();
      if (P == 0) {
#pragma omp target teams num_teams(ntiles) thread_limit(TW) map(alloc: u[0:n*n], v[0:n*n])
#pragma omp parallel num_threads(TW)
        { tile(u, v, n, tpr, omp_get_team_num()); }
      } else {
#pragma omp target teams num_teams(P) thread_limit(TW) map(alloc: u[0:n*n], v[0:n*n]) is_device_ptr(ticket, slots)
#pragma omp parallel num_threads(TW)
        {
          for (unsigned k = 0;; k++) {
            volatile unsigned *slot = &slots[2 * omp_get_team_num() + (k & 1u)];
            if (omp_get_thread_num() == 0) {
              const unsigned last = (unsigned)(ntiles + omp_get_num_teams()) - 1u;
              const unsigned tk = __atomic_fetch_add(ticket, 1u, __ATOMIC_RELAXED);
              if (tk == last) __atomic_store_n(ticket, 0u, __ATOMIC_RELAXED);
              *slot = tk;
            }
#pragma omp barrier
            const long b = *slot;
            if (b >= ntiles) break;
            tile(u, v, n, tpr, b);
          }
        }
      }
      double t1 = omp_get_wtime();
      if (r >= 0) t[r] = t1 - t0;
    }
    qsort(t, 20, sizeof(double), cmp);
    printf("%s %d: %.4f ms\n", P ? "ticketed teams" : "one team per tile", P ? P : (int)ntiles, t[10] * 1e3);
  }
  double s = 0;
  for (long x = 0; x < n * n; x += 4099) s += v[x];
  printf("check %.6e\n", s);
  return 0;
}
SOURCE_ticket_walk_c
