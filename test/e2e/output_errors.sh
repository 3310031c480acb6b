#!/usr/bin/env bash
# output_errors.sh PROGRAM SEQUENTIAL ARGS...: a PROACT output file that
# cannot be written (the log and the trace on /dev/full) is reported once
# and makes the exit status 1, with the program's own output intact;
# PROACT_OUTPUT_STRICT=0 keeps the exit status and still reports it.
set -uo pipefail
prog=$1 seq=$2
shift 2
fail() { echo "output_errors.sh: $*" >&2; exit 1; }
want=$("$seq" "$@") || fail "sequential run failed"
errf=$(mktemp)
trap 'rm -f "$errf"' EXIT
check() { # what, expected status, environment...
  local what=$1 status=$2 got st n
  shift 2
  got=$(env "$@" "$prog" "${args[@]}" 2>"$errf")
  st=$?
  [ "$st" -eq "$status" ] || fail "$*: exit $st, expected $status: $(cat "$errf")"
  [ "$got" = "$want" ] || fail "$*: the program's output changed"
  n=$(grep -c "^proact: error: writing $what to '/dev/full' failed: No space left on device" "$errf")
  [ "$n" -eq 1 ] || fail "$*: $n reports of $what, expected 1: $(cat "$errf")"
  echo "ok: $* -> exit $st, one report"
}
args=("$@")
check "the log (PROACT_DEBUG_FILE)" 1 PROACT_DEBUG_FILE=/dev/full PROACT_DEBUG=info
check "the trace (PROACT_TRACE)" 1 PROACT_TRACE=/dev/full
check "the log (PROACT_DEBUG_FILE)" 0 PROACT_OUTPUT_STRICT=0 PROACT_DEBUG_FILE=/dev/full PROACT_DEBUG=info
check "the trace (PROACT_TRACE)" 0 PROACT_OUTPUT_STRICT=0 PROACT_TRACE=/dev/full
