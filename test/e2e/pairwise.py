#!/usr/bin/env python3
"""pairwise.py [--full] --programs P,... --devices D|D|...: the end-to-end
configurations CTest runs, one per line: program|mechanism|layout|
decomposition|devices.

Factors: the programs, the mechanisms (default: the one the pragmas and
the profile choose; unified: PROACT_MEMORY=unified),
the layouts (replicated, distributed), the decompositions and the device
sets (PROACT_DEVICES values, '|'-separated). By default a pairwise cover:
every program under every mechanism, and every pair of values of any two
factors in at least one configuration, chosen greedily in a fixed order so
that the same inputs give the same list. --full: the whole product, each
configuration on every device set ('*' in the devices column).
"""
import argparse
import itertools
import sys

MECHANISMS = ["default", "memcpy", "poll", "trigger", "dma", "inline", "auto",
              "unified"]
LAYOUTS = ["replicated", "distributed"]
DECOMPOSITIONS = ["block", "cyclic", "block_cyclic:7", "block_cyclic:64"]


def pairs_of(row):
    """The (factor, value) pairs a configuration covers."""
    return {((a, row[a]), (b, row[b]))
            for a, b in itertools.combinations(range(len(row)), 2)}


def cover(factors):
    """Rows: the product of the first two factors, each completed with the
    values of the others that cover the most pairs not yet covered; then
    rows for any pair still uncovered."""
    needed = set()
    for a, b in itertools.combinations(range(len(factors)), 2):
        for va in factors[a]:
            for vb in factors[b]:
                needed.add(((a, va), (b, vb)))
    rows = []
    rest = list(itertools.product(*factors[2:]))
    for p, m in itertools.product(factors[0], factors[1]):
        best = max(rest, key=lambda r: (len(pairs_of((p, m) + r) & needed),
                                        -rest.index(r)))
        rows.append((p, m) + best)
        needed -= pairs_of(rows[-1])
    while needed:
        (a, va), (b, vb) = min(needed)
        row = [f[0] for f in factors]
        row[a], row[b] = va, vb
        rows.append(tuple(row))
        needed -= pairs_of(rows[-1])
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", required=True)
    ap.add_argument("--devices", required=True)
    ap.add_argument("--full", action="store_true")
    a = ap.parse_args()
    programs = a.programs.split(",")
    devices = a.devices.split("|")
    if a.full:
        rows = [r + ("*",) for r in itertools.product(
            programs, MECHANISMS, LAYOUTS, DECOMPOSITIONS)]
    else:
        factors = [programs, MECHANISMS, LAYOUTS, DECOMPOSITIONS, devices]
        rows = cover(factors)
        missing = [(p, m) for p in programs for m in MECHANISMS
                   if not any(r[0] == p and r[1] == m for r in rows)]
        if missing:
            sys.exit("pairwise.py: no configuration for %s" % missing)
    for r in rows:
        print("|".join(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
