# Sourced by run.sh and kernel_time.sh.
# find_prog VAR NAME: the program VAR names, else NAME on PATH (gpu-run.sh
# puts the bundle's bin/ there), else nothing.
find_prog() {
  local v=${!1:-}
  if [ -n "$v" ]; then echo "$v"; return; fi
  command -v "$2" 2>/dev/null || true
}
