#!/usr/bin/env bash
# run.sh FUZZER WORKDIR [LIBFUZZER ARGS...]: a time-boxed campaign of the
# fuzz target (PROACT_FUZZ_SECONDS, 75 by default) from the seed corpus and
# the regression inputs. Fails on any crash, leak-free timeout or sanitizer
# report; the input that caused it is left in WORKDIR/artifacts/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fuzzer=$1 work=$2
shift 2
rm -rf "$work/corpus"
mkdir -p "$work/corpus" "$work/artifacts"
python3 "$here/seeds.py" "$work/corpus" >/dev/null
# Every regression input first, once: each crashed the plugin once.
"$fuzzer" -runs=0 "$work/corpus" >"$work/replay.log" 2>&1 || {
  tail -n 40 "$work/replay.log" >&2; exit 1; }
exec "$fuzzer" -max_total_time="${PROACT_FUZZ_SECONDS:-75}" -timeout=20 \
  -rss_limit_mb=4096 -max_len=2048 -print_final_stats=1 \
  -artifact_prefix="$work/artifacts/" "$@" "$work/corpus"
