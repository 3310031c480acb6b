#!/usr/bin/env python3
"""plot_run.py LOG [PREFIX]: PNGs from a bench/run log, as bench/run's
tables define them:
  PREFIX-speedup.png   speedup of each variant over the single-GPU version
                       (Fig. 7 analog)
  PREFIX-exposed.png   exposed transfer per iteration: the variant's median
                       minus the elided bound's (Fig. 9 analog), for the
                       baselines (memcpy, um) and the proactive variants
  PREFIX-kernel.png    the kernels' total time against memcpy's: readiness
                       instrumentation and in-kernel pushes (Fig. 8 analog)
  PREFIX-opportunity.png  share of the infinite-bandwidth opportunity
                       (memcpy - elide) the best proactive variant captures
PREFIX defaults to LOG without .md.log. Needs python3-matplotlib."""
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def bars(apps, series, ylabel, title, png, hline=None):
    """One group of bars per application, one bar per series entry."""
    names = list(series)
    width = 0.8 / max(1, len(names))
    fig, ax = plt.subplots(figsize=(10, 4.2))
    for j, name in enumerate(names):
        ax.bar([i + j * width for i in range(len(apps))],
               [series[name].get(a, 0) for a in apps], width, label=name)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(apps))])
    ax.set_xticklabels(apps)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if hline is not None:
        ax.axhline(hline, color="gray", lw=1, ls="--")
    if len(names) > 1:
        ax.legend(fontsize=8, ncol=4)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)


def main(log, prefix):
    t = defaultdict(list)
    kern = defaultdict(list)
    apps, variants, title = [], [], ""
    for line in open(log):
        f = line.split()
        if line.startswith("# bench/run"):
            title = " ".join(x for x in f[3:6])
        if len(f) < 8 or f[0] != "run" or f[4] == "FAILED":
            continue
        app, var = f[1], f[2]
        if app not in apps:
            apps.append(app)
        if var not in variants:
            variants.append(var)
        t[(app, var)].append(float(f[4]))
        kern[(app, var)].append(float(f[6]))
    med = {k: statistics.median(v) for k, v in t.items()}
    kmed = {k: statistics.mean(v) for k, v in kern.items()}
    proactive = [v for v in variants
                 if v in ("inline", "poll", "trigger", "dma", "tuned")]
    baselines = [v for v in variants if v in ("memcpy", "um")]
    speed = {v: {a: med[(a, "1gpu")] / med[(a, v)] for a in apps
                 if (a, v) in med and (a, "1gpu") in med} for v in variants}
    bars(apps, speed, "speedup over 1 GPU", title, prefix + "-speedup.png",
         1.0)
    exposed = {v: {a: med[(a, v)] - med[(a, "elide")] for a in apps
                   if (a, v) in med and (a, "elide") in med}
               for v in baselines + proactive}
    bars(apps, exposed, "exposed transfer (ms per iteration)", title,
         prefix + "-exposed.png", 0.0)
    over = {v: {a: 100 * (kmed[(a, v)] / kmed[(a, "memcpy")] - 1)
                for a in apps if (a, v) in kmed and (a, "memcpy") in kmed
                and kmed[(a, "memcpy")] > 0} for v in proactive}
    bars(apps, over, "kernel time vs memcpy (%)", title,
         prefix + "-kernel.png", 0.0)
    opp = {}
    for a in apps:
        mc, el = med.get((a, "memcpy")), med.get((a, "elide"))
        best = min((med[(a, v)] for v in proactive if (a, v) in med),
                   default=None)
        if mc and el and best and mc > el:
            opp[a] = 100 * (mc - best) / (mc - el)
    bars(apps, {"best proactive": opp},
         "opportunity captured (%)", title, prefix + "-opportunity.png", 0.0)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: plot_run.py LOG [PREFIX]")
    log = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) == 3 else (
        log[:-len(".md.log")] if log.endswith(".md.log") else log)
    main(log, prefix)
