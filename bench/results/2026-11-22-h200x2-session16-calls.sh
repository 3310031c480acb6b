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
######## .gpu-bundle/s16/b.sh (built with the column walk for bodies of several statements: measured, not landed)
#!/bin/bash
# session 16 call 2: column walk for collapsed bodies of several statements (rows one at a time): e2e bit-identity, jacobi2d-norm column vs flat
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== e2e, every program, first and second argument sets"
for p in stencil1d jacobi2d chain affine stress scatter amge grouped nests vector reduce; do
  a1=$(grep "E2E_${p}_ARGS" test/e2e/CMakeLists.txt | head -1 | sed 's/.*"\(.*\)").*/\1/')
  IFS='|' read -ra sets <<< "$a1"
  for a in "${sets[0]}" "${sets[1]}"; do for devs in 0 0,1; do for m in memcpy poll inline; do
    x=$(PROACT_DEVICES=$devs PROACT_MECH=$m PROACT_CHUNK=4096 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
    [ "$x" = "$y" ] && echo "same $p" || echo "DIFF $p $devs $m $a"
  done; done; done
done | sort | uniq -c
echo "== jacobi2d-norm: PROACT_WALK flat / auto (columns), alternated"
for r in 1 2 3; do for w in flat auto; do
  echo "-- walk $w run $r"; PROACT_WALK=$w PROACT_DEVICES=0 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
done; done
echo "== 2 GPUs auto"; PROACT_DEVICES=0,1 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
echo "== part kernels norm"
PROACT_DEVICES=0 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part proact_norm --reps 3 --warmup 1 2>&1 | grep -E "part 0|scratch" | sort | uniq -c | head
echo "== kernel benchmark"
bash bench/kernels/run.sh --reps 20 2>&1 | sed -n '/== combined/,$p'
} > $S 2>&1
######## call 3 (same build), inline:
export PATH=$PWD/.gpu-bundle/bin:$PATH; for t in 65536 8448 2112; do for w in auto; do echo "-- teams $t walk $w"; bash scripts/gpu-run.sh env PROACT_TEAMS=$t PROACT_WALK=$w PROACT_DEVICES=0 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"; done; done; echo "-- flat teams 2112"; bash scripts/gpu-run.sh env PROACT_TEAMS=2112 PROACT_WALK=flat PROACT_DEVICES=0 proact_norm --reps 20 2>&1 | grep -E "jacobi|FAIL"
