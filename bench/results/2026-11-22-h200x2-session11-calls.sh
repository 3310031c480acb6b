#### .gpu-bundle/s11/call1.sh
#!/usr/bin/env bash
# Session 11, call 1 (2 x H200): does capping registers at 32 close the
# instrumentation's cost? _cap = the same commit built with
# -Xcuda-ptxas -maxrregcount=32 (every kernel).
set -u
S=$OUT/summary.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >> $S
echo "== jacobi2d 16384, 2 GPUs, part kernel us (mean over 40 sweeps x 2 parts)" >> $S
for r in 1 2; do
for v in base cap; do sfx=_$v; [ $v = base ] && sfx=
  for m in memcpy inline dma trigger poll; do
    PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 app_jacobi2d$sfx 16384 20 2>&1 | awk -v m=$m -v v=$v '/kernel on device/ {n++; s+=$(NF-1)} /median iteration/ {it=$6" "$7" "$8} END {printf "%s %-8s part %.1f us (%d)  %s\n", v, m, s/n, n, it}' >> $S
  done
done; done
echo "($SECONDS s)" >> $S
echo "== ncu jacobi2d sweep kernels" >> $S
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
for v in base cap; do sfx=_$v; [ $v = base ] && sfx=
for m in memcpy dma; do
  echo "-- $v $m" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 60 ncu --clock-control none -k regex:sweep -s 6 -c 2 --metrics $M app_jacobi2d$sfx 16384 4 2>&1 | grep -E "^  [a-z_]|duration|registers|warps" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//; s/, Context.*//' >> $S
done; done
echo "($SECONDS s)" >> $S
for v in base cap; do sfx=_$v; [ $v = base ] && sfx=
  echo "== micro $v, 1M,4M, 2 reps" >> $S
  timeout 120 bash bench/micro/run.sh $(command -v micro$sfx) 67108864 1M,4M 2 $OUT/micro-$v.log > $OUT/micro-$v.out 2>&1
  grep -E "^\||bulk|best" $OUT/micro-$v.out >> $S
  echo "($SECONDS s)" >> $S
done
echo "== kernels cap (PROACT_KERNELS=proact_kernels_cap)" >> $S
PROACT_KERNELS=$(command -v proact_kernels_cap) timeout 100 bash bench/kernels/run.sh --reps 10 > $OUT/kernels-cap.out 2>&1
tail -12 $OUT/kernels-cap.out >> $S
echo "($SECONDS s)" >> $S
#### .gpu-bundle/s11/call2.sh
#!/usr/bin/env bash
# Session 11, call 2 (2 x H200): F = the readiness lookup before the block's
# work (proact__ready_block_reports), E = HEAD (lookup after the work),
# capF = F built with -maxrregcount=32.
set -u
S=$OUT/summary.txt
ok=0; bad=0
for spec in "nests 200 3" "jacobi2d 2049 6" "stencil1d 100000 5"; do
  set -- $spec; prog=$1; shift
  want=$(timeout 60 e2e_${prog}_seq "$@" | md5sum)
  for d in 0 0,1; do for m in memcpy inline trigger dma poll; do
    got=$(PROACT_DEVICES=$d PROACT_MECH=$m PROACT_READY_CHECK=1 timeout 60 e2e_$prog "$@" 2>$OUT/e2e.err | md5sum)
    if [ "$got" = "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $prog $* $d $m: $(head -c 300 $OUT/e2e.err)" >> $S; fi
  done; done
done
echo "e2e ok=$ok bad=$bad ($SECONDS s)" >> $S
echo "== jacobi2d 16384, 2 GPUs, part kernel us (mean over 40 sweeps x 2 parts)" >> $S
for r in 1 2; do
for v in E F capF; do sfx=_$v; [ $v = F ] && sfx=
  for m in memcpy dma trigger poll; do
    PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 app_jacobi2d$sfx 16384 20 2>&1 | awk -v m=$m -v v=$v '/kernel on device/ {n++; s+=$(NF-1)} /median iteration/ {it=$6" "$7" "$8} END {printf "%s %-8s part %.1f us (%d)  %s\n", v, m, s/n, n, it}' >> $S
  done
done; done
echo "($SECONDS s)" >> $S
echo "== ncu jacobi2d sweep kernels" >> $S
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
for v in F capF; do sfx=_$v; [ $v = F ] && sfx=
for m in dma trigger; do
  echo "-- $v $m" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 60 ncu --clock-control none -k regex:sweep -s 6 -c 2 --metrics $M app_jacobi2d$sfx 16384 4 2>&1 | grep -E "^  [a-z_]|duration|registers|warps" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//; s/, Context.*//' >> $S
done; done
echo "($SECONDS s)" >> $S
for v in E F; do sfx=_$v; [ $v = F ] && sfx=
  echo "== micro $v, 1M,4M, 2 reps" >> $S
  timeout 120 bash bench/micro/run.sh $(command -v micro$sfx) 67108864 1M,4M 2 $OUT/micro-$v.log > $OUT/micro-$v.out 2>&1
  grep -E "^\||bulk|best" $OUT/micro-$v.out >> $S
  echo "($SECONDS s)" >> $S
done
echo "== banded, sssp 2 GPUs E vs F (median iteration)" >> $S
for v in E F; do sfx=_$v; [ $v = F ] && sfx=
  for a in jacobi_banded sssp; do for m in memcpy trigger dma; do
    echo "$v $a $m $(PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 60 app_$a$sfx 2>&1 | grep -o 'median iteration [0-9.]* ms')" >> $S
  done; done
done
echo "($SECONDS s)" >> $S
#### .gpu-bundle/s11/call3.sh
#!/usr/bin/env bash
# Session 11, call 3 (2 x H200): where the instrumented 2-D column kernel
# (sweep_l11_1, dma) loses its time against the plain one (sweep_l11_2,
# memcpy) at HEAD: ncu warp states, instruction counts, SASS per line.
set -u
S=$OUT/summary.txt
for m in memcpy dma; do
  k=sweep_l11_2; [ $m = dma ] && k=sweep_l11_1
  echo "== $m $k sections" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 100 ncu --clock-control none -k regex:$k -s 3 -c 1 --section WarpStateStats --section InstructionStats --section SchedulerStats --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis app_jacobi2d 16384 4 > $OUT/sec-$m.txt 2>&1
  grep -vE "^==PROF==|^ *-+ *-+" $OUT/sec-$m.txt | grep -E "[0-9]" | grep -vE "^app:|OPT|WRN" | head -80 >> $S
  echo "($SECONDS s)" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 150 ncu --clock-control none -k regex:$k -s 3 -c 1 --section SourceCounters --section WarpStateStats -o $OUT/rep-$m app_jacobi2d 16384 4 > /dev/null 2>&1
  timeout 60 ncu -i $OUT/rep-$m.ncu-rep --page source --csv --print-source sass > $OUT/sass-$m.csv 2>&1
  rm -f $OUT/rep-$m.ncu-rep
  echo "sass rows $(wc -l < $OUT/sass-$m.csv) ($SECONDS s)" >> $S
done
#### .gpu-bundle/s11/call4.sh
#!/usr/bin/env bash
# Session 11, call 4 (2 x H200): the micro's decoupled gap (issue 4a):
# PROACT_STATS=1 and the producer part's kernel time under memcpy, the
# elided bound, inline and dma (4M and 16M chunks), trigger (1M), at the
# calibrated rounds; ncu of the producer kernel under memcpy and dma.
set -u
S=$OUT/summary.txt
cal=$(PROACT_DEVICES=0,1 PROACT_MECH=memcpy micro calibrate 67108864); echo "$cal" >> $S
rounds=$(echo "$cal" | sed -n 's/^rounds //p')
for cfg in memcpy:- elide:- inline:4M dma:4M dma:16M trigger:1M poll:1M; do
  m=${cfg%%:*} c=${cfg#*:}
  envs=(PROACT_MECH=$m); [ $m = elide ] && envs=(PROACT_MECH=memcpy PROACT_ELIDE=1)
  [ "$c" != - ] && envs+=(PROACT_CHUNK=$c)
  echo "== $cfg" >> $S
  env PROACT_DEVICES=0,1 "${envs[@]}" PROACT_STATS=1 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 micro 67108864 $rounds 12 > $OUT/m-$m-$c.txt 2>&1
  grep -E "^micro|producer" $OUT/m-$m-$c.txt | head -3 >> $S
  awk -f scripts/part-times.awk $OUT/m-$m-$c.txt >> $S
  grep -A12 -iE "^loop|stats" $OUT/m-$m-$c.txt | grep -vE "kernel on device" | head -16 >> $S
done
echo "($SECONDS s)" >> $S
echo "== ncu producer kernels (run_l47*), memcpy and dma 4M" >> $S
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,dram__bytes.sum.per_second
for m in memcpy dma; do
  echo "-- $m" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_CHUNK=4M timeout 90 ncu --clock-control none -k regex:run_l47 -s 4 -c 2 --metrics $M micro 67108864 $rounds 4 2>&1 | grep -E "^  [a-z_]|duration|registers|warps|dram" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//; s/, Context.*//' >> $S
done
echo "($SECONDS s)" >> $S
#### .gpu-bundle/s11/call5.sh
#!/usr/bin/env bash
# Session 11, call 5 (2 x H200): the micro producer kernel under dma
# (instrumented, 932 us) against memcpy (plain, 725 us): ncu, and the
# geometry knobs (block points, team threads).
set -u
S=$OUT/summary.txt
rounds=236
for cfg in "memcpy 0 0" "dma 0 0" "dma 65536 0" "dma 32768 0" "dma 0 256" "poll 0 0" "poll 65536 0"; do
  set -- $cfg
  PROACT_DEVICES=0,1 PROACT_MECH=$1 PROACT_CHUNK=4M PROACT_BLOCK_POINTS=$2 PROACT_TEAM_THREADS=$3 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 micro 67108864 $rounds 12 > $OUT/k.txt 2>&1
  echo "$cfg: $(grep -o 'producer+transfer [0-9.]* ms' $OUT/k.txt | head -1) $(awk -f scripts/part-times.awk $OUT/k.txt | grep 'loop 47')" >> $S
done
echo "($SECONDS s)" >> $S
for m in memcpy dma; do
  echo "== ncu producer $m" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_CHUNK=4M timeout 100 ncu --clock-control none -k regex:run_l47 -s 2 -c 1 --section WarpStateStats --section InstructionStats --section SchedulerStats --section LaunchStats --section Occupancy --section SourceCounters micro 67108864 $rounds 4 > $OUT/ncu-$m.txt 2>&1
  grep -E "^  [a-z_]|Registers|Achieved Occ|Theoretical Occ|Executed Instructions  |Warp Cycles Per Issued|Eligible Warps|Active Warps Per|Issued Warp|Duration|stall" $OUT/ncu-$m.txt | head -30 >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_CHUNK=4M timeout 100 ncu --clock-control none -k regex:run_l47 -s 2 -c 1 --metrics gpu__time_duration.sum micro 67108864 $rounds 4 2>&1 | grep duration >> $S
  echo "($SECONDS s)" >> $S
done
#### .gpu-bundle/s11/call6.sh
#!/usr/bin/env bash
# Session 11, call 6 (2 x H200): the block size of the flat kernels
# (PROACT_BLOCK_POINTS, default 8192) under each mechanism, on the suite's
# flat-walk apps at their default sizes, 2 GPUs, median iteration ms;
# then the micro's dma and poll over block points.
set -u
S=$OUT/summary.txt
for rep in 1 2; do
for a in jacobi_banded pagerank sssp als ct; do
  line="$a:"
  for m in memcpy inline dma poll trigger; do for bp in 0 65536; do
    t=$(PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_BLOCK_POINTS=$bp timeout 60 app_$a 2>&1 | grep -o 'median iteration [0-9.]*' | awk '{print $3}')
    line="$line $m/$bp=$t"
  done; done
  echo "$line" >> $S
done; done
echo "($SECONDS s)" >> $S
for bp in 0 16384 65536 131072 262144; do for m in dma poll; do
  PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_CHUNK=4M PROACT_BLOCK_POINTS=$bp PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 micro 67108864 236 12 > $OUT/k.txt 2>&1
  echo "micro $m bp=$bp: $(grep -o 'producer+transfer [0-9.]* ms' $OUT/k.txt | head -1) $(awk -f scripts/part-times.awk $OUT/k.txt | grep 'loop 47')" >> $S
done; done
PROACT_DEVICES=0,1 PROACT_MECH=memcpy timeout 60 micro 67108864 236 12 2>&1 | grep -o 'producer+transfer [0-9.]* ms' | sed 's/^/micro memcpy: /' >> $S
echo "($SECONDS s)" >> $S
