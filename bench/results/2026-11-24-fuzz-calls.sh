#!/usr/bin/env bash
# The fuzz campaign of 2026-11-24 on the device machine's 16 CPU cores (no
# GPU used), from the repository root with .fuzz-bundle/ carried: the
# static fuzz_directives of this tree (cmake -DPROACT_FUZZ_STATIC=ON,
# stripped, xz) and the corpus of the build machine's earlier run.
# 16 jobs of up to 650,000 inputs each, seeds from test/lit added.
set -uo pipefail
root=$(pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out/artifacts"
work=/tmp/fz
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
xz -dc "$root/.fuzz-bundle/fuzz_directives.xz" > fuzz_directives && chmod +x fuzz_directives
tar xJf "$root/.fuzz-bundle/corpus.tar.xz"
python3 "$root/test/fuzz/seeds.py" corpus > /dev/null
echo "== $(nproc) cores; corpus $(ls corpus | wc -l) inputs; $(ldd ./fuzz_directives | grep -c 'not found') libraries missing"
PROACT_FUZZ_INCLUDE="$root/include" timeout 580 ./fuzz_directives -jobs=16 -workers=16 \
  -timeout=20 -rss_limit_mb=4096 -max_len=2048 -runs=650000 -max_total_time=530 \
  -print_final_stats=1 -artifact_prefix="$out/artifacts/" corpus > "$out/fuzz.log" 2>&1
echo "== fuzzer exit $?"
for f in fuzz-*.log; do
  tail -n 12 "$f" | grep -E "stat::|Done|ERROR|crash|deadly" | sed "s/^/$f: /"
done > "$out/fuzz-stats.log"
cp fuzz-0.log "$out/" 2>/dev/null
grep -h "stat::number_of_executed_units" fuzz-*.log | awk '{ s += $2 } END { print "== executed inputs, all jobs:", s }'
grep -l -E "ERROR: libFuzzer|deadly signal|==ERROR" fuzz-*.log | sed 's/^/== finding in /'
echo "== artifacts: $(ls "$out/artifacts" | wc -l)"
