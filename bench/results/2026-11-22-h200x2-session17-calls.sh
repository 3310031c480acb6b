# Session 17's GPU calls (nvidia-h200-x2), in order; binaries from scripts/gpu-bundle.sh,
# HEAD's (cb01b04) in .gpu-bundle/old from a worktree build; run as: bash scripts/gpu-run.sh bash .gpu-bundle/s17/<x>.sh
######## .gpu-bundle/s17/a.sh (built from cb01b04 (HEAD at the start))
#!/bin/bash
# session 17 call 1: micro producer under poll/dma vs teams (waves hypothesis)
S=$OUT/summary.txt
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
PROACT_MECH=memcpy micro calibrate 67108864 | tail -2
R=236
run() { # label envs...
  local l=$1; shift
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part micro 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  g=$(echo "$out" | grep -m1 "micro.c:4[67] part 0: " | sed 's/.*walk: //')
  echo "$l pt=$pt prodkern_med=$k [$g]"
}
for rep in 1 2; do
for t in 0 264 396 528 792 2112; do
  run "teams=$t memcpy" PROACT_TEAMS=$t PROACT_MECH=memcpy
  run "teams=$t elide" PROACT_TEAMS=$t PROACT_MECH=memcpy PROACT_ELIDE=1
  run "teams=$t poll1M" PROACT_TEAMS=$t PROACT_MECH=poll PROACT_CHUNK=1M
  run "teams=$t dma4M" PROACT_TEAMS=$t PROACT_MECH=dma PROACT_CHUNK=4M
  run "teams=$t inline4M" PROACT_TEAMS=$t PROACT_MECH=inline PROACT_CHUNK=4M
done
for bp in 2048 32768; do
  run "bp=$bp poll1M" PROACT_BLOCK_POINTS=$bp PROACT_MECH=poll PROACT_CHUNK=1M
  run "bp=$bp dma4M" PROACT_BLOCK_POINTS=$bp PROACT_MECH=dma PROACT_CHUNK=4M
done
done
} > $S 2>&1
######## .gpu-bundle/s17/b.sh (new = per-warp readiness reporting (measured, not landed; described in the results file))
#!/bin/bash
# session 17 call 2: per-warp readiness reporting (no team barrier) vs HEAD (old/): micro producer, stencil3d, jacobi2d part kernels; e2e bit-identity
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=236
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/micro"; else pre=micro; fi
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $bin pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro"
for rep in 1 2 3; do
for bin in old new; do
  run "memcpy" $bin PROACT_MECH=memcpy
  run "elide" $bin PROACT_MECH=memcpy PROACT_ELIDE=1
  run "poll1M" $bin PROACT_MECH=poll PROACT_CHUNK=1M
  run "dma4M" $bin PROACT_MECH=dma PROACT_CHUNK=4M
  run "dma16M" $bin PROACT_MECH=dma PROACT_CHUNK=16M
  run "trigger1M" $bin PROACT_MECH=trigger PROACT_CHUNK=1M
  run "dma4M-t2112" $bin PROACT_MECH=dma PROACT_CHUNK=4M PROACT_TEAMS=2112
  run "dma4M-256x2112" $bin PROACT_MECH=dma PROACT_CHUNK=4M PROACT_TEAMS=2112 PROACT_TEAM_THREADS=256
done; done
echo "== stencil3d_sweeps 512 20, 2 GPUs, part kernel median us"
for rep in 1 2; do for bin in old new; do for m in memcpy dma poll trigger; do
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/stencil3d_sweeps"; else pre=stencil3d_sweeps; fi
  out=$(PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 512 20 2>&1)
  k=$(echo "$out" | grep "part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "st3d $bin $m part0kern_med=$k $(echo "$out" | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done
echo "== jacobi2d app, 2 GPUs"
for rep in 1 2; do for bin in old new; do for m in memcpy dma poll trigger; do
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/app_jacobi2d"; else pre=app_jacobi2d; fi
  out=$(PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 2>&1)
  k=$(echo "$out" | grep "part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "j2d $bin $m part0kern_med=$k $(echo "$out" | grep -v "proact:" | tail -2 | tr '\n' ' ')"
done; done; done
echo "== e2e new"
for p in stencil1d jacobi2d chain stress scatter nests reduce; do
  a1=$(grep "E2E_${p}_ARGS" test/e2e/CMakeLists.txt | head -1 | sed 's/.*"\(.*\)").*/\1/')
  IFS='|' read -ra sets <<< "$a1"
  for a in "${sets[0]}" "${sets[1]}"; do for devs in 0,1; do for m in poll trigger dma; do
    x=$(PROACT_DEVICES=$devs PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
    [ "$x" = "$y" ] && echo "same $p" || echo "DIFF $p $devs $m $a"
  done; done; done
done | sort | uniq -c
} > $S 2>&1
######## .gpu-bundle/s17/c.sh (new = tickets for every block of the instrumented flat kernel (first form))
#!/bin/bash
# session 17 call 3: the instrumented flat kernel takes its blocks by ticket (in order of time) vs HEAD (old/): micro, banded; e2e bit-identity
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=236
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/micro"; else pre=micro; fi
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $bin pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro"
for rep in 1 2 3; do
for bin in old new; do
  run "memcpy" $bin PROACT_MECH=memcpy
  run "elide" $bin PROACT_MECH=memcpy PROACT_ELIDE=1
  run "poll1M" $bin PROACT_MECH=poll PROACT_CHUNK=1M
  run "poll4M" $bin PROACT_MECH=poll PROACT_CHUNK=4M
  run "dma1M" $bin PROACT_MECH=dma PROACT_CHUNK=1M
  run "dma4M" $bin PROACT_MECH=dma PROACT_CHUNK=4M
  run "trigger1M" $bin PROACT_MECH=trigger PROACT_CHUNK=1M
  run "dma4M-t2112" $bin PROACT_MECH=dma PROACT_CHUNK=4M PROACT_TEAMS=2112
  run "poll1M-t2112" $bin PROACT_MECH=poll PROACT_CHUNK=1M PROACT_TEAMS=2112
done; done
echo "== e2e new, every program, GPUs 0,1"
for p in stencil1d jacobi2d chain affine stress scatter amge grouped nests vector reduce; do
  a1=$(grep "E2E_${p}_ARGS" test/e2e/CMakeLists.txt | head -1 | sed 's/.*"\(.*\)").*/\1/')
  IFS='|' read -ra sets <<< "$a1"
  for a in "${sets[0]}" "${sets[1]}"; do for m in poll trigger dma; do
    x=$(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
    [ "$x" = "$y" ] && echo "same $p" || echo "DIFF $p $m $a"
  done; done
done | sort | uniq -c
echo "== jacobi_banded app"
for rep in 1 2; do for bin in old new; do for m in memcpy dma poll trigger; do
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/app_jacobi_banded"; else pre=app_jacobi_banded; fi
  out=$(PROACT_MECH=$m $pre 2>&1)
  echo "banded $bin $m $(echo "$out" | grep -v "proact:" | tail -1)"
done; done; done
} > $S 2>&1
######## .gpu-bundle/s17/d.sh (new = tickets taken when a block starts, handed over at its end (measured, not landed))
#!/bin/bash
# session 17 call 4: tickets taken when a block starts, handed over at its end (prefetch) vs HEAD (old/): micro, banded; e2e bit-identity
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=236
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/micro"; else pre=micro; fi
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $bin pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro"
for rep in 1 2 3; do
for bin in old new; do
  run "memcpy" $bin PROACT_MECH=memcpy
  run "elide" $bin PROACT_MECH=memcpy PROACT_ELIDE=1
  run "poll1M" $bin PROACT_MECH=poll PROACT_CHUNK=1M
  run "poll4M" $bin PROACT_MECH=poll PROACT_CHUNK=4M
  run "dma1M" $bin PROACT_MECH=dma PROACT_CHUNK=1M
  run "dma4M" $bin PROACT_MECH=dma PROACT_CHUNK=4M
  run "trigger1M" $bin PROACT_MECH=trigger PROACT_CHUNK=1M
  run "trigger256K" $bin PROACT_MECH=trigger PROACT_CHUNK=256K
  run "poll256K" $bin PROACT_MECH=poll PROACT_CHUNK=256K
done; done
echo "== e2e new, every program, GPUs 0,1"
for p in stencil1d jacobi2d chain affine stress scatter amge grouped nests vector reduce; do
  a1=$(grep "E2E_${p}_ARGS" test/e2e/CMakeLists.txt | head -1 | sed 's/.*"\(.*\)").*/\1/')
  IFS='|' read -ra sets <<< "$a1"
  for a in "${sets[0]}" "${sets[1]}"; do for m in poll trigger dma; do
    x=$(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
    [ "$x" = "$y" ] && echo "same $p" || echo "DIFF $p $m $a"
  done; done
done | sort | uniq -c
echo "== apps"
for rep in 1; do for bin in old new; do for app in jacobi_banded pagerank sssp ct als; do for m in memcpy dma poll trigger; do
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/app_$app"; else pre=app_$app; fi
  out=$(PROACT_MECH=$m $pre 2>&1)
  echo "$app $bin $m $(echo "$out" | grep -v "proact:" | tail -1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done; done
} > $S 2>&1
######## .gpu-bundle/s17/e.sh (new = tickets where at least half the blocks report, rd->ticketed read at every block)
#!/bin/bash
# session 17 call 5: tickets only where at least half the blocks report (ready_ticketed), one walk (proact__ready_walk) vs HEAD (old/): micro, banded; e2e bit-identity
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
{
nvidia-smi --query-gpu=index,name,clocks.max.sm --format=csv,noheader
export PROACT_DEVICES=0,1
R=236
run() { # label bin envs...
  local l=$1 bin=$2; shift 2
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/micro"; else pre=micro; fi
  out=$(env "$@" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 67108864 $R 12 2>&1)
  pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p')
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$l $bin pt=$pt prodkern_med=$k $(echo "$out" | grep -m1 -o 'checksum.*')"
}
echo "== micro"
for rep in 1 2 3; do
for bin in old new; do
  run "memcpy" $bin PROACT_MECH=memcpy
  run "elide" $bin PROACT_MECH=memcpy PROACT_ELIDE=1
  run "poll1M" $bin PROACT_MECH=poll PROACT_CHUNK=1M
  run "poll4M" $bin PROACT_MECH=poll PROACT_CHUNK=4M
  run "dma1M" $bin PROACT_MECH=dma PROACT_CHUNK=1M
  run "dma4M" $bin PROACT_MECH=dma PROACT_CHUNK=4M
  run "trigger1M" $bin PROACT_MECH=trigger PROACT_CHUNK=1M
  run "trigger256K" $bin PROACT_MECH=trigger PROACT_CHUNK=256K
  run "poll256K" $bin PROACT_MECH=poll PROACT_CHUNK=256K
done; done
echo "== e2e new, every program, GPUs 0,1"
for p in stencil1d jacobi2d chain affine stress scatter amge grouped nests vector reduce; do
  a1=$(grep "E2E_${p}_ARGS" test/e2e/CMakeLists.txt | head -1 | sed 's/.*"\(.*\)").*/\1/')
  IFS='|' read -ra sets <<< "$a1"
  for a in "${sets[0]}" "${sets[1]}"; do for m in poll trigger dma; do
    x=$(PROACT_MECH=$m PROACT_CHUNK=4096 PROACT_READY_CHECK=1 e2e_$p $a 2>&1 | md5sum); y=$(e2e_${p}_seq $a | md5sum)
    [ "$x" = "$y" ] && echo "same $p" || echo "DIFF $p $m $a"
  done; done
done | sort | uniq -c
echo "== apps"
for apps in "jacobi_banded pagerank sssp ct als" "jacobi_banded als"; do for bin in old new; do for app in $apps; do for m in memcpy dma poll trigger; do
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/app_$app"; else pre=app_$app; fi
  out=$(PROACT_MECH=$m $pre 2>&1)
  echo "$app $bin $m $(echo "$out" | grep -v "proact:" | tail -1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done; done
} > $S 2>&1
######## .gpu-bundle/s17/f.sh (new = the landed form (5253b03): rd->ticketed read once before the walk)
#!/bin/bash
# session 17 call 6: ticketed read once before the walk (__proact_tk): banded part kernels old/new, micro new
S=$OUT/summary.txt
O=$PWD/.gpu-bundle/old
{
export PROACT_DEVICES=0,1
echo "== jacobi_banded, 3 runs, part 0 kernel median us (both sweeps)"
for rep in 1 2 3; do for bin in old new; do for m in memcpy dma poll trigger; do
  if [ $bin = old ]; then pre="env LD_LIBRARY_PATH=$O/lib:$LD_LIBRARY_PATH $O/bin/app_jacobi_banded"; else pre=app_jacobi_banded; fi
  out=$(PROACT_MECH=$m PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part $pre 2>&1)
  k=$(echo "$out" | grep "part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "banded $bin $m kern=$k $(echo "$out" | grep -v "proact:" | tail -1 | grep -oE 'median iteration [0-9.]* ms|checksum.*' | tr '\n' ' ')"
done; done; done
echo "== micro new"
for rep in 1 2; do for cfg in "memcpy -" "poll 1M" "trigger 256K" "dma 4M" "poll 256K"; do
  set -- $cfg; e=(PROACT_MECH=$1); [ $2 != - ] && e+=(PROACT_CHUNK=$2)
  out=$(env "${e[@]}" PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part micro 67108864 236 12 2>&1)
  k=$(echo "$out" | grep "micro.c:4[67] part 0 kernel" | sed 's/.*: \([0-9.]*\) us/\1/' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "micro $cfg pt=$(echo "$out" | sed -n 's/.*producer+transfer \([-0-9.]*\) ms.*/\1/p') kern=$k"
done; done
} > $S 2>&1
