#!/usr/bin/env bash
# layers.sh SOURCE_DIR: fails when a source of a layer includes a file by a
# relative path (a layer reaches another only through its CMake target),
# when a lower layer includes a higher layer's header, or when a layer's
# target links one that is not below it.
set -u
cd "$1" || exit 1
rc=0
# The layers of libproact, lowest first (docs/design/architecture.md).
dirs=(support transport libomptarget-plugin runtime/core runtime/mech)
hits=$(grep -rnE '#include +"(\.\./)+' "${dirs[@]}" clang-ext tools include)
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
    found=$(grep -rlnE "#include \"([a-z_]+/)*$h\"" "${lower[@]}")
    if [ -n "$found" ]; then
      echo "$h (of ${higher[*]}) included from a lower layer: $found"; rc=1
    fi
  done
}
for ((i = 0; i < ${#dirs[@]} - 1; i++)); do
  check "${dirs[@]:0:i+1}" -- "${dirs[@]:i+1}"
done
# Each layer's target (its proact_layer) links only targets of the layers
# below it, so that it reaches no higher layer's include directory.
below=
for dir in "${dirs[@]}"; do
  target=$(grep -oE 'proact_layer\(proact_[a-z_]+' "$dir/CMakeLists.txt" |
    head -n 1 | cut -d'(' -f2)
  for t in $(grep -ohE "target_link_libraries\($target [^)]*\)" \
      "$dir/CMakeLists.txt" | grep -oE 'proact_[a-z_]+' | grep -vx "$target"); do
    case " $below " in
      *" $t "*) ;;
      *) echo "$dir/CMakeLists.txt: $target links $t, not a layer below it"
         rc=1 ;;
    esac
  done
  below="$below $target"
done
[ $rc -eq 0 ] && echo "layers: includes and targets run one way" \
  "(${dirs[*]}), none by a relative path"
exit $rc
