# Session 15's GPU calls (nvidia-h200-x2), in order; binaries from scripts/gpu-bundle.sh,
# proact_kernels_red = proact_kernels with the jacobi2d-norm loop inside (before jacobi_norm.c).
######## .gpu-bundle/s15/a.sh
#!/bin/bash
# session 15 call 1: reduction(...) on the GPUs: e2e bit-identity, kernel benchmark with jacobi2d-norm, register counts
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== e2e reduce + nests + jacobi2d"
for p in reduce; do for devs in 0 0,1; do for m in memcpy poll trigger dma inline; do for a in "20011 6" "1001 4" "7 3" "1 1"; do
  x=$(PROACT_DEVICES=$devs PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
  [ "$x" = "$y" ] && echo "same $p $devs $m" || echo "DIFF $p $devs $m $a"
done; done; done; done | sort | uniq -c
PROACT_DEVICES=0,1 e2e_reduce 20011 6 | head -8
echo "== kernel benchmark"
bash bench/kernels/run.sh --reps 20 2>&1 | tail -30
echo "== run 2"
PROACT_DEVICES=0 proact_kernels --reps 20 2>&1 | grep -E "jacobi|FAIL|mismatch"
cuda_kernels --reps 20 2>&1 | grep -E "jacobi|FAIL|mismatch"
echo "== part kernels"
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_kernels --reps 3 --warmup 1 2>&1 | grep -E "proact_kernels.c:1[0-9][0-9] part 0" | sort | uniq -c | head
} > $S 2>&1
######## .gpu-bundle/s15/b.sh
#!/bin/bash
# session 15 call 2: kernel benchmark with proact_norm apart; the register side effect of a reduction in a program, alternated in one run
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== kernel benchmark"
bash bench/kernels/run.sh --reps 20 2>&1 | sed -n '/== combined/,$p'
for r in 1 2; do for B in proact_kernels proact_kernels_red; do
  echo "== $B run $r"; PROACT_DEVICES=0 $B --reps 20 2>&1 | grep -E "^(copy|scale|triad|jacobi|stencil)|FAIL"
done; done
echo "== proact_norm run 2"; PROACT_DEVICES=0 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
echo "== proact_norm 2 GPUs"; PROACT_DEVICES=0,1 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
echo "== part kernels norm"
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_norm --reps 3 --warmup 1 2>&1 | grep -E "part 0" | sort | uniq -c | head
} > $S 2>&1
######## .gpu-bundle/s15/c.sh
#!/bin/bash
# session 15 call 3: after the review's reduction-lowering change (one loop over the parts for start values and fold): e2e bit-identity again, and proact_norm
S=$OUT/summary.txt
{
for devs in 0 0,1; do for m in memcpy poll trigger dma inline; do for a in "20011 6" "1001 4" "7 3" "1 1"; do
  x=$(PROACT_DEVICES=$devs PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_reduce $a 2>&1 | md5sum); y=$(e2e_reduce_seq $a | md5sum)
  [ "$x" = "$y" ] && echo "same reduce $devs $m" || echo "DIFF reduce $devs $m $a"
done; done; done | sort | uniq -c
PROACT_DEVICES=0 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
} > $S 2>&1
