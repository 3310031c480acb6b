#!/usr/bin/env bash
# expect_error.sh REGEX PROGRAM ARGS...: passes if PROGRAM exits with status 1
# and its stderr matches REGEX (grep -E), i.e. it stopped with the expected
# clear error instead of crashing, hanging or printing a result.
set -u
regex=$1
shift
err=$("$@" 2>&1 >/dev/null)
rc=$?
echo "$err"
if [ $rc -ne 1 ]; then
  echo "FAIL: exit status $rc, expected 1"
  exit 1
fi
if ! grep -Eq -- "$regex" <<< "$err"; then
  echo "FAIL: stderr does not match: $regex"
  exit 1
fi
echo "ok: exit status 1 with the expected message"
