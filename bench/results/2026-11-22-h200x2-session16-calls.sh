# Session 16's GPU calls (nvidia-h200-x2), in order; binaries from scripts/gpu-bundle.sh,
# run as: bash scripts/gpu-run.sh bash .gpu-bundle/s16/<x>.sh
######## .gpu-bundle/s16/a.sh
#!/bin/bash
# session 16 call 1: own reduction (no OpenMP reduction clause): e2e bit-identity on the GPUs, kernel benchmark with jacobi2d-norm
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== e2e reduce"
for p in reduce; do for devs in 0 0,1; do for m in memcpy poll trigger dma inline; do for a in "20011 6" "1001 4" "7 3" "1 1"; do
  x=$(PROACT_DEVICES=$devs PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
  [ "$x" = "$y" ] && echo "same $p $devs $m" || echo "DIFF $p $devs $m $a"
done; done; done; done | sort | uniq -c
PROACT_DEVICES=0,1 e2e_reduce 20011 6 | grep -v "^[ug]:"
echo "== big geometry: PROACT_TEAMS=4000, 1 GPU"
x=$(PROACT_DEVICES=0 PROACT_TEAMS=4000 e2e_reduce 50011 3 2>&1 | md5sum); y=$(e2e_reduce_seq 50011 3 | md5sum); [ "$x" = "$y" ] && echo same || echo DIFF
echo "== kernel benchmark"
bash bench/kernels/run.sh --reps 20 2>&1 | sed -n '/== combined/,$p'
echo "== proact_norm run 2"; PROACT_DEVICES=0 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
echo "== proact_norm 2 GPUs"; PROACT_DEVICES=0,1 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
echo "== part kernels norm"
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_norm --reps 3 --warmup 1 2>&1 | grep -E "part 0|scratch" | sort | uniq -c | head
} > $S 2>&1
