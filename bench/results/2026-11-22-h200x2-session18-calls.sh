# Session 18's GPU calls (nvidia-h200-x2), in order; binaries from scripts/gpu-bundle.sh; variants in .gpu-bundle/v built here with a copy of include/ (see each call);
# run as: bash scripts/gpu-run.sh bash .gpu-bundle/s18/<x>.sh
######## .gpu-bundle/s18/a.sh (bin: c065e43; v/micro_r32, v/app_ct_r32, v/app_sssp_r40: the same sources with -Xcuda-ptxas -maxrregcount=32/40)
#!/bin/bash
# session 18 call 1: is the instrumented kernels' loss their occupancy? micro, CT, SSSP built with a TU-wide -maxrregcount (v/) against the default build; ncu occupancy and stall reasons of the micro's producer
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=236
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $bin 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $(basename $bin) pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro"
for rep in 1 2 3; do
for bin in micro $V/micro_r32; do
  run "memcpy" $bin PROACT_MECH=memcpy
  run "elide" $bin PROACT_MECH=memcpy PROACT_ELIDE=1
  run "trigger256K" $bin PROACT_MECH=trigger PROACT_CHUNK=256K
  run "trigger1M" $bin PROACT_MECH=trigger PROACT_CHUNK=1M
  run "poll1M" $bin PROACT_MECH=poll PROACT_CHUNK=1M
  run "dma4M" $bin PROACT_MECH=dma PROACT_CHUNK=4M
done; done
echo "== apps"
for rep in 1 2; do for pair in "app_ct $V/app_ct_r32" "app_sssp $V/app_sssp_r40"; do for bin in $pair; do for m in memcpy dma poll trigger; do
  out=$(PROACT_MECH=$m $bin 2>&1)
  echo "$(basename $bin) $m $(echo "$out" | grep -v "proact:" | tail -1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done; done
echo "== ncu micro producer"
for cfg in "micro trigger 256K l47_1" "$V/micro_r32 trigger 256K l47_1" "micro memcpy 1M l47"; do
  set -- $cfg
  echo "-- $cfg"
  PROACT_MECH=$2 PROACT_CHUNK=$3 timeout 120 ncu --clock-control none -k regex:"run_$4\$" -s 3 -c 1 --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' $1 67108864 $R 5 2>&1 | grep -vE "^proact|^==PROF==|^micro" | grep -E "Duration|Registers|Occupancy|Warps|Block Limit|Stall|Issue|Eligible|Active|Cycles|Executed Ipc|SM Busy|One or More|stalled" | grep -vE " 0(\.0+)?$" | head -60
done
} > $S 2>&1
######## .gpu-bundle/s18/b.sh (v/*_base: c065e43's headers; sh: ticket slot in .shared via omp allocate(omp_pteam_mem_alloc); last: ticket taken by the team's last thread; dg: dma's pre-decrement fence at device scope)
#!/bin/bash
# session 18 call 2: the reporting's critical path: ticket slot in shared memory (sh), ticket taken by the team's last thread (last), dma's pre-decrement fence at GPU scope (dg); micro producer + apps against the same headers unchanged (base)
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=236
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $bin 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $(basename $bin) pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro"
for rep in 1 2 3; do
run "memcpy" $V/micro_base PROACT_MECH=memcpy
run "elide" $V/micro_base PROACT_MECH=memcpy PROACT_ELIDE=1
for v in base sh last shlast shlastdg dg; do
  run "trigger256K" $V/micro_$v PROACT_MECH=trigger PROACT_CHUNK=256K
  run "poll1M" $V/micro_$v PROACT_MECH=poll PROACT_CHUNK=1M
  run "dma4M" $V/micro_$v PROACT_MECH=dma PROACT_CHUNK=4M
done; done
echo "== apps"
for rep in 1 2; do for app in ct sssp pagerank jacobi_banded; do for v in base shlastdg; do for m in dma poll trigger; do
  out=$(PROACT_MECH=$m $V/app_${app}_$v 2>&1)
  echo "$app $v $m $(echo "$out" | grep -v "proact:" | tail -1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done; done
echo "== ncu plain producer"
PROACT_MECH=memcpy timeout 100 ncu --clock-control none -k regex:"_l47\$" -s 3 -c 1 --section Occupancy --section WarpStateStats --section SchedulerStats --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' $V/micro_base 67108864 $R 5 2>&1 | grep -vE "^proact|^micro" | grep -vE " 0(\.0+)?$" | tail -45
} > $S 2>&1
######## .gpu-bundle/s18/c.sh (bin: c065e43)
#!/bin/bash
# session 18 call 3: the 2-GPU suite on HEAD (reps 2, every variant); per-loop statistics of PageRank and ALS (where the opportunity goes)
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
date -u +%T
echo "== per-loop stats"
declare -A A=([pagerank]="16777216 16 20" [als]="8388608 1048576 32 10")
for app in pagerank als; do for v in memcpy elide inline poll dma trigger; do
  e=(PROACT_STATS=1 PROACT_DEVICES=0,1 PROACT_CHUNK=1M PROACT_MECH=$v)
  [ $v = elide ] && e=(PROACT_STATS=1 PROACT_DEVICES=0,1 PROACT_MECH=memcpy PROACT_ELIDE=1)
  echo "-- $app $v"
  env "${e[@]}" app_$app ${A[$app]} 2>&1 | grep -E "^app:|^proact: stats"
done; done
date -u +%T
echo "== suite"
bench/run --gpus 2 --variants 1gpu,memcpy,inline,poll,trigger,dma,elide --reps 2 --out $OUT/apps-18.md 2>&1 | tail -3
date -u +%T
} > $S 2>&1
cp $OUT/apps-18.md* $OUT/ 2>/dev/null
######## .gpu-bundle/s18/d.sh (bin: c065e43)
#!/bin/bash
# session 18 call 4: the micro's Fig. 6 sweep on HEAD (tickets), 3 runs each; the issue-7 kernel table (one H200)
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
date -u +%T
echo "== micro sweep"
bash bench/micro/run.sh micro 67108864 4K,16K,64K,256K,1M,4M,16M,64M,256M 3 $OUT/micro-18.log 2>&1 | grep -v "^rep "
date -u +%T
echo "== kernels"
bash bench/kernels/run.sh --reps 20 2>&1 | tail -40
date -u +%T
} > $S 2>&1
######## .gpu-bundle/s18/e.sh (bin: the dma fence change, landed; v/*_base: c065e43's headers)
#!/bin/bash
# session 18 call 5: dma's pre-decrement fence at device scope (bin/, the working tree) against HEAD's headers (v/*_base): e2e bit-identity, apps under dma, micro dma; ncu of the micro's plain producer
S=$OUT/summary.txt
V=$PWD/.gpu-bundle/v
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
date -u +%T
echo "== e2e, every program, GPUs 0,1"
for p in stencil1d jacobi2d chain affine stress scatter amge grouped nests vector reduce; do
  a1=$(grep "E2E_${p}_ARGS" test/e2e/CMakeLists.txt | head -1 | sed 's/.*"\(.*\)").*/\1/')
  IFS='|' read -ra sets <<< "$a1"
  for a in "${sets[0]}" "${sets[1]}"; do for mc in dma:4096 dma:65536 dma:1M poll:4096 trigger:4096; do
    m=${mc%%:*} c=${mc#*:}
    x=$(PROACT_MECH=$m PROACT_CHUNK=$c PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
    [ "$x" = "$y" ] && echo "same" || echo "DIFF $p $m $c $a"
  done; done
done | sort | uniq -c
date -u +%T
R=238
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $bin 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $(basename $bin) pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro dma"
for rep in 1 2 3; do for bin in $V/micro_base micro; do
  run dma4M $bin PROACT_MECH=dma PROACT_CHUNK=4M
  run dma16M $bin PROACT_MECH=dma PROACT_CHUNK=16M
done; done
echo "== apps dma"
for rep in 1 2 3; do for app in jacobi_banded jacobi2d pagerank sssp ct als; do for bin in $V/app_${app}_base app_$app; do
  out=$(PROACT_MECH=dma $bin 2>&1)
  echo "$app $(basename $bin) $(echo "$out" | grep -v "proact:" | tail -1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done
date -u +%T
echo "== ncu plain producer"
PROACT_MECH=memcpy timeout 100 ncu --clock-control none -k regex:"_l47_2\$" -s 3 -c 1 --section Occupancy --section WarpStateStats --section SchedulerStats --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' micro 67108864 $R 5 2>&1 | grep -vE "^proact|^micro|^==" | grep -E "Duration|Registers|Occupancy|Warps|Block Limit|Stall|Issue|Eligible|Active|Cycles|Executed Ipc|SM Busy|One or More|stalled" | grep -vE " 0(\.0+)?$" | head -45
date -u +%T
} > $S 2>&1
######## .gpu-bundle/s18/f.sh (bin: 4c839ff)
#!/bin/bash
# session 18 call 6: with tickets, do larger blocks (fewer barriers) pay? micro under PROACT_BLOCK_POINTS
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=238
run() { # label envs...
  local l=$1; shift
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part micro 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
for rep in 1 2; do
run memcpy PROACT_MECH=memcpy
run elide PROACT_MECH=memcpy PROACT_ELIDE=1
for bp in 8192 16384 32768 65536; do
  run "bp=$bp trigger256K" PROACT_BLOCK_POINTS=$bp PROACT_MECH=trigger PROACT_CHUNK=256K
  run "bp=$bp trigger1M" PROACT_BLOCK_POINTS=$bp PROACT_MECH=trigger PROACT_CHUNK=1M
  run "bp=$bp poll1M" PROACT_BLOCK_POINTS=$bp PROACT_MECH=poll PROACT_CHUNK=1M
  run "bp=$bp dma16M" PROACT_BLOCK_POINTS=$bp PROACT_MECH=dma PROACT_CHUNK=16M
  run "bp=$bp inline" PROACT_BLOCK_POINTS=$bp PROACT_MECH=inline PROACT_CHUNK=1M
done; done
} > $S 2>&1
