# Session 20 GPU calls (nvidia-h200-x2), run as: bash scripts/gpu-run.sh bash .gpu-bundle/s20/X.sh with .gpu-bundle carried (calls 2 and 3: APPS=jacobi_banded,jacobi2d,pagerank TAG=a, then APPS=sssp,als,ct TAG=b)
# ---- c1.sh
# session 20 call 1: PROACT_MEMORY=unified on the GPUs: the e2e programs bit-identical, no copies, and a first look at the um variant of the suite
set -u
cd "$(dirname "$0")/../.."
S=$OUT/summary.txt
nvidia-smi -L | tee -a $S
for p in jacobi2d stencil1d; do
  echo "unified.sh $p: $(test/e2e/unified.sh .gpu-bundle/bin/e2e_$p .gpu-bundle/bin/e2e_${p}_seq $( [ $p = jacobi2d ] && echo 301 20 || echo 100003 40) 2>&1 | tail -1)" | tee -a $S
done
declare -A A=([stencil1d]="100003 40|1001 7|3 5" [jacobi2d]="301 20|67 9|4 3" [chain]="50021 10|1001 4|3 3" [affine]="40009|1001|3" [stress]="20011 30|257 9" [scatter]="30011 6|1001 3|7 2" [amge]="20011 4|1001 3" [grouped]="300011|30011|7" [nests]="37 4|20 3|9 2" [vector]="30011|1001|7" [reduce]="20011 6|1001 4|7 3")
for p in "${!A[@]}"; do
  echo "unified $p: $(PROACT_MEMORY=unified test/e2e/compare.sh .gpu-bundle/bin/e2e_$p .gpu-bundle/bin/e2e_${p}_seq "0 0,1" -- "${A[$p]}" | grep -v '^ok:')" | tee -a $S
done
timeout 300 bench/run --gpus 2 --variants 1gpu,memcpy,um,elide --reps 1 --out $OUT/um-first.md 2>&1 | tail -30 | tee -a $S
# ---- c2.sh
# session 20 calls 2-3: the suite on 2 H200s with every variant (um new) and proact-tune's pick (--tune), one call per half of the apps; APPS chooses
set -u
cd "$(dirname "$0")/../.."
timeout 560 bench/run --gpus 2 --tune --apps $APPS --variants 1gpu,memcpy,um,inline,poll,trigger,dma,elide --reps 2 --out $OUT/suite-$TAG.md 2>&1 | tail -45 > $OUT/summary.txt
cp $OUT/suite-$TAG.md.*.tune.txt $OUT/ 2>/dev/null
# ---- c4.sh
# session 20 call 4: the micro sweep on this build with the um baseline; ALS's per-execution setup under poll, dma and trigger (10 against 20 iterations: the difference is the steady state)
set -u
cd "$(dirname "$0")/../.."
S=$OUT/summary.txt
for it in 10 20; do for m in poll dma trigger memcpy; do
  o=$(PROACT_DEVICES=0,1 PROACT_STATS=1 PROACT_MECH=$m app_als 8388608 1048576 32 $it 2>&1)
  echo "als iters $it $m: $(echo "$o" | grep '^app:' | sed 's/.*median iteration/median/')" | tee -a $S
  echo "$o" | grep '^proact: stats: ' | tee -a $S
done; done
timeout 420 bash bench/micro/run.sh micro 67108864 16K,64K,256K,1M,4M,16M 3 $OUT/micro-20.log 2>&1 | tail -16 | tee -a $S
# ---- c5.sh
# session 20 call 5: proact-tune comparing warm times (each loop's first 2 executions left out): the 2-D Jacobi and PageRank tuned again beside their best variants
set -u
cd "$(dirname "$0")/../.."
timeout 500 bench/run --gpus 2 --tune --apps jacobi2d,pagerank --variants 1gpu,memcpy,inline,trigger --reps 3 --out $OUT/tune-warm.md > /dev/null 2>&1
grep "^# tuned\|^|" $OUT/tune-warm.md.log $OUT/tune-warm.md | head -30 > $OUT/summary.txt
cp $OUT/tune-warm.md.*.tune.txt $OUT/ 2>/dev/null
head -8 $OUT/tune-warm.md.jacobi2d.tune.txt $OUT/tune-warm.md.pagerank.tune.txt >> $OUT/summary.txt
