#!/usr/bin/env python3
"""Medians of interleaved before/after runs of loop_cost_devices.sh.

Each input line is "MACHINE VARIANT DEVICES MECH PROACT HALO PLAIN FLOOR
[BESIDE]" (loop_cost_devices.sh's per-run lines on its standard error, prefixed with
a machine label and "before" or "after"). Prints a markdown table with
each median and the after run's ratios to the plain OpenMP loop on one
device and to launch_floor (one host thread per device).
Usage: loop_cost_ab.py RAW
"""
import collections
import statistics
import sys


def main(path):
    runs = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) not in (8, 9) or f[1] not in ("before", "after"):
            continue
        runs[(f[0], f[2], f[3], f[1])].append(tuple(map(float, f[4:8])))
    keys = sorted({k[:3] for k in runs},
                  key=lambda k: (k[0], len(k[1]), k[1], k[2]))
    print("| machine | PROACT_DEVICES | mechanism | PROACT loop before | after"
          " | halo loop before | after | plain OpenMP loop, one device"
          " | a thread per device (floor) | after / plain | after / floor |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for k in keys:
        b, a = runs.get(k + ("before",), []), runs.get(k + ("after",), [])
        if not a:
            continue

        def med(rows, i):
            return statistics.median(r[i] for r in rows) if rows else float("nan")
        plain, floor = med(a + b, 2), med(a + b, 3)
        print(f"| {k[0]} | {k[1]} | {k[2]} | {med(b, 0):.1f} | {med(a, 0):.1f}"
              f" | {med(b, 1):.1f} | {med(a, 1):.1f} | {plain:.1f} | {floor:.1f}"
              f" | {med(a, 0) / plain:.2f} | {med(a, 0) / floor:.2f} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
