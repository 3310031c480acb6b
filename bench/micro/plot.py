#!/usr/bin/env python3
"""plot.py LOG PNG: the Fig. 6 analog from a bench/micro/run.sh log:
speedup over bulk memcpy (median of the runs) per mechanism and chunk
size, with the infinite-bandwidth bound. Needs python3-matplotlib."""
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def size(text):
    mult = {"K": 1 << 10, "M": 1 << 20}
    return int(text[:-1]) * mult[text[-1]] if text[-1] in mult else int(text)


def main(log, png):
    runs = defaultdict(list)
    for line in open(log):
        f = line.split()
        if len(f) >= 5 and f[0] == "rep":
            runs[(f[2], f[3])].append(float(f[4]))
    med = {k: statistics.median(v) for k, v in runs.items()}
    base = med[("memcpy", "-")]
    bound = base / med[("elide", "-")]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for mech in ("inline", "poll", "trigger", "dma"):
        pts = sorted((size(c), base / t) for (m, c), t in med.items()
                     if m == mech)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                label=mech)
    ax.axhline(1.0, color="gray", lw=1, ls="--", label="bulk memcpy")
    ax.axhline(bound, color="black", lw=1, ls=":",
               label="infinite bandwidth (%.2fx)" % bound)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("chunk size (bytes)")
    ax.set_ylabel("speedup over bulk memcpy")
    ax.set_ylim(0, max(2.0, bound * 1.1))
    ax.set_title("256 MB produced on GPU 0, read on GPU 1 (2 x H200)")
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plot.py LOG PNG")
    main(sys.argv[1], sys.argv[2])
