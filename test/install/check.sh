#!/usr/bin/env bash
# check.sh BUILD_DIR SOURCE_DIR CC: installs the build into an empty prefix
# and builds programs against it as a user would: examples/ and test/install/
# app/ with find_package(PROACT), the same program with proactcc and with
# pkg-config, each with its sequential reference. Every program must start
# without LD_LIBRARY_PATH and match its sequential build bit for bit on 1-4
# host devices.
set -euo pipefail
build=$1 src=$2 cc=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
unset LD_LIBRARY_PATH
fail() { echo "FAIL: $*"; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install"; }
for f in bin/proactcc bin/proact-tune bin/proact-info lib/libproact.so lib/proact-clang.so \
         include/proact.h include/proact/status.h \
         include/proact/detail/codegen.h lib/cmake/PROACT/PROACTConfig.cmake \
         lib/cmake/PROACT/PROACTConfigVersion.cmake lib/pkgconfig/proact.pc \
         bin/proact-trace-plot bin/proact-trace-merge share/doc/proact/getting-started.md \
         share/doc/proact/user/building.md share/doc/proact/user/install.md; do
  [ -e "$prefix/$f" ] || fail "the prefix lacks $f"
done
echo "ok: installed into an empty prefix"
for tool in proact-trace-plot proact-trace-merge; do
  [ -x "$prefix/bin/$tool" ] || fail "$tool is not executable"
done
# The installed library names the commit and build the build tree does.
if [ -x "$build/bin/proact-info" ]; then
  want=$("$build/bin/proact-info" | sed -n '1,4p')
  got=$("$prefix/bin/proact-info" | sed -n '1,4p')
  [ "$got" = "$want" ] || fail "installed proact-info says '$got', the build '$want'"
  grep -q '^commit: ' <<<"$got" || fail "installed proact-info names no commit: $got"
  echo "ok: installed proact-info names $(sed -n 3p <<<"$got")"
fi
for tool in proact-tune proact-info; do
  [ -x "$prefix/bin/$tool" ] || continue
  if "$prefix/bin/$tool" --help 2>&1 | grep -q 'error while loading shared'; then
    fail "$tool does not start without LD_LIBRARY_PATH"
  fi
done

# <proact.h> alone is the user API: a C++ and a plain C compile without
# the plugin see no generated-code contract.
printf '#include <proact.h>\n#ifdef PROACT_LOWERING_ABI\n#error contract leaked\n#endif\nint main(void){return proact_mech_name(PROACT_MECH_POLL)[0]!=112;}\n' \
  >"$work/api.c"
"$cc" -Wall -Wextra -Werror -I"$prefix/include" "$work/api.c" -o "$work/api" \
  -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" -lproact || fail "<proact.h> without the plugin"
gcc -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" "$work/api.c" ||
  fail "<proact.h> with gcc"
echo "ok: <proact.h> compiles without the plugin"

cmp_runs() { # cmp_runs PROGRAM SEQUENTIAL ARGS...
  local prog=$1 seq=$2 want got devs
  shift 2
  want=$("$seq" "$@") || fail "$seq $*"
  for devs in 0 0,1 0,1,2 0,1,2,3; do
    got=$(PROACT_DEVICES=$devs "$prog" "$@") || fail "PROACT_DEVICES=$devs $prog $*"
    [ "$got" = "$want" ] || fail "PROACT_DEVICES=$devs $(basename "$prog"): '$got' != '$want'"
  done
  echo "ok: $(basename "$prog") bit-identical to its sequential build on 1-4 devices"
}

# find_package(PROACT), the user's project.
cmake -S "$src/test/install/app" -B "$work/app" -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/app.log" 2>&1 &&
  cmake --build "$work/app" >>"$work/app.log" 2>&1 ||
  { tail -30 "$work/app.log"; fail "find_package build of test/install/app"; }
cmp_runs "$work/app/heat" "$work/app/heat_seq" 30011 12
# The OpenMP program in spread mode (PROACT_OPENMP), against its plain
# OpenMP build on one device.
cmp_runs "$work/app/omp_heat" "$work/app/omp_heat_omp" 30011 12

# A wrong compiler: find_package names the clang needed, in one sentence.
if command -v gcc >/dev/null 2>&1; then
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(app C)\nfind_package(PROACT REQUIRED)\n' \
    >"$work/CMakeLists.txt"
  out=$(cmake -S "$work" -B "$work/gcc" -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_PREFIX_PATH="$prefix" 2>&1) && fail "find_package accepted gcc"
  grep -q "needs clang .* as the C compiler (found GNU" <<<"$out" ||
    fail "no compiler message from find_package: $out"
  grep -q " ;" <<<"$(sed -n '/Reason given/,/^-- Configuring incomplete/p' <<<"$out")" &&
    fail "stray ';' in find_package's message: $out"
  echo "ok: find_package with gcc names the clang it needs"
fi

# examples/ on its own against the prefix.
cmake -S "$src/examples" -B "$work/examples" -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/ex.log" 2>&1 &&
  cmake --build "$work/examples" >>"$work/ex.log" 2>&1 ||
  { tail -30 "$work/ex.log"; fail "find_package build of examples/"; }
out=$(PROACT_DEVICES=0,1,2,3 "$work/examples/jacobi2d" 130 10) ||
  fail "examples/jacobi2d"
grep -q 'bit-identical' <<<"$out" || fail "examples/jacobi2d: $out"
echo "ok: examples/ built with find_package, jacobi2d bit-identical"

# proactcc.
pcc=$prefix/bin/proactcc
"$pcc" --help | grep -q -- '--showme' || fail "proactcc --help"
"$pcc" --version | grep -q PROACT || fail "proactcc --version"
"$pcc" --showme:compile | grep -q -- "-fplugin=$prefix/lib/proact-clang.so" ||
  fail "proactcc --showme:compile"
"$pcc" --showme:link | grep -q -- '-lproact' || fail "proactcc --showme:link"
if "$pcc" --offload=fpga -c "$work/api.c" -o "$work/x.o" 2>/dev/null; then
  fail "proactcc accepted --offload=fpga"
fi
# A PROACT_CC of another clang than the plugin's is refused by name.
printf '#!/bin/sh\necho 15.0.7\n' > "$work/clang-other"
chmod +x "$work/clang-other"
if PROACT_CC="$work/clang-other" "$pcc" -c "$work/api.c" -o "$work/x.o" 2>"$work/cc.err"; then
  fail "proactcc took a PROACT_CC of another clang"
fi
grep -q "is clang 15.0.7, but this PROACT was built for clang" "$work/cc.err" ||
  fail "proactcc PROACT_CC check: $(cat "$work/cc.err")"
# -Werror: proactcc's own flags must not warn, in any of its modes.
(cd "$work" && "$pcc" -Werror -O2 "$src/test/install/app/heat.c" -o heat_cc &&
  "$pcc" --sequential -Werror -O2 "$src/test/install/app/heat.c" -o heat_cc_seq &&
  "$pcc" -Werror -O2 -c "$src/test/install/app/heat.c" -o heat_cc.o &&
  "$pcc" -Werror heat_cc.o -o heat_cc2) || fail "proactcc builds"
cmp_runs "$work/heat_cc" "$work/heat_cc_seq" 30011 12
# The lowered C of clang -E, compiled again: as C (proactcc adds -x c), so
# that it keeps its device code.
(cd "$work" && "$pcc" -E "$src/test/install/app/heat.c" -o heat.i &&
  "$pcc" -Werror -O2 heat.i -o heat_i) || fail "proactcc -E, then the .i"
cmp_runs "$work/heat_i" "$work/heat_cc_seq" 1001 3
err=$(PROACT_DEVICES=0,1 "$work/heat_i" 1001 3 2>&1 >/dev/null)
[ -z "$err" ] || fail "heat_i: $err"
"$pcc" -O2 "$src/examples/jacobi2d.c" -o "$work/jacobi2d_cc" ||
  fail "proactcc examples/jacobi2d.c"
out=$(PROACT_DEVICES=0,1 "$work/jacobi2d_cc" 66 5) || fail "jacobi2d_cc"
grep -q 'bit-identical' <<<"$out" || fail "jacobi2d_cc: $out"
echo "ok: examples/jacobi2d.c built with proactcc, bit-identical"
cmp_runs "$work/heat_cc2" "$work/heat_cc_seq" 1001 3
"$pcc" --openmp=spread -Werror -O2 "$src/test/install/app/omp_heat.c" -o "$work/omp_heat_cc" ||
  fail "proactcc --openmp=spread"
cmp_runs "$work/omp_heat_cc" "$work/app/omp_heat_omp" 1001 5
if "$pcc" --openmp=spreads -c "$src/test/install/app/omp_heat.c" -o "$work/x.o" 2>"$work/openmp.err"; then
  fail "proactcc --openmp=spreads was taken"
fi
grep -q "must be spread or off" "$work/openmp.err" || fail "proactcc --openmp=spreads: $(cat "$work/openmp.err")"
# A static library of PROACT loops, main compiled without PROACT: without
# --whole-archive the program has no device code and says so (it used to
# crash), with it the loops run on the devices.
cat > "$work/slib.c" <<'EOS'
#include <proact.h>
void scale(long n, double *a) {
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = 2.0 * a[i] + 1.0;
}
EOS
cat > "$work/smain.c" <<'EOS'
#include <stdio.h>
void scale(long n, double *a);
int main(void) {
  double a[100];
  for (int i = 0; i < 100; i++) a[i] = i;
  scale(100, a);
  printf("%g %g\n", a[0], a[99]);
  return 0;
}
EOS
(cd "$work" && "$pcc" -c slib.c -o slib.o && ar rcs libslib.a slib.o &&
  "$cc" -c smain.c -o smain.o && "$pcc" smain.o -L. -lslib -o sapp &&
  "$pcc" smain.o -Wl,--whole-archive -L. -lslib -Wl,--no-whole-archive \
    -o sapp_whole) || fail "static library builds"
out=$(PROACT_DEVICES=0,1 "$work/sapp" 2>&1) || fail "static library: $out"
grep -q "^1 199$" <<<"$out" && grep -q "registered no device code" <<<"$out" ||
  fail "static library without --whole-archive: $out"
out=$(PROACT_DEVICES=0,1 PROACT_STATS=1 "$work/sapp_whole" 2>&1) ||
  fail "static library, whole: $out"
grep -q "^1 199$" <<<"$out" && ! grep -q "no device code" <<<"$out" ||
  fail "static library with --whole-archive: $out"
echo "ok: a static library of PROACT loops, with and without --whole-archive"
"$pcc" --showme:incdirs | grep -qx "$prefix/include" || fail "proactcc --showme:incdirs"
"$pcc" --showme:libdirs | grep -q "^$prefix/lib " || fail "proactcc --showme:libdirs"

# A prefix with a space in its name (a copy: proactcc finds the rest beside
# itself, programs find libproact by their run path).
spaced="$work/a prefix"
cp -a "$prefix" "$spaced"
"$spaced/bin/proactcc" -O2 "$src/test/install/app/heat.c" -o "$work/heat_sp" ||
  fail "proactcc in a prefix with a space"
[ "$("$work/heat_sp" 1001 3)" = "$("$work/heat_cc_seq" 1001 3)" ] ||
  fail "heat built in a prefix with a space differs"
"$spaced/bin/proactcc" --showme:incdirs | grep -qx "'$spaced/include'" ||
  fail "proactcc --showme:incdirs does not quote a space"
echo "ok: proactcc in a prefix with a space"

# Open MPI's wrapper around proactcc (docs/user/cluster.md).
if command -v mpicc >/dev/null 2>&1 && mpicc --showme:version 2>/dev/null | grep -q "Open MPI"; then
  OMPI_CC=$pcc mpicc -O2 "$src/test/install/app/heat.c" -o "$work/heat_mpi" ||
    fail "OMPI_CC=proactcc mpicc"
  [ "$("$work/heat_mpi" 1001 3)" = "$("$work/heat_cc_seq" 1001 3)" ] ||
    fail "heat built by OMPI_CC=proactcc mpicc differs"
  echo "ok: OMPI_CC=proactcc mpicc"
fi

# pkg-config.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
"$cc" -O2 $(pkg-config --cflags proact) "$src/test/install/app/heat.c" \
  -o "$work/heat_pc" $(pkg-config --libs proact) || fail "pkg-config build"
cmp_runs "$work/heat_pc" "$work/heat_cc_seq" 30011 12
# The two steps building.md shows, warning-free.
# shellcheck disable=SC2046
("$cc" -Werror -O2 $(pkg-config --cflags proact) -c "$src/test/install/app/heat.c" \
  -o "$work/heat_pc.o" && "$cc" -Werror "$work/heat_pc.o" -o "$work/heat_pc2" \
  $(pkg-config --libs proact)) || fail "pkg-config build in two steps"
cmp_runs "$work/heat_pc2" "$work/heat_cc_seq" 1001 3
echo "installed-prefix checks passed"
