#!/usr/bin/env python3
"""pairwise.py [--full] --factor V1|V2|... --factor ...: test configurations,
one per line, their values '|'-separated in the factors' order.

By default a pairwise cover: every combination of the first two factors
(for the end-to-end tests: every program under every mechanism), and every
pair of values of any two factors in at least one configuration, the other
values chosen greedily in a fixed order, so that the same factors give the
same list. --full: the whole product of every factor but the last, whose
column is '*' (for the tests: every device set, in one test).
"""
import argparse
import itertools
import sys


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
        best = max(range(len(rest)),
                   key=lambda k: (len(pairs_of((p, m) + rest[k]) & needed),
                                  -k))
        rows.append((p, m) + rest[best])
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
    ap.add_argument("--factor", action="append", required=True)
    ap.add_argument("--full", action="store_true")
    a = ap.parse_args()
    factors = [f.split("|") for f in a.factor]
    if len(factors) < 3 or any(not all(f) for f in factors):
        sys.exit("pairwise.py: three or more factors of non-empty values")
    if a.full:
        rows = [r + ("*",) for r in itertools.product(*factors[:-1])]
    else:
        rows = cover(factors)
    for r in rows:
        print("|".join(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
