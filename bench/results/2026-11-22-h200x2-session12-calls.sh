# Session 12's GPU calls (nvidia-h200-x2), in order. Variant binaries (NAME_TAG) were built
# by vbuild.sh below from the plugin before this session's change (old) or with the merged
# rows for every kernel (new), with -fplugin-arg-proact-ilp=U: o2 = the previous build.
# st3.c was the first form of bench/kernels/stencil3d_sweeps.c (minimum iteration, a sampled checksum).

######## vbuild.sh
#!/bin/bash
# vbuild.sh PLUGIN U TAG: proact_kernels and app_jacobi2d built with PLUGIN, ilp U, into .gpu-bundle/bin/*_TAG
set -e
P=$1; U=$2; T=$3; B=/work/main/.gpu-bundle/bin
F="-I/work/main/include -O3 -DNDEBUG -fopenmp --offload-arch=sm_90 -Wno-unknown-cuda-version --cuda-path=/usr/local/cuda --libomptarget-nvptx-bc-path=/usr/lib/llvm-16/lib -fopenmp-assume-no-thread-state -fopenmp-assume-no-nested-parallelism -fplugin=$P -fplugin-arg-proact-ilp=$U -std=gnu11"
L="-L/usr/lib/llvm-16/lib /work/main/build-nvptx/lib/libproact.so -lm -fopenmp /usr/lib/llvm-16/lib/libomptarget.so.16 -ldl -lpthread -Wl,-rpath-link,/usr/lib/llvm-16/lib"
cd /tmp/vb
clang-16 $F -I/work/main/bench -c /work/main/bench/kernels/proact_kernels.c -o k_$T.o
clang-16 -O3 -fopenmp --offload-arch=sm_90 -Wno-unknown-cuda-version --cuda-path=/usr/local/cuda --libomptarget-nvptx-bc-path=/usr/lib/llvm-16/lib k_$T.o -o $B/proact_kernels_$T $L
clang-16 $F -I/work/main/bench -I/work/main/bench/apps -c /work/main/bench/apps/jacobi2d.c -o j_$T.o
clang-16 -O3 -fopenmp --offload-arch=sm_90 -Wno-unknown-cuda-version --cuda-path=/usr/local/cuda --libomptarget-nvptx-bc-path=/usr/lib/llvm-16/lib j_$T.o -o $B/app_jacobi2d_$T $L
clang-16 $F -c /tmp/vb/st3.c -o s_$T.o
clang-16 -O3 -fopenmp --offload-arch=sm_90 -Wno-unknown-cuda-version --cuda-path=/usr/local/cuda --libomptarget-nvptx-bc-path=/usr/lib/llvm-16/lib s_$T.o -o $B/st3_$T $L

######## .gpu-bundle/s12/a.sh
#!/bin/bash
# session 12 call 1: column-walk row groups, old (no merged loads) vs new (merged), U = 2/4/8
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
echo "== cuda"
cuda_kernels --stream-n 16777216 --reps 20 2>&1 | grep -E "jacobi|stencil|memcpy"
for r in 1 2; do
for T in o2 o4 n2 n4 n8; do
  echo "== kernels $T run $r"
  PROACT_DEVICES=0 proact_kernels_$T --stream-n 16777216 --reps 20 2>&1 | grep -E "jacobi|stencil|FAIL"
done
done
for T in o2 n2 n4 n8; do
  for M in memcpy dma inline; do
    echo "== app_jacobi2d_$T 2 GPUs $M: $(PROACT_DEVICES=0,1 PROACT_MECH=$M app_jacobi2d_$T 16384 30 2>&1 | grep -E 'median|rror')"
  done
  echo "== app_jacobi2d_$T 1 GPU: $(PROACT_DEVICES=0 app_jacobi2d_$T 16384 30 2>&1 | grep -E 'median|rror')"
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s12/b.sh
#!/bin/bash
# session 12 call 2: jacobi2d part kernel times per row-group variant and mechanism
S=$OUT/summary.txt
{
for r in 1 2; do
for T in o2 o4 n2 n4 n8; do
  for M in memcpy dma inline trigger; do
    PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part app_jacobi2d_$T 16384 20 > /tmp/l.txt 2>&1
    echo "== $T $M run $r: $(grep -o 'median iteration [0-9.]* ms' /tmp/l.txt) $(awk -f scripts/part-times.awk /tmp/l.txt | awk '{s+=$(NF-3); n++} END {printf "part mean %.1f us", s/n}')"
  done
done
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s12/c.sh
#!/bin/bash
# session 12 call 3: row groups of the reporting column kernels, 2-D app and 3-D ping-pong, part kernel means
S=$OUT/summary.txt
pt() { awk -f scripts/part-times.awk /tmp/l.txt | awk '{s+=$(NF-3); n++} END {printf "part mean %.1f us", s/n}'; }
{
for r in 1 2; do
for T in o2 o8 n8; do
  for M in memcpy dma trigger inline poll; do
    PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part app_jacobi2d_$T 16384 20 > /tmp/l.txt 2>&1
    echo "== j2d $T $M run $r: $(grep -o 'median iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
  done
done
for T in o2 o8 n8 n4; do
  for M in memcpy dma trigger inline; do
    PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part st3_$T 512 20 > /tmp/l.txt 2>&1
    echo "== st3 $T $M run $r: $(grep -o 'min iteration.*' /tmp/l.txt) $(pt)"
  done
done
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s12/d.sh
#!/bin/bash
# session 12 call 4: the committed row groups (plain 2, instrumented 8 merged, forwarding 4 merged) against the previous build (o2)
S=$OUT/summary.txt
pt() { awk -f scripts/part-times.awk /tmp/l.txt | awk '{s+=$(NF-3); n++} END {printf "part mean %.1f us", s/n}'; }
{
ok=0; bad=0
for spec in "nests 200 3" "jacobi2d 2049 6" "stencil1d 100000 5"; do
  set -- $spec; prog=$1; shift
  want=$(timeout 60 e2e_${prog}_seq "$@" | md5sum)
  for d in 0 0,1; do for m in memcpy inline trigger dma poll; do
    got=$(PROACT_DEVICES=$d PROACT_MECH=$m PROACT_READY_CHECK=1 timeout 60 e2e_$prog "$@" 2>/tmp/e2e.err | md5sum)
    if [ "$got" = "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $prog $* $d $m: $(head -c 300 /tmp/e2e.err)"; fi
  done; done
done
echo "e2e ok=$ok bad=$bad"
for r in 1 2; do
  for B in stencil3d_sweeps st3_o2; do
    for M in memcpy dma trigger inline poll; do
      PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $B 512 20 > /tmp/l.txt 2>&1
      echo "== $B $M run $r: $(grep -oE '(median|min) iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
    done
  done
  echo "== stencil3d_sweeps 1 GPU: $(PROACT_DEVICES=0 stencil3d_sweeps 512 20 2>&1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
  for B in app_jacobi2d app_jacobi2d_o2; do
    for M in memcpy dma trigger inline poll; do
      PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $B 16384 20 > /tmp/l.txt 2>&1
      echo "== $B $M run $r: $(grep -o 'median iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
    done
  done
done
} > $S 2>&1
bench/run --gpus 2 --apps jacobi2d --variants 1gpu,memcpy,inline,poll,trigger,dma,elide --reps 3 --out $OUT/apps-jacobi2d.md > $OUT/run.txt 2>&1
cat $S; grep -A12 "Time per iteration" $OUT/apps-jacobi2d.md | head -8

######## .gpu-bundle/s12/e.sh
#!/bin/bash
# session 12 call 5: the 3-D stencil's pushes (1 MB planes) under trigger / poll / dma by chunk size
S=$OUT/summary.txt
pt() { awk -f scripts/part-times.awk /tmp/l.txt | awk '{s+=$(NF-3); n++} END {printf "part mean %.1f us", s/n}'; }
{
for r in 1 2; do
  for C in 1048576 262144 65536 16384; do
    for M in trigger poll dma; do
      PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_CHUNK=$C PROACT_STATS=1 PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part stencil3d_sweeps 512 20 > /tmp/l.txt 2>&1
      echo "== 3d $M chunk $C run $r: $(grep -oE 'median iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
    done
  done
  for M in memcpy inline; do
    PROACT_DEVICES=0,1 PROACT_MECH=$M stencil3d_sweeps 512 20 > /tmp/l.txt 2>&1
    echo "== 3d $M run $r: $(grep -oE 'median iteration [0-9.]* ms' /tmp/l.txt)"
  done
done
echo "== stats sample (trigger 1M):"; PROACT_DEVICES=0,1 PROACT_MECH=trigger PROACT_STATS=1 stencil3d_sweeps 512 10 2>&1 | tail -30
} > $S 2>&1
cat $S

######## .gpu-bundle/s12/f.sh
#!/bin/bash
# session 12 call 6: the poll agent's block copy with 4 loads in flight (new lib) against the previous one (lib-old)
S=$OUT/summary.txt
B=$PWD/.gpu-bundle
{
for r in 1 2; do
  for L in new old; do
    if [ $L = old ]; then LP=$B/lib-old:$LD_LIBRARY_PATH; else LP=$LD_LIBRARY_PATH; fi
    for C in 1048576 262144 65536; do
      echo "== 3d poll chunk $C lib $L run $r: $(LD_LIBRARY_PATH=$LP PROACT_DEVICES=0,1 PROACT_MECH=poll PROACT_CHUNK=$C stencil3d_sweeps 512 20 2>&1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
    done
    for C in 1048576 4194304; do
      echo "== micro poll chunk $C lib $L run $r: $(LD_LIBRARY_PATH=$LP PROACT_DEVICES=0,1 PROACT_MECH=poll PROACT_CHUNK=$C micro 67108864 236 12 2>&1 | grep -oE 'producer\+transfer [0-9.]* ms|checksum.*' | tr '\n' ' ')"
    done
  done
  echo "== micro memcpy run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=memcpy micro 67108864 236 12 2>&1 | grep -oE 'producer\+transfer [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done
} > $S 2>&1
cat $S

######## .gpu-bundle/s12/g.sh
#!/bin/bash
# session 12 call 7: team copy and poll agent copy with an aligned head (and the agent's 4 loads in flight): new build against _prev binaries + lib-old
S=$OUT/summary.txt
B=$PWD/.gpu-bundle
pt() { awk -f scripts/part-times.awk /tmp/l.txt | awk '{s+=$(NF-3); n++} END {printf "part mean %.1f us", s/n}'; }
{
ok=0; bad=0
for spec in "nests 200 3" "jacobi2d 2049 6" "stencil1d 100000 5"; do
  set -- $spec; prog=$1; shift
  want=$(timeout 60 e2e_${prog}_seq "$@" | md5sum)
  for d in 0 0,1; do for m in memcpy inline trigger dma poll; do
    got=$(PROACT_DEVICES=$d PROACT_MECH=$m PROACT_READY_CHECK=1 timeout 60 e2e_$prog "$@" 2>/tmp/e2e.err | md5sum)
    if [ "$got" = "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $prog $* $d $m: $(head -c 300 /tmp/e2e.err)"; fi
  done; done
done
echo "e2e ok=$ok bad=$bad"
for r in 1 2; do
  for V in new prev; do
    if [ $V = prev ]; then LP=$B/lib-old:$LD_LIBRARY_PATH; X=_prev; else LP=$LD_LIBRARY_PATH; X=; fi
    for M in trigger poll; do for C in 1048576 65536; do
      LD_LIBRARY_PATH=$LP PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_CHUNK=$C PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part stencil3d_sweeps$X 512 20 > /tmp/l.txt 2>&1
      echo "== 3d $M $C $V run $r: $(grep -oE 'median iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
    done; done
    for M in trigger poll dma; do for C in 1048576 4194304; do
      echo "== micro $M $C $V run $r: $(LD_LIBRARY_PATH=$LP PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_CHUNK=$C micro$X 67108864 236 12 2>&1 | grep -oE 'producer [0-9.]* ms|producer\+transfer [0-9.]* ms|checksum.*' | tr '\n' ' ')"
    done; done
    for M in trigger poll; do
      LD_LIBRARY_PATH=$LP PROACT_DEVICES=0,1 PROACT_MECH=$M PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part app_jacobi2d$X 16384 20 > /tmp/l.txt 2>&1
      echo "== j2d $M $V run $r: $(grep -o 'median iteration [0-9.]* ms' /tmp/l.txt) $(pt) $(grep -o 'checksum.*' /tmp/l.txt)"
    done
  done
  echo "== micro memcpy run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=memcpy micro 67108864 236 12 2>&1 | grep -oE 'producer\+transfer [0-9.]* ms' | tr '\n' ' ')"
  echo "== 3d memcpy run $r: $(PROACT_DEVICES=0,1 PROACT_MECH=memcpy stencil3d_sweeps 512 20 2>&1 | grep -oE 'median iteration [0-9.]* ms')"
done
} > $S 2>&1
cat $S

######## call 8
bash scripts/gpu-run.sh bench/run --gpus 2 --variants 1gpu,memcpy,inline,poll,trigger,dma,elide --reps 2 --out $OUT/apps-12.md
