#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# spdx.sh SOURCE_DIR: fails when the licence file is missing or a source
# file of the library, the plugin, the tools, the scripts or the packaging
# lacks its SPDX line in its first two lines (README.md says every one has
# it).
set -u
cd "$1" || exit 1
rc=0
want='SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception'
grep -q "LLVM Exceptions to the Apache 2.0 License" LICENSE 2>/dev/null ||
  { echo "LICENSE: missing or not Apache-2.0 WITH LLVM-exception"; rc=1; }
n=0
while IFS= read -r f; do
  case $f in *.md | *.pyc | */__pycache__/*) continue ;; esac
  n=$((n + 1))
  head -n 2 "$f" | grep -qF "$want" || { echo "$f: no SPDX line"; rc=1; }
done < <(find support transport libomptarget-plugin runtime include clang-ext \
           tools scripts cmake .ci packaging CMakeLists.txt -type f)
[ $rc -eq 0 ] && echo "spdx: LICENSE and $n files name Apache-2.0 WITH LLVM-exception"
exit $rc
