#### .gpu-bundle/s10/call1.sh
#!/usr/bin/env bash
# Session 10, call 1 (2 x H200): readiness reporting variants.
# A = HEAD 023fb7a (a fence in every thread, carried tile walk),
# B = one fence per team after the barrier, C = B + tile looked up per block.
set -u
S=$OUT/summary.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $S
ok=0; bad=0
for spec in "nests 200 3" "jacobi2d 2049 6" "stencil1d 100000 5" "chain 50000 4"; do
  set -- $spec; prog=$1; shift
  want=$(timeout 60 e2e_${prog}_seq "$@" | md5sum)
  for d in 0 0,1; do for m in memcpy inline trigger dma poll; do
    got=$(PROACT_DEVICES=$d PROACT_MECH=$m PROACT_READY_CHECK=1 timeout 60 e2e_$prog "$@" 2>$OUT/e2e.err | md5sum)
    if [ "$got" = "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $prog $* $d $m: $(head -c 300 $OUT/e2e.err)" >> $S; fi
  done; done
done
echo "e2e ok=$ok bad=$bad" >> $S
echo "== jacobi2d 16384, 2 GPUs, part kernel us (mean over 40 sweeps x 2 parts)" >> $S
for v in A B C; do sfx=_$v; [ $v = C ] && sfx=
  for m in memcpy inline dma trigger poll; do
    PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 app_jacobi2d$sfx 16384 20 2>&1 | awk -v m=$m -v v=$v '/kernel on device/ {n++; s+=$(NF-1)} /median iteration/ {it=$6" "$7" "$8} END {printf "%s %-8s part %.1f us (%d)  %s\n", v, m, s/n, n, it}' >> $S
  done
done
echo "== micro (run.sh, 1M,4M,16M, 2 reps)" >> $S
for v in A B C C2048; do
  case $v in A|B) bin=micro_$v; bp=0;; C) bin=micro; bp=0;; C2048) bin=micro; bp=2048;; esac
  echo "-- $v ($bin, PROACT_BLOCK_POINTS=$bp)" >> $S
  PROACT_BLOCK_POINTS=$bp timeout 150 bash bench/micro/run.sh $(command -v $bin) 67108864 1M,4M,16M 2 $OUT/micro-$v.log > $OUT/micro-$v.out 2>&1
  echo "rc=$?" >> $S
  grep -E "^\||bulk|best" $OUT/micro-$v.out >> $S
done
echo "== ncu jacobi2d instrumented kernel (dma) and plain (memcpy)" >> $S
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers
for v in B C; do sfx=_$v; [ $v = C ] && sfx=
  for m in memcpy dma; do
    echo "-- $v $m" >> $S
    PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 90 ncu --clock-control none -k regex:sweep -s 6 -c 4 --metrics $M app_jacobi2d$sfx 16384 6 2>&1 | grep -E "^  [a-z_]|duration|registers|warps|occupancy" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//; s/, Context.*//' >> $S
  done
done
#### .gpu-bundle/s10/call2.sh
#!/usr/bin/env bash
# Session 10, call 2 (2 x H200): commit 80ddbe7 (D) against HEAD of
# session 9 (A): correctness, jacobi2d part kernel times, ncu of the
# instrumented kernel, the kernel benchmark, the micro's dma.
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
for v in A D; do sfx=_$v; [ $v = D ] && sfx=
  for m in memcpy inline dma trigger poll; do
    PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 app_jacobi2d$sfx 16384 20 2>&1 | awk -v m=$m -v v=$v '/kernel on device/ {n++; s+=$(NF-1)} /median iteration/ {it=$6" "$7" "$8} END {printf "%s %-8s part %.1f us (%d)  %s\n", v, m, s/n, n, it}' >> $S
  done
done
echo "($SECONDS s)" >> $S
echo "== ncu jacobi2d sweep kernels, D" >> $S
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
for m in memcpy dma trigger; do
  echo "-- $m" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 60 ncu --clock-control none -k regex:sweep -s 6 -c 2 --metrics $M app_jacobi2d 16384 4 2>&1 | grep -E "^  [a-z_]|duration|registers|warps" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//; s/, Context.*//' >> $S
done
echo "($SECONDS s)" >> $S
echo "== kernels" >> $S
timeout 150 bash bench/kernels/run.sh --reps 20 > $OUT/kernels.out 2>&1
tail -12 $OUT/kernels.out >> $S
echo "($SECONDS s)" >> $S
echo "== micro D, 1M,4M, 2 reps" >> $S
timeout 120 bash bench/micro/run.sh $(command -v micro) 67108864 1M,4M 2 $OUT/micro-D.log > $OUT/micro-D.out 2>&1
grep -E "^\||bulk|best" $OUT/micro-D.out >> $S
echo "($SECONDS s)" >> $S
#### .gpu-bundle/s10/call3.sh
#!/usr/bin/env bash
# Session 10, call 3 (2 x H200): commit E (instrumented column kernel with
# proact__tile_at) against session 9's HEAD (A): correctness, jacobi2d part
# kernel times, ncu of the instrumented kernel; then the 2-GPU suite.
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
for v in A E; do sfx=_$v; [ $v = E ] && sfx=
  for m in memcpy inline dma trigger poll; do
    PROACT_DEVICES=0,1 PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part timeout 60 app_jacobi2d$sfx 16384 20 2>&1 | awk -v m=$m -v v=$v '/kernel on device/ {n++; s+=$(NF-1)} /median iteration/ {it=$6" "$7" "$8} END {printf "%s %-8s part %.1f us (%d)  %s\n", v, m, s/n, n, it}' >> $S
  done
done
echo "== ncu jacobi2d sweep kernels, E" >> $S
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
for m in dma; do
  echo "-- $m" >> $S
  PROACT_DEVICES=0,1 PROACT_MECH=$m timeout 60 ncu --clock-control none -k regex:sweep -s 6 -c 2 --metrics $M app_jacobi2d 16384 4 2>&1 | grep -E "^  [a-z_]|duration|registers|warps" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//; s/, Context.*//' >> $S
done
echo "($SECONDS s)" >> $S
echo "== suite" >> $S
timeout $((560 - SECONDS)) bench/run --gpus 2 --variants 1gpu,memcpy,inline,trigger,dma,elide --reps 2 --out $OUT/apps-10.md > $OUT/apps-10.out 2>&1
echo "suite rc=$? ($SECONDS s)" >> $S
grep -E "^\| [a-z_0-9]+ \| [0-9]|^Mean" $OUT/apps-10.md >> $S
#### .gpu-bundle/s10/call4.sh
#!/usr/bin/env bash
# Session 10, call 4: CT's single-GPU time doubled in call 3's suite (9.47
# against 4.15 ms in session 9): the current build (E) against session
# 9's (A), alternating, on GPU 0 and on GPU 1; nvidia-smi clocks.
set -u
S=$OUT/summary.txt
nvidia-smi --query-gpu=index,clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv >> $S
for r in 1 2; do for v in A E; do sfx=_$v; [ $v = E ] && sfx=
  for d in 0 1; do
    echo "$v ct 1gpu dev$d: $(PROACT_DEVICES=$d timeout 60 app_ct$sfx 768 384 15 2>&1 | grep -o 'median iteration [0-9.]* ms')" >> $S
  done
  echo "$v ct memcpy 0,1: $(PROACT_DEVICES=0,1 PROACT_MECH=memcpy timeout 60 app_ct$sfx 768 384 15 2>&1 | grep -o 'median iteration [0-9.]* ms')" >> $S
  echo "$v pagerank 1gpu: $(PROACT_DEVICES=0 timeout 60 app_pagerank$sfx 16777216 16 20 2>&1 | grep -o 'median iteration [0-9.]* ms')" >> $S
done; done
nvidia-smi --query-gpu=index,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv >> $S
