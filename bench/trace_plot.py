#!/usr/bin/env python3
"""trace_plot.py TRACE.json [TRACE2.json ...] -o OUT.png [--from US] [--to US]
[--last-loops N] [--title T]: draws PROACT_TRACE files (docs/user/tracing.md)
as timelines, one panel per file, stacked with a shared scale of
microseconds from each panel's window start.

One row per track, in the trace's order (per process, rank 0 first, in
a file proact-trace-merge made of several ranks' traces): the host
thread's loops and phases, each device's kernels, the copies between each
pair (host
included), the agent threads' jobs with the chunks they saw ready as red
ticks; the chunks the devices stamped ready are black ticks on their kernel
rows.
Kernels are blue, copies orange (pushes) or green (pulls and the rest),
agent jobs grey, loop phases in shades of purple. By default each panel
shows its last 3 loop executions (--last-loops), since a long run's whole
timeline is too dense to read; --from/--to pick a window in trace time.
Needs python3-matplotlib (apt-get install python3-matplotlib)."""
import argparse
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

PHASE_COLOURS = {"pull": "#9e7cc1", "setup": "#c9b3e0", "kernels": "#e7def2",
                 "drain": "#6a3d9a", "wait for copies": "#cab2d6",
                 "region entry": "#b15928", "region exit": "#b15928"}


def load(path):
    """Track names and order keyed by (pid, tid), and the events."""
    with open(path) as f:
        doc = json.load(f)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    names, order, procs, porder = {}, {}, {}, {}
    for e in events:
        if e.get("ph") != "M":
            continue
        key = (e.get("pid"), e["tid"])
        if e["name"] == "thread_name":
            names[key] = e["args"]["name"]
        elif e["name"] == "thread_sort_index":
            order[key] = e["args"]["sort_index"]
        elif e["name"] == "process_name":
            procs[e.get("pid")] = e["args"]["name"]
        elif e["name"] == "process_sort_index":
            porder[e.get("pid")] = e["args"]["sort_index"]
    # Several processes: each row says whose it is ("rank 1: ...").
    if len(procs) > 1:
        for key in names:
            label = procs.get(key[0], str(key[0])).split(":")[0]
            names[key] = "%s: %s" % (label, names[key])
    order = {k: (porder.get(k[0], 0), v) for k, v in order.items()}
    body = [e for e in events if e.get("ph") in ("X", "i")]
    return names, order, body


def window(body, args):
    """The [t0, t1] of trace time to draw."""
    if args.start is not None or args.end is not None:
        t0 = args.start if args.start is not None else 0.0
        t1 = args.end if args.end is not None else max(
            e["ts"] + e.get("dur", 0) for e in body)
        return t0, t1
    loops = sorted((e for e in body if e.get("cat") == "loop" and
                    e["name"].startswith("loop ")), key=lambda e: e["ts"])
    if not loops:
        return (min(e["ts"] for e in body),
                max(e["ts"] + e.get("dur", 0) for e in body))
    last = loops[-args.last_loops:]
    return last[0]["ts"], max(e["ts"] + e["dur"] for e in last)


def colour(e):
    cat = e.get("cat")
    if cat == "kernel":
        return "#1f78b4"
    if cat == "copy":
        return "#ff7f00" if e["name"] == "push" else "#33a02c"
    if cat == "agent":
        return "#999999"
    if e["name"].startswith("loop "):
        return "#f0f0f0"
    return PHASE_COLOURS.get(e["name"], "#cccccc")


def panel(ax, path, args):
    names, order, body = load(path)
    if not body:
        ax.set_title("%s: no events" % path)
        return
    t0, t1 = window(body, args)
    pad = (t1 - t0) * 0.01
    shown = [e for e in body
             if e["ts"] <= t1 + pad and e["ts"] + e.get("dur", 0) >= t0 - pad]
    tids = sorted({(e.get("pid"), e["tid"]) for e in shown},
                  key=lambda t: (order.get(t, (1 << 30, 0)), t))
    row = {t: i for i, t in enumerate(tids)}
    # Loops first, so that their phases are drawn over them.
    shown.sort(key=lambda e: not e["name"].startswith("loop "))
    for e in shown:
        y = row[(e.get("pid"), e["tid"])]
        x = e["ts"] - t0
        if e["ph"] == "i":
            stamped = e.get("args", {}).get("seen by") == "device"
            ax.plot([x, x], [y - 0.4, y + 0.4],
                    color="#000000" if stamped else "#e31a1c", lw=0.8)
            continue
        # Loops span the row; their phases are drawn thinner on top.
        loop = e["name"].startswith("loop ")
        h = 0.8 if loop or e.get("cat") != "loop" else 0.5
        # At least 1/500 of the window wide: a short copy stays visible.
        ax.broken_barh([(x, max(e["dur"], (t1 - t0) * 2e-3))],
                       (y - h / 2, h), facecolors=colour(e),
                       edgecolors="#555555" if loop else "none",
                       linewidth=0.4)
    ax.set_yticks(range(len(tids)))
    ax.set_yticklabels([names.get(t, str(t[1])) for t in tids], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(-pad, t1 - t0 + pad)
    ax.set_title(args.title.pop(0) if args.title else path, fontsize=10)
    ax.grid(axis="x", lw=0.3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("traces", nargs="+")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--from", dest="start", type=float)
    ap.add_argument("--to", dest="end", type=float)
    ap.add_argument("--last-loops", type=int, default=3)
    ap.add_argument("--title", action="append", default=[],
                    help="a panel's title (once per trace, in order)")
    args = ap.parse_args()
    rows = []
    for path in args.traces:
        names, order, body = load(path)
        rows.append(max(3, len({(e.get("pid"), e["tid"]) for e in body})))
    fig, axes = plt.subplots(len(args.traces), 1, squeeze=False,
                             figsize=(12, sum(0.32 * r + 1.0 for r in rows)),
                             gridspec_kw={"height_ratios": rows})
    for ax, path in zip(axes[:, 0], args.traces):
        panel(ax, path, args)
    axes[-1, 0].set_xlabel("microseconds from the window's start")
    fig.legend(handles=[Patch(color="#1f78b4", label="kernel"),
                        Patch(color="#ff7f00", label="push copy"),
                        Patch(color="#33a02c", label="pull / other copy"),
                        Patch(color="#999999", label="agent job"),
                        Patch(color="#9e7cc1", label="loop phase"),
                        Patch(color="#000000", label="chunk ready (device)"),
                        Patch(color="#e31a1c", label="chunk seen by agent")],
               loc="upper right", fontsize=8, ncol=7)
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    fig.savefig(args.out, dpi=110)
    print("wrote %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
