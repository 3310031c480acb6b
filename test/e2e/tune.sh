#!/usr/bin/env bash
# tune.sh PROACT_TUNE PROGRAM CLANG PLUGIN INCLUDE_DIR SOURCE: proact-tune
# runs PROGRAM (built from SOURCE) over a small grid of configurations on 2
# host-offload devices, requiring the same results in every run; its
# profile must name every loop of the program, and the plugin must read it
# back: compiling SOURCE with it gives one remark per loop.
set -uo pipefail
tune=$1 prog=$2 clang=$3 plugin=$4 inc=$5 src=$6
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
PROACT_DEVICES=0,1 "$tune" -o "$dir/p.profile" -r 2 -c 4K,64K -t 32,512 \
  -s fnv1a -- "$prog" 20011 6 > "$dir/table.txt" 2> "$dir/progress.txt"
rc=$?
cat "$dir/table.txt"
[ $rc -eq 0 ] || { echo "proact-tune exited $rc"; tail -20 "$dir/progress.txt"; exit 1; }
# 1 memcpy + 2 chunks x (2 poll threads + trigger + dma + inline) = 11
n=$(grep -cE '^[0-9]+ ' "$dir/table.txt")
[ "$n" -eq 11 ] || { echo "expected 11 ranked configurations, got $n"; exit 1; }
grep -q "^\[  22/22\]" "$dir/progress.txt" || { echo "progress lines missing"; exit 1; }
loops=$(grep -c '^loop ' "$dir/p.profile")
pragmas=$(grep -c '#pragma proact region' "$src")
[ "$loops" -eq "$pragmas" ] || { echo "profile has $loops loops, $src has $pragmas"; cat "$dir/p.profile"; exit 1; }
"$clang" -fopenmp -fplugin="$plugin" -fplugin-arg-proact-profile="$dir/p.profile" \
  -I"$inc" -fsyntax-only "$src" 2> "$dir/remarks.txt" || { cat "$dir/remarks.txt"; exit 1; }
r=$(grep -c "remark: from profile" "$dir/remarks.txt")
winner=$(sed -n 's/^loop [^ ]* mech \([a-z]*\) .*/\1/p' "$dir/p.profile" | head -1)
[ "$r" -eq "$pragmas" ] || { echo "expected $pragmas remarks, got $r"; cat "$dir/remarks.txt"; exit 1; }
# A program whose result changes under dma, that fails under trigger and
# hangs under poll with 512 threads: those configurations are left out,
# named (the hanging one killed after -T 1 s), and the exit status is 1.
cat > "$dir/fake.sh" <<'FAKE'
#!/usr/bin/env bash
[ "$PROACT_MECH" = trigger ] && { echo "boom" >&2; exit 3; }
[ "$PROACT_MECH" = poll ] && [ "$PROACT_THREADS" = 512 ] && sleep 30
echo "result: $([ "$PROACT_MECH" = dma ] && echo 41 || echo 42)"
echo "proact: stats: loop                         mech       execs      peer MB   copies     loop s" >&2
echo "proact: stats: fake.c:7                     $PROACT_MECH  2 0.000 0 0.00${PROACT_THREADS:-1}" >&2
FAKE
chmod +x "$dir/fake.sh"
"$tune" -o "$dir/f.profile" -r 1 -c 4K -t 32,512 -s result -T 1 -- "$dir/fake.sh" > "$dir/ft.txt" 2> "$dir/fp.txt"
rc=$?
[ $rc -eq 1 ] || { echo "fake: expected exit 1, got $rc"; cat "$dir/fp.txt"; exit 1; }
grep -q "trigger chunk 4 KiB  : FAILED (exit 3)" "$dir/fp.txt" || { echo "fake: no failure reported"; cat "$dir/fp.txt"; exit 1; }
grep -q "dma     chunk 4 KiB  : WRONG OUTPUT" "$dir/fp.txt" || { echo "fake: no wrong output reported"; cat "$dir/fp.txt"; exit 1; }
grep -q "poll    chunk 4 KiB   threads 512: FAILED (killed after the time limit" "$dir/fp.txt" || { echo "fake: no time-out reported"; cat "$dir/fp.txt"; exit 1; }
grep -q "^1    memcpy" "$dir/ft.txt" || { echo "fake: memcpy (1 ms) should rank first"; cat "$dir/ft.txt"; exit 1; }
grep -q "^loop fake.c:7 mech memcpy chunk 0 threads 0$" "$dir/f.profile" || { echo "fake: profile"; cat "$dir/f.profile"; exit 1; }
echo "proact-tune: 11 configurations ranked, profile of $loops loops read back ($winner)"
