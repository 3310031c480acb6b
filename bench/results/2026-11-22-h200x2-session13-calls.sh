# Session 13's GPU calls (nvidia-h200-x2), in order. NAME_old binaries: the same programs
# built from 1781c22 (the previous commit) in a worktree; the rest from scripts/gpu-bundle.sh.

######## .gpu-bundle/s13/a.sh
#!/bin/bash
# session 13 call 1: consecutive (vector) groups: e2e bit-identity on GPUs, kernel benchmark old vs new, ncu kernel times, pagerank old vs new
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== e2e"
for p in vector grouped; do for devs in 0 0,1; do for m in memcpy poll trigger dma inline; do for a in 30011 1001 7; do
  x=$(PROACT_DEVICES=$devs PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
  [ "$x" = "$y" ] && echo "same $p $devs $m $a" || echo "DIFF $p $devs $m $a"
done; done; done; done | sort | uniq -c | awk '{print $2, $3}' | sort | uniq -c
echo "== kernel benchmark"
bash bench/kernels/run.sh --reps 20 2>&1 | tail -12
for r in 1 2; do
  echo "== old run $r"; PROACT_DEVICES=0 proact_kernels_old --reps 20 2>&1 | grep -E "copy|scale|triad|FAIL"
  echo "== new run $r"; PROACT_DEVICES=0 proact_kernels --reps 20 2>&1 | grep -E "copy|scale|triad|FAIL"
done
echo "== ncu"
which ncu && for T in old new; do B=proact_kernels; [ $T = old ] && B=proact_kernels_old
  echo "-- $T"; PROACT_DEVICES=0 ncu --clock-control none -k regex:"main_l(84|94|104)_2" --metrics gpu__time_duration.sum,dram__bytes.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active $B --reps 3 --warmup 0 2>&1 | grep -E "main_l|duration|dram__bytes|registers|warps_active" | head -40
done
echo "== pagerank"
for r in 1 2; do for T in old new; do B=app_pagerank; [ $T = old ] && B=app_pagerank_old
  for d in 0 0,1; do for m in memcpy inline; do
    echo "$T devs $d $m run $r: $(PROACT_DEVICES=$d PROACT_MECH=$m $B 16777216 16 20 2>&1 | grep -E 'median|rror')"
  done; done; done; done
} > $S 2>&1
cat $S

######## .gpu-bundle/s13/b.sh
#!/bin/bash
# session 13 call 2: CT's plain kernels against its instrumented ones (ncu), one and two GPUs
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm,clocks.sm,driver_version --format=csv,noheader
for d in 0 0,1; do for m in memcpy poll; do
  echo "== app_ct devs $d $m: $(PROACT_DEVICES=$d PROACT_MECH=$m app_ct 768 384 15 2>&1 | grep -E 'median|rror')"
done; done
echo "== part times, 1 GPU memcpy"
PROACT_DEVICES=0 PROACT_MECH=memcpy PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part app_ct 768 384 15 > /tmp/l.txt 2>&1; awk -f scripts/part-times.awk /tmp/l.txt | tail -4
echo "== part times, 1 GPU poll"
PROACT_DEVICES=0 PROACT_MECH=poll PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part app_ct 768 384 15 > /tmp/l.txt 2>&1; awk -f scripts/part-times.awk /tmp/l.txt | tail -4
for m in memcpy poll; do
  echo "== ncu 1 GPU $m"
  PROACT_DEVICES=0 PROACT_MECH=$m ncu --clock-control none -k regex:"main_l1(13|20)" -s 4 -c 4 --section LaunchStats --section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis app_ct 768 384 6 2>&1 | grep -E "main_l1|Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Memory Throughput|L1/TEX Hit|L2 Hit|DRAM Throughput|Grid Size|Block Size|Compute \(SM\)" 
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s13/c.sh
#!/bin/bash
# session 13 call 3: CT's kernels and the L1 / shared split (PROACT_CUDA_CACHE)
S=$OUT/summary.txt
M="main_l1(13|20)"
G="main_l1|Duration|L1/TEX Hit|L2 Hit|Shared Memory Configuration Size|Driver Shared Memory Per Block|Static Shared Memory Per Block|Achieved Occupancy|Block Limit Shared Mem"
{
for c in auto l1 shared; do
  for d in 0 0,1; do for m in memcpy poll; do
    echo "== app_ct cache $c devs $d $m: $(PROACT_CUDA_CACHE=$c PROACT_DEVICES=$d PROACT_MECH=$m app_ct 768 384 15 2>&1 | grep -E 'median|rror|arn')"
  done; done
done
for c in auto l1; do
  echo "== ncu 1 GPU memcpy cache $c"
  PROACT_CUDA_CACHE=$c PROACT_DEVICES=0 PROACT_MECH=memcpy ncu --clock-control none -k regex:"$M" -s 4 -c 2 --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis app_ct 768 384 6 2>&1 | grep -E "$G"
done
for m in memcpy poll; do
  echo "== ncu 2 GPUs $m (device 0's kernels)"
  PROACT_DEVICES=0,1 PROACT_MECH=$m ncu --clock-control none --devices 0 -k regex:"$M" -s 4 -c 2 --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis app_ct 768 384 6 2>&1 | grep -E "$G"
done
for c in auto l1; do
  echo "== kernels cache $c"; PROACT_CUDA_CACHE=$c PROACT_DEVICES=0 proact_kernels --reps 10 2>&1 | grep -E "^(copy|scale|triad|jacobi2d|stencil3d) |FAIL"
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s13/d.sh
#!/bin/bash
# session 13 call 4: CT's time against its teams (resident threads); the 3-D stencil from the shared header (stencil3d_sweep.h) against the previous build
S=$OUT/summary.txt
{
for t in 0 396 264 132; do
  echo "== app_ct teams $t devs 0 memcpy: $(PROACT_TEAMS=$t PROACT_DEVICES=0 PROACT_MECH=memcpy app_ct 768 384 15 2>&1 | grep -E 'median|rror')"
done
echo "== app_ct 256-thread teams devs 0 memcpy: $(PROACT_TEAM_THREADS=256 PROACT_DEVICES=0 PROACT_MECH=memcpy app_ct 768 384 15 2>&1 | grep -E 'median|rror')"
for t in 0 264 132; do for m in memcpy poll; do
  echo "== app_ct teams $t devs 0,1 $m: $(PROACT_TEAMS=$t PROACT_DEVICES=0,1 PROACT_MECH=$m app_ct 768 384 15 2>&1 | grep -E 'median|rror')"
done; done
for r in 1 2; do
  echo "== kernels old run $r: $(PROACT_DEVICES=0 proact_kernels_old --reps 20 2>&1 | grep -E '^stencil3d |FAIL')"
  echo "== kernels new run $r: $(PROACT_DEVICES=0 proact_kernels --reps 20 2>&1 | grep -E '^stencil3d |FAIL')"
done
for T in old new; do B=stencil3d_sweeps; [ $T = old ] && B=stencil3d_sweeps_old
  echo "== $B 1 GPU: $(PROACT_DEVICES=0 $B 512 20)"
  for m in memcpy dma inline; do echo "== $B 2 GPUs $m: $(PROACT_DEVICES=0,1 PROACT_MECH=$m $B 512 20)"; done
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s13/e.sh
#!/bin/bash
# session 13 call 5: the inner-loop apps with one team per SM (PROACT_TEAMS=132) against the default
S=$OUT/summary.txt
declare -A args=([jacobi_banded]="67108864 4 30" [pagerank]="16777216 16 20" [sssp]="16777216 16 20" [als]="8388608 1048576 32 10")
declare -A best=([jacobi_banded]=trigger [pagerank]=inline [sssp]=poll [als]=poll)
{
for a in jacobi_banded pagerank sssp als; do
  for t in 0 132; do
    echo "== $a teams $t 1 GPU: $(PROACT_TEAMS=$t PROACT_DEVICES=0 PROACT_MECH=memcpy app_$a ${args[$a]} 2>&1 | grep -oE 'median iteration [0-9.]+ ms|rror.*')"
    for m in memcpy ${best[$a]}; do
      echo "== $a teams $t 2 GPUs $m: $(PROACT_TEAMS=$t PROACT_DEVICES=0,1 PROACT_MECH=$m app_$a ${args[$a]} 2>&1 | grep -oE 'median iteration [0-9.]+ ms|rror.*')"
    done
  done
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s13/f.sh
#!/bin/bash
# session 13 call 6: the suite on 2 GPUs with one team per SM for loops that walk indexed rows (and the consecutive groups)
S=$OUT/summary.txt
{
bench/run --gpus 2 --variants 1gpu,memcpy,inline,poll,trigger,dma,elide --reps 2 --out $OUT/apps-13.md 2>&1 | tail -30
} > $S 2>&1
cat $S

######## .gpu-bundle/s13/g.sh
#!/bin/bash
# session 13 call 7: the suite on 4 GPUs with one team per SM for loops that walk indexed rows
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name --format=csv,noheader
bench/run --gpus 4 --variants 1gpu,memcpy,inline,poll,trigger,dma,elide --reps 2 --out $OUT/apps-13-4gpus.md 2>&1 | tail -12
} > $S 2>&1
cat $S
