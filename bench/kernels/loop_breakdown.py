#!/usr/bin/env python3
"""loop_breakdown.py TRACE.json [...]: where the host time of each PROACT
loop execution goes, from a PROACT_TRACE file (docs/user/tracing.md).

A loop event spans proact__loop_begin to the end of proact__loop_end; the
phases inside it, on the thread that ran the loop, split it into:

  plan     loop begin to the pull phase: region lookups, the plan (parts,
           geometry, write spans, mechanism), statistics node
  pull     the pull phase (host check, pulls, unified hints)
  setup    the mechanism's setup and each part's arm
  launch   end of setup to the first part's kernel start: the parts'
           threads started, each part's pulls between this rank's
           devices and its arguments
  kernels  first kernel start to the last kernel end (host-timed: launch
           to completion, every part)
  join     last kernel end to the start of loop_end: the parts' threads
           joined
  drain    loop_end's drain, commit, cleanup
  account  the rest of loop_end: statistics, balance, trace
  total    the loop event

Prints, per loop site and number of parts, the median of each over the
executions after the first WARMUP (default 10), in microseconds; with
--total-only, one line per site: its median total.
"""
import bisect
import collections
import json
import statistics
import sys

PHASES = ("plan", "pull", "setup", "launch", "kernels", "join", "drain",
          "account", "total")
WARMUP = 10


def executions(path):
    """Yields (site, parts, {phase: us}) for each loop execution of path."""
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    loops = [e for e in events if e.get("ph") == "X" and
             e.get("cat") == "loop" and e["name"].startswith("loop ")]
    by_tid = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and e.get("cat") in ("loop", "kernel"):
            by_tid[e["tid"]].append(e)
    kernels = sorted((e for e in events if e.get("ph") == "X" and
                      e.get("cat") == "kernel"), key=lambda e: e["ts"])
    kstarts = [e["ts"] for e in kernels]
    for lp in sorted(loops, key=lambda e: e["ts"]):
        t0, t1 = lp["ts"], lp["ts"] + lp["dur"]
        site = lp["args"]["loop"]
        inside = {}
        for e in by_tid[lp["tid"]]:
            if e is lp or e["cat"] != "loop" or e["name"].startswith("loop "):
                continue
            if e["ts"] >= t0 and e["ts"] + e["dur"] <= t1 + 1e-3 and \
                    e["args"].get("loop") == site:
                inside.setdefault(e["name"], e)
        if not all(k in inside for k in ("pull", "setup", "kernels",
                                          "drain")):
            continue
        ks, ke = inside["kernels"]["ts"], \
            inside["kernels"]["ts"] + inside["kernels"]["dur"]
        i = bisect.bisect_left(kstarts, ks - 1e-3)
        mine = []
        while i < len(kernels) and kernels[i]["ts"] <= ke:
            k = kernels[i]
            if k["args"].get("loop") == site and k["ts"] + k["dur"] <= ke + 1e-3:
                mine.append(k)
            i += 1
        if not mine:
            continue
        first = min(k["ts"] for k in mine)
        last = max(k["ts"] + k["dur"] for k in mine)
        pull, setup, drain = inside["pull"], inside["setup"], inside["drain"]
        d_end = drain["ts"] + drain["dur"]
        yield site, lp["args"].get("parts", len(mine)), {
            "plan": pull["ts"] - t0,
            "pull": pull["dur"],
            "setup": setup["dur"],
            "launch": first - (setup["ts"] + setup["dur"]),
            "kernels": last - first,
            "join": drain["ts"] - last,
            "drain": drain["dur"],
            "account": t1 - d_end,
            "total": lp["dur"],
        }


def main(argv):
    total_only = "--total-only" in argv
    paths = [a for a in argv[1:] if a != "--total-only"]
    if not paths:
        sys.stderr.write(__doc__)
        return 2
    rows = collections.OrderedDict()
    for path in paths:
        seen = collections.Counter()
        for site, parts, ph in executions(path):
            seen[site] += 1
            if seen[site] <= WARMUP:
                continue
            rows.setdefault((site, parts), []).append(ph)
    if not rows:
        print("loop_breakdown: no complete loop execution in "
              + " ".join(paths), file=sys.stderr)
        return 1
    if not total_only:
        print("| loop | parts | execs | " +
              " | ".join(p + " (us)" for p in PHASES) + " |")
        print("|---|---|---|" + "---|" * len(PHASES))
    for (site, parts), execs in rows.items():
        med = [statistics.median(e[p] for e in execs) for p in PHASES]
        name = site.rsplit("/", 1)[-1]
        if total_only:
            print(f"{name} {parts} {med[-1]:.2f}")
        else:
            print(f"| {name} | {parts} | {len(execs)} | " +
                  " | ".join(f"{m:.1f}" for m in med) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
