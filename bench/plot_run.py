#!/usr/bin/env python3
"""plot_run.py LOG [PREFIX]: PNGs from a bench/run log: PREFIX-speedup.png
(speedup of each variant over the single-GPU version per application, the
Fig. 7 analog) and PREFIX-transfer.png (transfer time outside the kernels
per variant, the Fig. 9 analog). PREFIX defaults to LOG without .md.log.
Needs python3-matplotlib."""
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(log, prefix):
    t = defaultdict(list)
    xfer = defaultdict(list)
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
        xfer[(app, var)].append(1e3 * float(f[7]))
    width = 0.8 / max(1, len(variants))
    for kind, data, ylabel, name in (
            ("speedup", t, "speedup over 1 GPU", "speedup"),
            ("transfer", xfer, "transfer outside kernels (ms per run)",
             "transfer")):
        fig, ax = plt.subplots(figsize=(10, 4.2))
        for j, var in enumerate(variants):
            ys = []
            for app in apps:
                if (app, var) not in data:
                    ys.append(0)
                    continue
                m = statistics.median(data[(app, var)])
                if kind == "speedup":
                    one = statistics.median(t[(app, "1gpu")]) \
                        if (app, "1gpu") in t else m
                    ys.append(one / m if m > 0 else 0)
                else:
                    ys.append(m)
            ax.bar([i + j * width for i in range(len(apps))], ys, width,
                   label=var)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(apps))])
        ax.set_xticklabels(apps)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        if kind == "speedup":
            ax.axhline(1.0, color="gray", lw=1, ls="--")
        ax.legend(fontsize=8, ncol=4)
        ax.grid(axis="y", alpha=0.3)
        fig.tight_layout()
        fig.savefig("%s-%s.png" % (prefix, name), dpi=110)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: plot_run.py LOG [PREFIX]")
    log = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) == 3 else (
        log[:-len(".md.log")] if log.endswith(".md.log") else log)
    main(log, prefix)
