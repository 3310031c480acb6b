# Session 14's GPU calls (nvidia-h200-x2), in order: scripts/gpu-run.sh bash .gpu-bundle/s14/X.sh
# with the .gpu-bundle of scripts/gpu-bundle.sh; .gpu-bundle/old: the same programs of the comparison build.

######## .gpu-bundle/s14/a.sh
#!/bin/bash
# session 14 call 1: the flat instrumented kernels' reporting as a call (new) against inline (old): e2e, micro, 3-D stencil (column and flat walks)
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
pt() { awk -f scripts/part-times.awk /tmp/l.txt | awk '{s+=$(NF-3); n++} END {printf "part mean %.1f us", s/n}'; }
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
ok=0; bad=0
for spec in "vector 30011" "grouped 30011" "nests 200 3" "jacobi2d 2049 6" "stencil1d 100000 5"; do
  set -- $spec; prog=$1; shift
  want=$(timeout 60 e2e_${prog}_seq "$@" | md5sum)
  for w in auto flat; do for d in 0 0,1; do for m in memcpy inline trigger dma poll; do
    got=$(PROACT_WALK=$w PROACT_DEVICES=$d PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 timeout 60 e2e_$prog "$@" 2>/tmp/e2e.err | md5sum)
    if [ "$got" = "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $prog $* $w $d $m: $(head -c 300 /tmp/e2e.err)"; fi
  done; done; done
done
echo "e2e ok=$ok bad=$bad"
for r in 1 2; do
  for V in new old; do
    X=; [ $V = old ] && X=$O/
    for MC in "dma 4194304" "dma 1048576" "poll 1048576" "trigger 1048576"; do set -- $MC
      echo "== micro $1 $2 $V run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=$1 PROACT_CHUNK=$2 ${X}micro 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms|checksum.*|rror.*' | tr '\n' ' ')"
    done
  done
  echo "== micro memcpy run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=memcpy micro 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms' | tr '\n' ' ')"
  echo "== micro elide run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=dma PROACT_ELIDE=1 micro 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms' | tr '\n' ' ')"
done
for r in 1 2; do
  for V in new old; do
    X=; [ $V = old ] && X=$O/
    for w in auto flat; do for M in memcpy dma poll trigger; do
      PROACT_WALK=$w PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part ${X}stencil3d_sweeps 512 20 > /tmp/l.txt 2>&1
      echo "== 3d $w $M $V run $r: $(grep -oE 'median iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
    done; done
  done
done
echo "== ncu micro producer"
for V in new old; do X=; [ $V = old ] && X=$O/
  echo "-- $V"; PROACT_DEVICES=0,1 PROACT_MECH=dma PROACT_CHUNK=4194304 ncu --clock-control none -k regex:"run_l4[0-9]" -s 2 -c 2 --metrics gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers ${X}micro 67108864 236 4 2>&1 | grep -E "run_l|duration|registers|warps_active" | head -12
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s14/b.sh
#!/bin/bash
# session 14 call 2: the counting kernel (poll, dma; flat walk) against the old single instrumented kernel: e2e, micro, CSR apps
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
ok=0; bad=0
for spec in "vector 30011" "grouped 30011" "nests 200 3" "jacobi2d 2049 6" "stencil1d 100000 5" "affine 40009" "chain 50021 10"; do
  set -- $spec; prog=$1; shift
  want=$(timeout 60 e2e_${prog}_seq "$@" | md5sum)
  for w in auto flat; do for d in 0 0,1; do for m in memcpy inline trigger dma poll; do
    got=$(PROACT_WALK=$w PROACT_DEVICES=$d PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 timeout 60 e2e_$prog "$@" 2>/tmp/e2e.err | md5sum)
    if [ "$got" = "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $prog $* $w $d $m: $(head -c 300 /tmp/e2e.err)"; fi
  done; done; done
done
echo "e2e ok=$ok bad=$bad"
for r in 1 2; do
  for V in new old; do
    X=; [ $V = old ] && X=$O/
    for MC in "dma 4194304" "dma 1048576" "poll 4194304" "poll 1048576" "trigger 1048576"; do set -- $MC
      echo "== micro $1 $2 $V run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=$1 PROACT_CHUNK=$2 ${X}micro 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms|checksum.*|rror.*' | tr '\n' ' ')"
    done
  done
  echo "== micro memcpy run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=memcpy micro 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms' | tr '\n' ' ')"
  echo "== micro elide run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=dma PROACT_ELIDE=1 micro 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms' | tr '\n' ' ')"
done
declare -A A=([pagerank]="16777216 16 20" [sssp]="16777216 16 20" [ct]="768 384 15")
for r in 1 2; do for app in pagerank sssp ct; do for m in poll dma; do for V in new old; do
  X=; [ $V = old ] && X=$O/
  echo "== $app $m $V run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=$m ${X}app_$app ${A[$app]} 2>&1 | grep -oE 'median[^,]*|checksum.*|rror.*' | tr '\n' ' ')"
done; done; done; done
echo "== ncu micro producer (counting, dma 4M)"
for V in new old; do X=; [ $V = old ] && X=$O/
  echo "-- $V"; PROACT_DEVICES=0,1 PROACT_MECH=dma PROACT_CHUNK=4194304 ncu --clock-control none -k regex:"run_l47_[12]" -s 2 -c 1 --metrics gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active ${X}micro 67108864 236 4 2>&1 | grep -E "run_l|duration|registers|warps_active" | head -6
done
} > $S 2>&1
cat $S
