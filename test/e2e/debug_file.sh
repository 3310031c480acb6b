#!/usr/bin/env bash
# debug_file.sh PROGRAM ARGS...: PROACT_DEBUG_FILE sends the log lines to a
# file whose %h and %p become the host name and the process id, each line
# prefixed "host:pid:tid [dev] proact: KIND: " ([dev] on a device's agent
# thread); stderr keeps only errors. PROACT_DEBUG_PREFIX=1 puts the prefix
# on stderr; without it stderr's lines start with "proact: " as before.
set -uo pipefail
prog=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
host=$(hostname); host=${host%%.*}
env=(PROACT_DEVICES=0,1 PROACT_MECH=dma PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=init,copy)
env "${env[@]}" PROACT_DEBUG_FILE="$dir/log.%h.%p.%%" "$prog" "$@" > /dev/null 2> "$dir/err.txt" || { cat "$dir/err.txt"; exit 1; }
[ ! -s "$dir/err.txt" ] || { echo "log lines on stderr too:"; cat "$dir/err.txt"; exit 1; }
f=$(ls "$dir"/log.* 2>/dev/null)
[ "$(echo "$f" | wc -w)" -eq 1 ] || { echo "expected one log file, got: $f"; exit 1; }
pid=$(basename "$f" | sed -n "s/^log\.$host\.\([0-9][0-9]*\)\.%$/\1/p")
[ -n "$pid" ] || { echo "%h or %p not expanded: $f"; exit 1; }
bad=$(grep -vE "^$host:$pid:[0-9]+ (\[[0-9]+\] )?proact: info: " "$f" | head -3)
[ -z "$bad" ] || { echo "lines without the prefix:"; echo "$bad"; exit 1; }
grep -qE "^$host:$pid:$pid proact: info: init: " "$f" || { echo "no main-thread line (tid = pid)"; exit 1; }
grep -qE "^$host:$pid:[0-9]+ \[[01]\] proact: info: copy: device [01] " "$f" ||
  { echo "no agent-thread line with its device"; head "$f"; exit 1; }
# The prefix on stderr with PROACT_DEBUG_PREFIX=1 only.
err=$(env "${env[@]}" PROACT_DEBUG_PREFIX=1 "$prog" "$@" 2>&1 >/dev/null)
grep -qE "^$host:[0-9]+:[0-9]+ proact: info: init: " <<< "$err" ||
  { echo "PROACT_DEBUG_PREFIX=1: no prefix on stderr"; exit 1; }
err=$(env "${env[@]}" "$prog" "$@" 2>&1 >/dev/null)
grep -qE "^proact: info: init: " <<< "$err" ||
  { echo "without PROACT_DEBUG_PREFIX: stderr's lines changed"; exit 1; }
# A fatal error reaches stderr and the file.
PROACT_DEVICES=0,1 PROACT_DEBUG_FILE="$dir/fatal.log" PROACT_CHUNK=bogus "$prog" "$@" > /dev/null 2> "$dir/err.txt"
rc=$?
[ $rc -eq 1 ] && grep -q "^proact: error: invalid PROACT_CHUNK='bogus'" "$dir/err.txt" &&
  grep -qE "^$host:[0-9]+:[0-9]+ proact: error: invalid PROACT_CHUNK='bogus'" "$dir/fatal.log" ||
  { echo "fatal error: exit $rc"; cat "$dir/err.txt" "$dir/fatal.log"; exit 1; }
# A path that cannot be opened, or an unknown escape: an error at start-up.
out=$(PROACT_DEBUG_FILE="$dir/none/x.log" "$prog" "$@" 2>&1); rc=$?
[ $rc -eq 1 ] && grep -q "^proact: error: cannot open PROACT_DEBUG_FILE='$dir/none/x.log' ($dir/none/x.log): No such file or directory$" <<<"$out" ||
  { echo "unopenable file: exit $rc"; echo "$out"; exit 1; }
out=$(PROACT_DEBUG_FILE="$dir/x.%q" "$prog" "$@" 2>&1); rc=$?
[ $rc -eq 1 ] && grep -q "invalid PROACT_DEBUG_FILE='$dir/x.%q': unknown escape '%q'" <<<"$out" ||
  { echo "unknown escape: exit $rc"; echo "$out"; exit 1; }
echo "log file: %h %p expanded, lines prefixed host:pid:tid [dev], errors on stderr too"
