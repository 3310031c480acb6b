#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# gpu-sanitize.sh TOOL PROGRAM [ARGS...]: runs PROGRAM (a PROACT or OpenMP
# offload program) under compute-sanitizer --tool TOOL on the GPU machine,
# through scripts/gpu-run.sh. It puts the bundle's patched libomptarget
# first (scripts/gpu-bundle.sh says why): without it the sanitizer reports
# "CUDA initialized before the Sanitizer" and checks nothing.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool=$1
shift
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
[ -n "$san" ] || { echo "gpu-sanitize: no compute-sanitizer on this machine" >&2; exit 2; }
export LD_LIBRARY_PATH="${PROACT_GPU_BUNDLE:-$root/.gpu-bundle}/sanitize:$LD_LIBRARY_PATH"
# SANITIZE_ARGS: more options (e.g. --report-api-errors no: libomptarget
# 22 probes each kernel's parameters with cuFuncGetParamInfo until it fails,
# and memcheck reports each failed call as an error).
# shellcheck disable=SC2086
exec "$san" --tool "$tool" --print-limit 10 --error-exitcode 99 ${SANITIZE_ARGS:-} "$@"
