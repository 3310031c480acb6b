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
