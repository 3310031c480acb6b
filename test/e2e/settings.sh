#!/usr/bin/env bash
# settings.sh ERRORS_PROGRAM: the start-up check of the PROACT_* variables
# (docs/user/environment.md). An invalid value stops the program before
# main, with exit status 1 and an error naming the variable, the value and
# the valid values, even when the program makes no PROACT call (mode
# "none") and whatever the backend (the CUDA settings on host devices);
# every invalid value is reported. An unknown PROACT_* name warns with the
# nearest variable; the names the project's tools use do not warn;
# PROACT_ELIDE=1 warns on every run.
set -uo pipefail
prog=$1
fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# expect_invalid "VAR=VALUE ..." REGEX...: exit 1, nothing from main, each
# REGEX in stderr.
expect_invalid() {
  local vars=$1 out err rc
  shift
  err=$(env $vars "$prog" none 2>&1 >"$tmp")
  rc=$?
  out=$(cat "$tmp")
  if [ $rc -ne 1 ] || [ -n "$out" ]; then
    echo "FAIL: $vars: exit status $rc, stdout '$out' (expected 1, nothing)"
    echo "$err"
    fail=1
    return
  fi
  for re in "$@"; do
    if ! grep -Eq -- "$re" <<<"$err"; then
      echo "FAIL: $vars: stderr does not match: $re"
      echo "$err"
      fail=1
      return
    fi
  done
  echo "ok: $vars: $(head -n 1 <<<"$err")"
}

# expect_warning "VAR=VALUE ..." MODE REGEX: exit 0, main ran, REGEX in
# stderr (an empty REGEX: no warning at all).
expect_warning() {
  local vars=$1 mode=$2 re=$3 out err rc
  err=$(env $vars "$prog" "$mode" 2>&1 >"$tmp")
  rc=$?
  out=$(cat "$tmp")
  if [ $rc -ne 0 ] || [ -z "$out" ]; then
    echo "FAIL: $vars: exit status $rc, stdout '$out'"
    echo "$err"
    fail=1
  elif [ -z "$re" ] && grep -q "proact: warning" <<<"$err"; then
    echo "FAIL: $vars: unexpected warning"
    echo "$err"
    fail=1
  elif [ -n "$re" ] && ! grep -Eq -- "$re" <<<"$err"; then
    echo "FAIL: $vars: stderr does not match: $re"
    echo "$err"
    fail=1
  else
    echo "ok: $vars: ${err:-no warning}"
  fi
}

valid="; valid values: "
# Settings read only by one mechanism or feature, checked all the same.
expect_invalid PROACT_WATCHDOG_MS=0 \
  "^proact: error: invalid PROACT_WATCHDOG_MS='0': .*${valid}1 to 86400000$"
# Times take no size suffix: 1m is not a minute, nor 1 MiB of seconds.
expect_invalid PROACT_TIMEOUT=1m \
  "^proact: error: invalid PROACT_TIMEOUT='1m': '1m' is not a whole number of seconds .write it without a unit or suffix."
expect_invalid PROACT_WATCHDOG_MS=1ms \
  "^proact: error: invalid PROACT_WATCHDOG_MS='1ms': '1ms' is not a whole number of milliseconds"
expect_invalid PROACT_READY_CACHE=1 \
  "^proact: error: invalid PROACT_READY_CACHE='1': 1 is outside .*${valid}0, or 64K"
expect_invalid PROACT_READY_CHECK=yes \
  "^proact: error: invalid PROACT_READY_CHECK='yes': .*${valid}0 or 1$"
expect_invalid PROACT_READ_CHECK=off \
  "^proact: error: invalid PROACT_READ_CHECK='off': .*${valid}0 or 1$"
expect_invalid PROACT_DEBUG_SUBSYS=init,disk \
  "^proact: error: invalid PROACT_DEBUG_SUBSYS='init,disk': unknown subsystem 'disk'"
expect_invalid PROACT_BALANCE_MIN_US=2000000 \
  "^proact: error: invalid PROACT_BALANCE_MIN_US='2000000': .*${valid}0 to 1000000$"
# The CUDA backend's settings, on any backend.
expect_invalid PROACT_CUDA_WAIT=busy \
  "^proact: error: invalid PROACT_CUDA_WAIT='busy': .*${valid}auto, spin, yield or blocking$"
expect_invalid PROACT_COPY_QUEUES=0 \
  "^proact: error: invalid PROACT_COPY_QUEUES='0': 0 is outside \\[1, 16\\].*${valid}1 to 16$"
expect_invalid PROACT_CUDA_CACHE=L1 \
  "^proact: error: invalid PROACT_CUDA_CACHE='L1': .*${valid}auto, l1, shared or equal$"
expect_invalid PROACT_LAUNCH=cuda \
  "^proact: error: invalid PROACT_LAUNCH='cuda': .*${valid}auto, omp or graph$"
# Transports between MPI ranks: checked without MPI too.
expect_invalid PROACT_TRANSPORT=gpu \
  "^proact: error: invalid PROACT_TRANSPORT='gpu': .*${valid}auto, mpi, mpi-direct or nccl$"
# Sizes whose suffix takes them past 64 bits, or past the range.
expect_invalid PROACT_CHUNK=17179869184G \
  "^proact: error: invalid PROACT_CHUNK='17179869184G': '17179869184G' does not fit 64 bits${valid}"
expect_invalid PROACT_BLOCK_POINTS=99999999999999999999 \
  "invalid PROACT_BLOCK_POINTS='99999999999999999999': .*does not fit 64 bits"
expect_invalid PROACT_READY_CACHE=2048G \
  "invalid PROACT_READY_CACHE='2048G': 2199023255552 is outside"
# Transfer threads: the threads(...) clause's rule.
expect_invalid PROACT_THREADS=33 \
  "^proact: error: invalid PROACT_THREADS='33': 33 is not a multiple of 32 .*${valid}0, or a multiple of 32 from 32 to 8192$"
# Every invalid value in one run.
expect_invalid "PROACT_MECH=fast PROACT_CUDA_WAIT=busy PROACT_TEAMS=0x10" \
  "invalid PROACT_MECH='fast'" "invalid PROACT_TEAMS='0x10'" \
  "invalid PROACT_CUDA_WAIT='busy'"

# Every layer registers its own parameters before the check: one of each
# (support, transport, device, core, mechanisms) in one run.
expect_invalid "PROACT_DEBUG=loud PROACT_MPI_TIMEOUT=0 PROACT_DEVICES=0-x PROACT_DECOMPOSE=rows PROACT_WATCHDOG_MS=0" \
  "invalid PROACT_DEBUG='loud'" "invalid PROACT_MPI_TIMEOUT='0'" \
  "invalid PROACT_DEVICES='0-x'" "invalid PROACT_DECOMPOSE='rows'" \
  "invalid PROACT_WATCHDOG_MS='0'"

# Unknown names: a warning with the nearest variable, the program runs.
expect_warning PROACT_DEVICE=0 none \
  "^proact: warning: PROACT_DEVICE is not a PROACT variable and is ignored; did you mean PROACT_DEVICES\?"
expect_warning PROACT_MECHANISM=poll none \
  "^proact: warning: PROACT_MECHANISM is not a PROACT variable .*did you mean PROACT_MECH\?"
expect_warning proact_chunk=4K none "did you mean PROACT_CHUNK\?"
# The names proactcc, the scripts and CMake use: no warning.
expect_warning "PROACT_CUDA_ARCH=sm_90 PROACT_CMAKE_ARGS=-DX=1 PROACT_CC=clang PROACT_OFFLOAD=host PROACT_ROOT=/opt/proact PROACT_DIR=/opt/proact/lib/cmake" ok ""
expect_warning "PROACT_LLVM_ROOT=/x PROACT_DEVICE_RTL_DIR=/x PROACT_SETUP_INSTALL=1 PROACT_TEST_FULL=1 PROACT_GPU_BUNDLE_ONLY=suite PROACT_DRY_RUN=1" ok ""
# PROACT_ELIDE=1: a warning on every run that makes PROACT calls.
expect_warning "PROACT_ELIDE=1 PROACT_DEVICES=0" ok \
  "^proact: warning: PROACT_ELIDE=1: every copy between devices is skipped, so this run's results are wrong"
exit $fail
