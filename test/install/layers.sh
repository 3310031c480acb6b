#!/usr/bin/env bash
# layers.sh SOURCE_DIR: fails when a source of a layer includes a file by a
# relative path (a layer reaches another only through its CMake target),
# when a lower layer includes a higher layer's header, or when a layer's
# target links one that is not below it; for libproact's layers and for the
# plugin's sub-layers.
set -u
cd "$1" || exit 1
rc=0
# The layers of libproact, lowest first (docs/design/architecture.md). A
# layer's files are those under its directory but not under the directory
# of another layer nested in it (runtime/mech/ready is not runtime/mech).
layers=(support transport libomptarget-plugin runtime/core/base
        runtime/core/data runtime/core/plan runtime/core/loop
        runtime/mech/ready runtime/mech)
hits=$(grep -rnE '#include +"(\.\./)+' support transport libomptarget-plugin \
  runtime clang-ext tools include)
if [ -n "$hits" ]; then
  echo "relative includes across directories:"; echo "$hits"; rc=1
fi
layer_files() { # layer_files DIR [find tests...]
  local dir=$1 prune=()
  shift
  for l in "${layers[@]}"; do
    case $l in "$dir"/*) prune+=(-path "$l" -prune -o) ;; esac
  done
  find "$dir" "${prune[@]}" -type f "$@" -print
}
# Header names of each layer; a lower layer must name none of a higher
# one's, also through a subfolder path (nccl/transport_nccl.h).
check() { # check LOWER HIGHER
  local lower_files
  lower_files=$(layer_files "$1")
  for h in $(layer_files "$2" -name '*.h' | xargs -n1 basename | sort -u); do
    # shellcheck disable=SC2086 # a list of file names without blanks
    found=$(grep -lE "#include \"([a-z_]+/)*$h\"" $lower_files)
    if [ -n "$found" ]; then
      echo "$h (of $2) included from a lower layer ($1): $found"; rc=1
    fi
  done
}
# stack FUNCTION DIRS...: the checks over one stack of layers, lowest
# first, whose CMakeLists.txt declare their targets with FUNCTION.
stack() {
  local fn=$1
  shift
  layers=("$@")
  for ((i = 0; i < ${#layers[@]}; i++)); do
    for ((j = i + 1; j < ${#layers[@]}; j++)); do
      check "${layers[i]}" "${layers[j]}"
    done
  done
  # Each layer's target links only targets of the layers below it, so that
  # it reaches no higher layer's include directory.
  local below= dir target t
  for dir in "${layers[@]}"; do
    target=$(grep -oE "$fn\(proact_[a-z_]+" "$dir/CMakeLists.txt" |
      head -n 1 | cut -d'(' -f2)
    [ -n "$target" ] || { echo "$dir/CMakeLists.txt: no $fn"; rc=1; continue; }
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
}
stack proact_layer "${layers[@]}"
core=("${layers[@]}")
# The plugin's sub-layers (clang-ext/CMakeLists.txt).
stack proact_plugin_layer clang-ext/base clang-ext/syntax clang-ext/analysis \
  clang-ext/lowering clang-ext/spread
[ $rc -eq 0 ] && echo "layers: includes and targets run one way" \
  "(${core[*]}; ${layers[*]}), none by a relative path"
exit $rc
