#!/usr/bin/env bash
# info.sh PROACT_INFO PROGRAM ARGS...: proact-info prints the version, the
# devices, the peer matrix and every setting with its source; --help and
# --version answer on stdout with status 0, a wrong command line gets
# status 2 and a hint on stderr, an invalid setting status 1. PROGRAM run
# with PROACT_INFO=1 prints the same report to stderr once, and its own
# output does not change; PROACT_DEBUG=info logs each variable set. The
# report's second to fourth lines, and the log's first, name the lowering
# ABI, the commit (TEST_SOURCE_DIR's, when it is a git checkout) and the
# build's configuration (TEST_OFFLOAD, TEST_LLVM).
set -uo pipefail
info=$1 prog=$2
shift 2
fail() { echo "info.sh: $*" >&2; exit 1; }

out=$(PROACT_DEVICES=0,1 PROACT_CHUNK=64K "$info") || fail "proact-info: status $?"
echo "$out"
version=$(echo "$out" | head -n 1)
[[ $version =~ ^PROACT\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "first line is not 'PROACT X.Y.Z': $version"
abi=$(sed -n 's/^#define PROACT_LOWERING_ABI \([0-9]*\)$/\1/p' \
  "${TEST_SOURCE_DIR:?}/include/proact/detail/codegen.h")
commit=unknown
top=$(git -C "$TEST_SOURCE_DIR" rev-parse --show-toplevel 2>/dev/null) &&
  [ "$(realpath "$top")" = "$(realpath "$TEST_SOURCE_DIR")" ] &&
  commit=$(git -C "$TEST_SOURCE_DIR" rev-parse --short=12 HEAD)
build="LLVM ${TEST_LLVM:?}, offload ${TEST_OFFLOAD:?}, CUDA architecture [a-z0-9_]+, NVTX (yes|no), MPI module (yes|no) .*, build type [A-Za-z]+"
identity=("lowering ABI: $abi" "commit: $commit(-dirty)?" "build: $build")
for i in 0 1 2; do
  line=$(echo "$out" | sed -n "$((i + 2))p")
  [[ $line =~ ^${identity[i]}$ ]] || fail "line $((i + 2)) is '$line', expected '${identity[i]}'"
done
grep -Eq '^devices: 2 participating$' <<<"$out" || fail "no 2 participating devices"
# LLVM 22's libomptarget reports target constructs to PROACT's tool; 16's
# reports none.
if [ "${TEST_LLVM%%.*}" -ge 22 ]; then
  follow='followed through OMPT'
else
  follow='not followed: this libomptarget reports no target constructs to tools'
fi
grep -Eq "^OpenMP target constructs outside spread mode: $follow\$" <<<"$out" ||
  fail "no line 'OpenMP target constructs outside spread mode: $follow'"
grep -Eq '^  0 +(gpu|host-cpu|unknown) ' <<<"$out" || fail "no row for device 0"
grep -Eq '^  1 +(gpu|host-cpu|unknown) ' <<<"$out" || fail "no row for device 1"
grep -q '^peer access' <<<"$out" || fail "no peer matrix"
grep -Eq '^ +0 +- +(yes|no)$' <<<"$out" || fail "no peer row for device 0"
grep -Eq '^  PROACT_CHUNK +64K +env$' <<<"$out" || fail "PROACT_CHUNK not from env"
grep -Eq '^  PROACT_DEVICES +0,1 +env$' <<<"$out" || fail "PROACT_DEVICES not from env"
grep -Eq '^  PROACT_MECH +clause +default$' <<<"$out" || fail "PROACT_MECH not default"
grep -Eq '^  PROACT_INFO +0 +default$' <<<"$out" || fail "no PROACT_INFO"

# Logical devices: each row says which OpenMP device it is part of.
out=$(PROACT_DEVICES='0*2,1' "$info") || fail "proact-info, 0*2,1: status $?"
grep -Eq '^backend: [a-z]+, [0-9]+ OpenMP devices? as [0-9]+ devices \(logical' <<<"$out" ||
  fail "0*2,1: no count of logical devices"
grep -Eq '^devices: 3 participating$' <<<"$out" || fail "0*2,1: not 3 participating"
grep -Eq '^  0 +(gpu|host-cpu|unknown) .* 0 \(1 of 2\) ' <<<"$out" || fail "0*2,1: device 0 is not 1 of 2 on 0"
grep -Eq '^  1 +(gpu|host-cpu|unknown) .* 0 \(2 of 2\) ' <<<"$out" || fail "0*2,1: device 1 is not 2 of 2 on 0"
grep -Eq '^  2 +(gpu|host-cpu|unknown) .* 1 +[^ ]' <<<"$out" || fail "0*2,1: device 2 is not on 1"
grep -Eq '^ +0 +- +yes +yes$' <<<"$out" || fail "0*2,1: logical devices do not reach each other"
err=$(PROACT_DEVICES='0*62,1*2' "$info" 2>&1 >/dev/null); st=$?
[ $st -eq 1 ] || fail "0*62,1*2: status $st"
[[ $err == *"at most 63 can take part"* ]] || fail "0*62,1*2: $err"
err=$(PROACT_DEVICES='0,0' "$info" 2>&1 >/dev/null); st=$?
[ $st -eq 1 ] || fail "0,0: status $st"
[[ $err == *"write 0*K"* ]] || fail "0,0: $err"

help=$("$info" --help 2>&1) || fail "--help: status $?"
[[ $help == "Usage: proact-info "* ]] || fail "--help: $help"
ver=$("$info" --version 2>&1) || fail "--version: status $?"
[ "$ver" = "proact-info (PROACT) ${version#PROACT }" ] || fail "--version: $ver"
err=$("$info" --no-such-option 2>&1 >/dev/null); st=$?
[ $st -eq 2 ] || fail "unknown option: status $st"
[[ $err == *"unrecognized option"*"--help"* ]] || fail "unknown option: $err"
err=$("$info" extra 2>&1 >/dev/null); st=$?
[ $st -eq 2 ] || fail "operand: status $st"
err=$(PROACT_CHUNK=12 "$info" 2>&1 >/dev/null); st=$?
[ $st -eq 1 ] || fail "invalid setting: status $st"
[[ $err == *"invalid PROACT_CHUNK='12'"* ]] || fail "invalid setting: $err"

want=$(PROACT_DEVICES=0,1 "$prog" "$@") || fail "$prog: status $?"
errf=$(mktemp)
trap 'rm -f "$errf"' EXIT
got=$(PROACT_INFO=1 PROACT_DEVICES=0,1 "$prog" "$@" 2>"$errf") || fail "PROACT_INFO=1 $prog: status $?"
[ "$got" = "$want" ] || fail "PROACT_INFO=1 changed the program's output"
[ "$(grep -c '^PROACT [0-9]' "$errf")" -eq 1 ] || fail "PROACT_INFO=1: not one report: $(cat "$errf")"
grep -Eq '^  PROACT_INFO +1 +env$' "$errf" || fail "PROACT_INFO=1: no PROACT_INFO from env"
grep -q '^devices: 2 participating$' "$errf" || fail "PROACT_INFO=1: no devices"
for i in 0 1 2; do
  grep -Eq "^${identity[i]}$" "$errf" || fail "PROACT_INFO=1: no line '${identity[i]}'"
done
PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=env PROACT_CHUNK=64K PROACT_DEVICES=0,1 \
  "$prog" "$@" >/dev/null 2>"$errf" || fail "PROACT_DEBUG=info $prog: status $?"
grep -q '^proact: info: env: PROACT_CHUNK=64K$' "$errf" ||
  fail "PROACT_DEBUG=info: no env line for PROACT_CHUNK: $(cat "$errf")"
first=$(head -n 1 "$errf")
want="proact: info: init: PROACT ${version#PROACT } \(lowering ABI $abi\), commit $commit(-dirty)?, $build"
[[ $first =~ ^$want$ ]] || fail "PROACT_DEBUG=info: the first line is '$first', expected '$want'"
echo "proact-info: report, options, identity, PROACT_INFO=1 and env logging as expected"
