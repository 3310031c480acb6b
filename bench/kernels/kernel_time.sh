#!/usr/bin/env bash
# Kernel time against loop time, on one GPU: runs cuda_kernels, proact_kernels
# and proact_norm once plainly (each loop's wall time, as run.sh reports it)
# and once under Nsight Compute (each kernel's own duration,
# gpu__time_duration), then one table per kernel: the loop's GB/s from its
# wall time, the kernel's GB/s from its median duration, and the time the
# loop spends outside its kernel. It tells a kernel that is slower than its
# CUDA twin from a loop that pays for launching it.
# On the GPU machine, from the repository root:
#   bash scripts/gpu-run.sh bash bench/kernels/kernel_time.sh [options for the programs]
# Options (e.g. --reps 5) go to every program; programs are found as run.sh
# finds them. NCU names Nsight Compute (default: ncu on PATH). Logs and
# kernel_time.md go to $OUT if set.
set -uo pipefail
ncu=${NCU:-$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)}
[ -n "$ncu" ] && [ -x "$ncu" ] || { echo "kernel_time.sh: Nsight Compute (ncu) not found; set NCU" >&2; exit 1; }
# shellcheck source=bench/kernels/find_prog.sh
. "$(dirname "$0")/find_prog.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
progs=()
for p in CUDA_KERNELS:cuda_kernels PROACT_KERNELS:proact_kernels PROACT_NORM:proact_norm; do
  bin=$(find_prog "${p%%:*}" "${p#*:}")
  [ -n "$bin" ] || { echo "kernel_time.sh: ${p#*:} not found, skipped" >&2; continue; }
  name=${p#*:}
  progs+=("$name")
  PROACT_DEVICES=0 "$bin" "$@" >"$tmp/$name.log" 2>&1 ||
    { echo "kernel_time.sh: $name failed:" >&2; tail -n 5 "$tmp/$name.log" >&2; rc=1; }
  # --cache-control all (the default) flushes the caches before each kernel,
  # as a loop over arrays several times the L2 finds them anyway.
  PROACT_DEVICES=0 "$ncu" --clock-control none --metrics gpu__time_duration.sum \
    --csv --page raw --print-units base --log-file "$tmp/$name.csv" \
    "$bin" "$@" >"$tmp/$name-ncu.log" 2>&1 ||
    { echo "kernel_time.sh: $name under ncu failed:" >&2; tail -n 5 "$tmp/$name-ncu.log" >&2; rc=1; }
done
[ -z "${OUT:-}" ] || cp "$tmp"/*.log "$tmp"/*.csv "$OUT"/ 2>/dev/null

python3 - "$tmp" "${progs[@]}" <<'PY' | tee "$tmp/kernel_time.md"
import csv, re, statistics as st, sys, os
tmp, progs = sys.argv[1], sys.argv[2:]
# Each program's report lines: name size median_ms GB/s first_ms last_ms PASS.
# The kernels each loop launches, in launch order: the CUDA twins by their
# names, PROACT's loops in the order the programs run them (one kernel per
# loop on one device under memcpy).
order = {"proact_kernels": ["copy", "scale", "clamp", "triad", "jacobi2d", "stencil3d"],
         "proact_norm": ["jacobi2d-norm"]}
cuda_names = {"k_copy": "copy", "k_scale": "scale", "k_clamp": "clamp", "k_triad": "triad",
              "k_jacobi": "jacobi2d-32x8", "k_jacobi_walk": "jacobi2d",
              "k_jacobi_walk_norm": "jacobi2d-norm", "k_stencil": "stencil3d"}
def report(prog):
    out = {}
    for line in open(os.path.join(tmp, prog + ".log")):
        f = line.split()
        if len(f) == 7 and f[6] in ("PASS", "FAIL"):
            try: out[f[0]] = (float(f[2]) * 1e-3, float(f[3]) * 1e9 * float(f[2]) * 1e-3)
            except ValueError: pass
    return out
def kernels(prog):
    durs, first = {}, []
    path = os.path.join(tmp, prog + ".csv")
    if not os.path.exists(path): return {}, []
    lines = [l for l in open(path) if l.startswith('"')]
    for row in csv.DictReader(lines):
        name, v = row.get("Kernel Name", ""), row.get("gpu__time_duration.sum", "")
        try: d = float(v.replace(",", "")) * 1e-9  # ncu writes 511,328
        except ValueError: continue
        if name not in durs: durs[name] = []; first.append(name)
        durs[name].append(d)
    return durs, first
wall, kern = {}, {}
for prog in progs:
    rep = report(prog)
    durs, first = kernels(prog)
    side = "cuda" if prog == "cuda_kernels" else "proact"
    for k, (t, b) in rep.items():
        # cuda_kernels' "jacobi2d" is its 32 x 8 block sweep; PROACT's
        # sweep is compared with its column walk, as run.sh does.
        if side == "cuda": k = {"jacobi2d": "jacobi2d-32x8", "jacobi2d-walk": "jacobi2d"}.get(k, k)
        wall[(side, k)] = (t, b)
    if side == "cuda":
        for name in first:
            base = re.sub(r"[<(].*", "", name).split()[-1].split("::")[-1]
            if base in cuda_names: kern[("cuda", cuda_names[base])] = st.median(durs[name])
    else:
        # Kernels of PROACT's own (none under memcpy on one device) would
        # shift the order: only the __omp_offloading_ kernels count.
        ks = [n for n in first if "__omp_offloading_" in n]
        for loop, name in zip(order.get(prog, []), ks):
            kern[("proact", loop)] = st.median(durs[name])
loops = ["copy", "scale", "clamp", "triad", "jacobi2d", "jacobi2d-norm", "stencil3d"]
print("| kernel | PROACT loop GB/s | PROACT kernel GB/s | PROACT us outside the kernel | CUDA timed GB/s | CUDA kernel GB/s | loop/CUDA timed | kernel/CUDA kernel |")
print("|---|---|---|---|---|---|---|---|")
def g(b, t): return b / t / 1e9 if t else None
def f(x, fmt="{:.1f}"): return fmt.format(x) if x is not None else "n/a"
for k in loops:
    pw, cw = wall.get(("proact", k)), wall.get(("cuda", k))
    pk, ck = kern.get(("proact", k)), kern.get(("cuda", k))
    b = (pw or cw or (None, None))[1]
    lg = g(b, pw[0]) if pw else None
    kg = g(b, pk) if pk and b else None
    cg = g(b, cw[0]) if cw else None
    ckg = g(b, ck) if ck and b else None
    outside = (pw[0] - pk) * 1e6 if pw and pk else None
    print(f"| {k} | {f(lg)} | {f(kg)} | {f(outside)} | {f(cg)} | {f(ckg)} | "
          f"{f(lg / cg if lg and cg else None, '{:.3f}')} | {f(kg / ckg if kg and ckg else None, '{:.3f}')} |")
print("\nloop: the program's own timing (PROACT: omp_get_wtime around the loop; CUDA: events around "
      "the launch, jacobi2d-norm with its memset and copy); kernel: median gpu__time_duration under "
      "ncu (--clock-control none, caches flushed); the same bytes for both (each input read once, each output written once)")
PY
[ -z "${OUT:-}" ] || cp "$tmp/kernel_time.md" "$OUT"/
exit $rc
