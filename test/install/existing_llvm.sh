#!/usr/bin/env bash
# existing_llvm.sh SOURCE_DIR LLVM OPENMP_ROOT: the route of
# docs/user/install.md for a user without root whose LLVM is already there:
# scripts/setup.sh finds and checks it without apt (--no-install, and a
# PATH without apt-get and dpkg as on RHEL), names what a broken LLVM lacks
# instead of asking for root, CMake configures from -DLLVM_DIR alone, and
# build.sh takes an LLVM root outside /usr/lib. Run as nobody when started
# as root. Configures only; the suite builds the rest.
set -uo pipefail
src=$1 llvm=$2 omp=$3
setup="$src/scripts/setup.sh"
work=$(mktemp -d)
chmod 755 "$work" && mkdir -m 777 "$work/home"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
as_user=()
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi
# A source tree or a private OpenMP root under root's home is out of
# nobody's reach: then the checks run as root, with apt still kept out.
if [ ${#as_user[@]} -gt 0 ] && ! { "${as_user[@]}" test -r "$omp/lib/libomptarget.so" &&
     "${as_user[@]}" test -r "$src/scripts/setup.sh"; }; then
  as_user=()
fi
run() {
  "${as_user[@]}" env HOME="$work/home" PROACT_LLVM="$llvm" PROACT_OPENMP_ROOT="$omp" "$@"
}

root=$(run bash "$setup" --print-llvm-root "$llvm")
[ -n "$root" ] || { echo "skip: no LLVM $llvm installed here"; exit 0; }
out=$(run bash "$setup" --no-install 2>&1) || fail "setup --no-install: $out"
[ -z "$out" ] || fail "setup --no-install printed: $out"
echo "ok: setup --no-install finds LLVM $llvm at $root ${as_user:+as nobody}"

# A system without apt: only the commands setup uses, no apt-get, no dpkg.
mkdir -p "$work/bin"
for c in bash sh env cat sed grep awk sort tr head readlink dirname mktemp rm \
         mkdir ls cut sha256sum python3 cmake make id "clang-$llvm" \
         "llvm-config-$llvm"; do
  p=$(run bash -c "command -v $c") && ln -s "$p" "$work/bin/$c"
done
out=$(run env PATH="$work/bin" bash "$setup" 2>&1) ||
  fail "setup without apt-get: $out"
echo "ok: without apt-get, setup uses the LLVM it finds and installs nothing"

# A broken LLVM: the message names the missing files, not root.
fake=$work/llvm-broken
mkdir -p "$fake/bin" "$fake/lib/cmake/llvm"
ln -s "$root/bin/clang" "$fake/bin/clang"
echo "set(LLVM_VERSION_MAJOR $llvm)" >"$fake/lib/cmake/llvm/LLVMConfig.cmake"
out=$(run env PATH="$work/bin" PROACT_LLVM_ROOT="$fake" PROACT_OPENMP_ROOT="$fake" bash "$setup" 2>&1) &&
  fail "accepted an LLVM without libomptarget"
grep -q "$fake/lib/libomptarget.so" <<<"$out" || fail "no missing-file message: $out"
grep -qi "root\b\|sudo" <<<"$out" && fail "blames root: $out"
out=$(run env PATH="$work/bin" PROACT_LLVM_ROOT="$work/none" bash "$setup" 2>&1) &&
  fail "accepted a missing LLVM"
grep -q "no apt-get" <<<"$out" || fail "does not say there is no apt-get: $out"
echo "ok: a broken or missing LLVM is named, with the files it lacks"

# CMake from LLVM_DIR alone (its bin/clang, its OpenMP runtime), as nobody.
out=$(run cmake -S "$src" -B "$work/home/build" -DLLVM_DIR="$root/lib/cmake/llvm" \
  -DPROACT_OPENMP_ROOT="$omp" -DPROACT_BUILD_TESTS=OFF \
  -DPROACT_BUILD_EXAMPLES=OFF -DPROACT_BUILD_BENCH=OFF 2>&1) ||
  fail "cmake -DLLVM_DIR=$root/lib/cmake/llvm: $out"
grep -q "^LLVM_ROOT:PATH=$root$" "$work/home/build/CMakeCache.txt" ||
  fail "LLVM_ROOT is not $root: $(grep ^LLVM_ROOT "$work/home/build/CMakeCache.txt")"
grep -q "^PROACT_LLVM:STRING=$llvm$" "$work/home/build/CMakeCache.txt" || fail "PROACT_LLVM is not $llvm"
echo "ok: cmake -DLLVM_DIR=$root/lib/cmake/llvm configures ${as_user:+as nobody}"

# An OpenMP runtime laid out per target (LLVM_ENABLE_PER_TARGET_RUNTIME_DIR
# =ON, the default of LLVM's own builds): libomptarget in lib/<triple>/.
pt=$work/home/omp-per-target
triple="$(uname -m)-unknown-linux-gnu"
mkdir -p "$pt/lib/$triple" "$pt/lib/clang"
ln -s "$omp/lib/clang/$llvm" "$pt/lib/clang/$llvm"
for f in "$omp"/lib/libomp*.so*; do ln -s "$f" "$pt/lib/$triple/"; done
[ ! -e "$pt/lib/libomptarget.so" ] || fail "the per-target layout has lib/libomptarget.so"
out=$(run env PROACT_OPENMP_ROOT="$pt" bash "$setup" --no-install 2>&1) ||
  fail "setup with a per-target OpenMP runtime: $out"
[ -z "$out" ] || fail "setup with a per-target OpenMP runtime printed: $out"
out=$(run cmake -S "$src" -B "$work/home/build-pt" -DLLVM_DIR="$root/lib/cmake/llvm" \
  -DPROACT_OPENMP_ROOT="$pt" -DPROACT_BUILD_TESTS=OFF \
  -DPROACT_BUILD_EXAMPLES=OFF -DPROACT_BUILD_BENCH=OFF 2>&1) ||
  fail "cmake with a per-target OpenMP runtime: $out"
grep -q "OpenMP runtime in $pt/lib/$triple" <<<"$out" ||
  fail "cmake did not find the runtime in lib/$triple: $out"
echo "ok: an OpenMP runtime in lib/$triple/ (per-target layout) is found"

# scripts/build.sh with an LLVM outside /usr/lib (here a link to it, as a
# module's or Spack's would be): setup steps aside silently, build.sh
# configures with its bin/clang (the help target: configure, no build).
ln -s "$root" "$work/home/llvm"
out=$(run env PROACT_LLVM_ROOT="$work/home/llvm" bash "$setup" 2>&1) ||
  fail "setup with PROACT_LLVM_ROOT: $out"
[ -z "$out" ] || fail "setup with PROACT_LLVM_ROOT printed: $out"
out=$(run env PROACT_LLVM_ROOT="$work/home/llvm" PROACT_BUILD_TARGETS=help \
  PROACT_CMAKE_ARGS="-DPROACT_BUILD_TESTS=OFF -DPROACT_BUILD_BENCH=OFF -DPROACT_BUILD_EXAMPLES=OFF" \
  bash "$src/scripts/build.sh" host "$work/home/b" 2>&1) || fail "build.sh: $out"
grep -q "^CMAKE_C_COMPILER:[A-Z]*=$work/home/llvm/bin/clang$" "$work/home/b/CMakeCache.txt" ||
  fail "build.sh did not use $work/home/llvm/bin/clang"
echo "ok: setup.sh and build.sh with PROACT_LLVM_ROOT outside /usr/lib ${as_user:+as nobody}"
