#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the OpenMP offload tests of external suites twice, as plain OpenMP
# and in spread mode, runs both on the host-offload devices, and compares
# pass/fail: spread mode must not turn a passing test into a failing one.
# The suites are not part of PROACT (their licences allow use, and they are
# fetched by the caller): give their checkouts.
#
#   omp_suites.sh --build DIR [--sollve DIR] [--examples DIR] [--out FILE]
#                 [--jobs N] [--filter REGEX] [--timeout S]
#     --build     a PROACT build for the host-offload devices (build-host)
#     --sollve    a checkout of SOLLVE/sollve_vv: every C and C++ test
#                 under tests/ with a target construct
#     --examples  a checkout of OpenMP/Examples: every C and C++ example
#                 with a target construct marked '@@operation: run' and
#                 '@@expect: success'
#     --out       the results table (markdown; default: stdout)
#     --filter    only the tests whose path matches REGEX (grep -E)
#
# Each test gets one of: pass (built, exit status 0), fail (built, failed when run), build (did not compile), time
# (ran past the timeout). The table also counts the constructs the plugin
# spread and gives the first reason one stayed on one device (its
# openmp-spread remarks). Exit status 1 when a test
# passes as plain OpenMP and not in spread mode.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build= sollve= examples= out= jobs=$(nproc) filter= timeout_s=60
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift ;;
    --sollve) sollve=$2; shift ;;
    --examples) examples=$2; shift ;;
    --out) out=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --filter) filter=$2; shift ;;
    --timeout) timeout_s=$2; shift ;;
    *) echo "omp_suites: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$build" ] || { echo "omp_suites: --build DIR is needed" >&2; exit 2; }
build=$(cd "$build" && pwd)
plugin=$build/lib/proact-clang.so
lib=$(ls "$build"/lib/libproact.so.* 2>/dev/null | head -1)
[ -f "$plugin" ] && [ -n "$lib" ] || {
  echo "omp_suites: no plugin or libproact in $build/lib" >&2; exit 2; }
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cxx=${cxx:-${cc/clang/clang++}}
omp_lib=$(sed -n 's/^PROACT_OPENMP_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
omp_lib=${omp_lib:-$(dirname "$(command -v "$cc")")/../lib}
offload="-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The list: suite<TAB>path<TAB>extra compile arguments.
list=$work/list
: > "$list"
if [ -n "$sollve" ]; then
  # The suite's helper library (ompvv.h is enough for the C tests).
  # The OpenMP version is the test's directory (tests/5.1/...).
  grep -rlE '#pragma omp target' "$sollve/tests" --include='*.c' \
      --include='*.cpp' | sort |
    while read -r f; do
      v=$(sed -n 's|.*/tests/\([0-9]\)\.\([0-9]\)/.*|\1\2|p' <<< "$f")
      printf 'sollve\t%s\t-I%s/ompvv%s\n' "$f" "$sollve" \
        "${v:+ -fopenmp-version=$v}" >> "$list"
    done
fi
if [ -n "$examples" ]; then
  grep -rlE '#pragma omp target' "$examples" --include='*.c' \
      --include='*.cpp' | sort |
    while read -r f; do
      # The version the example is written for (@@version: omp_5.2).
      v=$(sed -n 's/.*@@version:[[:space:]]*omp_\([0-9]\)\.\([0-9]\).*/\1\2/p' "$f")
      grep -qE '@@operation:[[:space:]]*run' "$f" &&
        grep -qE '@@expect:[[:space:]]*success' "$f" &&
        printf 'examples\t%s\t%s\n' "$f" "${v:+-fopenmp-version=$v}" >> "$list"
    done
fi
if [ -n "$filter" ]; then
  grep -E "$filter" "$list" > "$list.f"; mv "$list.f" "$list"
fi

# One test: prints suite, name, plain result, spread result, spread count.
one() {
  local suite=$1 f=$2 extra=$3 d name plain spread n comp=$cc
  case "$f" in *.cpp) comp=$cxx ;; esac
  d=$work/$(echo "$f" | md5sum | cut -c1-12)
  mkdir -p "$d"
  case "$suite" in
    sollve) name=${f#"$sollve"/} ;;
    *) name=${f#"$examples"/} ;;
  esac
  run() { # run BINARY: pass, fail or time
    local o rc
    o=$(cd "$d" && timeout "$timeout_s" "$1" 2>&1); rc=$?
    if [ $rc -eq 124 ]; then echo time
    elif [ $rc -ne 0 ]; then echo fail
    else echo pass; fi
  }
  # shellcheck disable=SC2086
  if "$comp" -O2 $offload $extra "$f" -o "$d/plain" -lm \
      -Wl,-rpath,"$omp_lib" -L"$omp_lib" > "$d/plain.log" 2>&1; then
    plain=$(run "$d/plain")
  else
    plain=build
  fi
  # shellcheck disable=SC2086
  if "$comp" -O2 $offload $extra -I"$root/include" -fplugin="$plugin" \
      -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread \
      "$f" -o "$d/spread" "$lib" -lm -Wl,-rpath,"$omp_lib:$(dirname "$lib")" \
      -L"$omp_lib" -lomptarget > "$d/spread.log" 2>&1; then
    spread=$(run "$d/spread")
  else
    spread=build
  fi
  # Host pass only: the device pass repeats each remark.
  n=$(grep -c "spreads over the devices" "$d/spread.log")
  n=$(( n / 2 ))
  # The first reason a construct stayed on one device.
  why=$(grep -m1 -o "stays on one device, as OpenMP says: [^[]*" \
    "$d/spread.log" | sed 's/^stays on one device, as OpenMP says: //; s/|/\\|/g; s/ *$//')
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$suite" "$name" "$plain" "$spread" "$n" \
    "${why:0:90}"
}
export -f one
export work sollve examples timeout_s cc cxx offload omp_lib root plugin lib

results=$work/results
one_line() { local s f e; IFS=$'\t' read -r s f e <<< "$1"; one "$s" "$f" "$e"; }
export -f one_line
xargs -d '\n' -P "$jobs" -n 1 bash -c 'one_line "$1"' _ < "$list" > "$results"
sort -o "$results" "$results"

{
  echo "| suite | test | plain OpenMP | spread mode | constructs spread | first reason a construct stayed |"
  echo "|---|---|---|---|---|---|"
  awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' \
    "$results"
  echo
  awk -F'\t' '{ t[$1]++; if ($3 == $4) same[$1]++;
                if ($3 == "pass" && $4 != "pass") worse[$1]++;
                if ($3 != "pass" && $4 == "pass") better[$1]++;
                if ($5 > 0) spread[$1]++ }
    END { for (s in t)
      printf "%s: %d tests, %d with the same result, %d pass only as plain OpenMP, %d pass only in spread mode, %d with a construct spread\n",
        s, t[s], same[s] + 0, worse[s] + 0, better[s] + 0, spread[s] + 0 }' \
    "$results"
} > "$work/table"
if [ -n "$out" ]; then cp "$work/table" "$out"; else cat "$work/table"; fi
! awk -F'\t' '$3 == "pass" && $4 != "pass" { bad = 1 } END { exit !bad }' \
  "$results"
