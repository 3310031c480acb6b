#!/usr/bin/env bash
# module_absent.sh LIBPROACT PROGRAM ARGS...: runs PROGRAM as 2 ranks with
# a copy of LIBPROACT that has no libproact-mpi.so beside it, and passes
# if the job stops within seconds with the error that names the missing
# module (expect_fault.sh), and the program alone still runs. Then with a
# libproact-mpi.so beside it that does not load: the error must give the
# loader's reason for that file.
set -u
lib=$1
shift
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
cp "$lib" "$tmp/$(basename "$lib")"
bash "$here/expect_fault.sh" 60 \
  "one of 2 ranks \(OMPI_COMM_WORLD_SIZE=2\) but libproact-mpi.so cannot be loaded" \
  -- -np 2 -x LD_LIBRARY_PATH="$tmp" "$@" || exit 1
# Alone, the same program needs no module.
if ! LD_LIBRARY_PATH="$tmp" "$@" >/dev/null; then
  echo "FAIL: the program does not run alone without the module"
  exit 1
fi
# Found beside libproact (preloaded from there, no search path naming it)
# but unloadable: the loader's reason for that file, not "not found".
mkdir "$tmp/b"
cp "$lib" "$tmp/b/$(basename "$lib")"
printf 'not a shared object\n' >"$tmp/b/libproact-mpi.so"
env -u LD_LIBRARY_PATH bash "$here/expect_fault.sh" 60 \
  "libproact-mpi.so cannot be loaded \($tmp/b/libproact-mpi.so: (invalid ELF header|file too short)" \
  -- -np 2 -x LD_PRELOAD="$tmp/b/$(basename "$lib")" "$@" || exit 1
echo "ok: the missing module is a clear error under mpirun, no matter alone"
