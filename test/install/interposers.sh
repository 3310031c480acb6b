#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# interposers.sh LIBPROACT: libproact's free() and realloc() (free_watch.c)
# must not call __tls_get_addr. The dynamic loader calls free() from inside
# __tls_get_addr (a dlclose'd module's block, on some glibc versions), and
# a general-dynamic TLS access there recursed until the stack overflowed
# (every multi-rank GPU job, whose MPI and CUDA libraries load and unload
# such modules).
set -euo pipefail
lib=$1
command -v objdump >/dev/null || { echo "SKIP: no objdump"; exit 77; }
dis=$(objdump -d --no-show-raw-insn "$lib")
fail=0 seen=0
for fn in free realloc free_watch_check; do
  body=$(awk -v f="<$fn>:" '$2 == f {on = 1; next} on && /^$/ {exit} on' <<< "$dis")
  [ -n "$body" ] || continue
  seen=$((seen + 1))
  if grep -q "__tls_get_addr" <<< "$body"; then
    echo "FAIL: $fn calls __tls_get_addr:"
    grep "__tls_get_addr" <<< "$body"
    fail=1
  fi
done
[ $seen -ge 2 ] || { echo "FAIL: free and realloc not found in $lib"; exit 1; }
[ $fail -eq 0 ] && echo "ok: $seen interposers, no __tls_get_addr"
exit $fail
