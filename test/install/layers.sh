#!/usr/bin/env bash
# layers.sh SOURCE_DIR: fails when a source of a layer includes a file by a
# relative path (a layer reaches another only through its CMake target), or
# when a lower layer includes a higher layer's header.
set -u
cd "$1" || exit 1
rc=0
hits=$(grep -rnE '#include +"(\.\./)+' support libomptarget-plugin runtime clang-ext tools include)
if [ -n "$hits" ]; then
  echo "relative includes across directories:"; echo "$hits"; rc=1
fi
# Header names of each layer; a lower layer must name none of a higher one's.
layer_headers() { find "$@" -name '*.h' -printf '%f\n' | sort -u; }
check() { # check LOWER_DIRS... -- HIGHER_DIRS...
  local lower=() higher=()
  while [ "$1" != "--" ]; do lower+=("$1"); shift; done
  shift; higher=("$@")
  for h in $(layer_headers "${higher[@]}"); do
    found=$(grep -rln "#include \"$h\"" "${lower[@]}")
    if [ -n "$found" ]; then
      echo "$h (of ${higher[*]}) included from a lower layer: $found"; rc=1
    fi
  done
}
check support -- libomptarget-plugin runtime/core runtime/mech
check libomptarget-plugin -- runtime/core runtime/mech
check runtime/core -- runtime/mech
[ $rc -eq 0 ] && echo "layers: includes run one way, none by a relative path"
exit $rc
