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
# The layers of libproact, lowest first (docs/design/architecture.md). A
# layer's files are those under its directory but not under the directory
# of another layer nested in it (runtime/mech/ready is not runtime/mech).
layers=(support libomptarget-plugin runtime/core/base runtime/core/data
        runtime/core/plan runtime/core/loop runtime/mech/ready runtime/mech)
layer_files() { # layer_files DIR [find tests...]
  local dir=$1 prune=()
  shift
  for l in "${layers[@]}"; do
    case $l in "$dir"/*) prune+=(-path "$l" -prune -o) ;; esac
  done
  find "$dir" "${prune[@]}" -type f "$@" -print
}
# Header names of each layer; a lower layer must name none of a higher one's.
check() { # check LOWER HIGHER
  local lower_files
  lower_files=$(layer_files "$1")
  for h in $(layer_files "$2" -name '*.h' | xargs -n1 basename | sort -u); do
    found=$(grep -ln "#include \"$h\"" $lower_files)
    if [ -n "$found" ]; then
      echo "$h (of $2) included from a lower layer ($1): $found"; rc=1
    fi
  done
}
for ((i = 0; i < ${#layers[@]}; i++)); do
  for ((j = i + 1; j < ${#layers[@]}; j++)); do
    check "${layers[i]}" "${layers[j]}"
  done
done
[ $rc -eq 0 ] && echo "layers: includes run one way, none by a relative path"
exit $rc
