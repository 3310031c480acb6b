#!/bin/bash
cd "$(dirname "$0")/.."
B=.gpu-bundle/bin
C=test/e2e/compare.sh
nvidia-smi -L
nvidia-smi topo -m | head -4
declare -A ARGS=([omp_stay]="20011 3|1001 2|7 2|1 1" [omp_nested]="20011 3|1001 4|7 2" [omp_stencil2d]="67 9|23 4|3 2" [omp_reduce]="20011 4|1001 3|7 2|0 1" [omp_gather]="20011 3|1001 4|7 2" [omp_enter]="20011 3|1001 2|7 2" [omp_if]="20011 3|1001 4|7 2")
t0=$(date +%s)
for m in memcpy poll trigger dma inline; do
  echo "=== omp_stay $m"
  PROACT_MECH=$m $C $B/e2e_omp_stay $B/e2e_omp_stay_omp "0 1 0,1 0*2 0,1*2" -- "${ARGS[omp_stay]}" 2>&1 | grep -v "^ok:"
done
for p in omp_nested omp_stencil2d omp_reduce omp_gather omp_enter omp_if; do
  for m in default dma; do
    echo "=== $p $m"
    PROACT_MECH=$m $C $B/e2e_$p $B/e2e_${p}_omp "0,1 0*2 1" -- "${ARGS[$p]}" 2>&1 | grep -v "^ok:"
  done
done
echo "=== unified, distributed layouts: omp_stay"
PROACT_MECH=unified $C $B/e2e_omp_stay $B/e2e_omp_stay_omp "0,1 0*2" -- "${ARGS[omp_stay]}" 2>&1 | grep -v "^ok:"
PROACT_MECH=dma PROACT_DISTRIBUTE=1 $C $B/e2e_omp_stay $B/e2e_omp_stay_omp "0,1 0*2" -- "${ARGS[omp_stay]}" 2>&1 | grep -v "^ok:"
PROACT_MECH=poll PROACT_DISTRIBUTE=1 $C $B/e2e_omp_stay $B/e2e_omp_stay_omp "0,1 0*2" -- "${ARGS[omp_stay]}" 2>&1 | grep -v "^ok:"
echo "=== no libomp.so (warning expected)"
PROACT_DEVICES=0,1 LD_PRELOAD=$PWD/.gpu-bundle/lib/libe2e_no_libomp_so.so timeout 60 $B/e2e_omp_stay 101 1 2>&1 | cut -c1-200
echo "=== stay_dbg / stay_dbg2 on 0,1"
PROACT_DEVICES=0,1 timeout 60 $B/stay_dbg 20011 0
PROACT_DEVICES=0,1 timeout 60 $B/stay_dbg2 20011 0
echo "elapsed $(( $(date +%s) - t0 )) s"
