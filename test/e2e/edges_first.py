#!/usr/bin/env python3
"""edges_first.py PROGRAM: the readiness kernels run first the blocks whose
chunks another device reads (docs/design/readiness.md, "Blocks in order of
time").

PROGRAM is edges_first.c: its first loop stores the time each point ran,
and prints each row's earliest. On 2 host devices, with one team per
kernel (a part's blocks run one after another, in the walk's order) and
with two (a host device runs them in turn, so the order must give team 0
the edges), under every mechanism that pushes from inside the kernel and
both walks, part 0's last row, the halo part 1 reads, must have run before
most of part 0's rows (in the walk's own order it runs last), and part 1's
first row before most of part 1's. The rows of each part come from PROACT_DEBUG=info. This
checks an order, not a time: load on the machine cannot change it.
"""
import os
import re
import statistics
import subprocess
import sys

PARTS = re.compile(r"edges_first\.c:(\d+) part (\d): device \d+, k in "
                   r"\[(-?\d+), (-?\d+)\)")


def check(prog, walk, mech, teams):
    env = dict(os.environ, PROACT_DEVICES="0,1", PROACT_TEAMS=str(teams),
               PROACT_CHUNK="256", PROACT_WALK=walk, PROACT_MECH=mech,
               PROACT_READY_CHECK="1", PROACT_DEBUG="info",
               PROACT_DEBUG_SUBSYS="part,mech")
    r = subprocess.run([prog, "66", "64", "4"], env=env, capture_output=True,
                       text=True, timeout=120)
    what = "%s, %s walk, %d teams" % (mech, walk, teams)
    if r.returncode != 0:
        return ["%s: exit %d: %s" % (what, r.returncode, r.stderr[-2000:])]
    parts = {}
    first_line = None
    for line, part, lo, hi in PARTS.findall(r.stderr):
        line = int(line)
        if first_line is None or line < first_line:
            first_line, parts = line, {}
        if line == first_line:
            parts[int(part)] = (int(lo), int(hi))
    if sorted(parts) != [0, 1]:
        return ["%s: no two parts in the debug output: %s"
                % (what, r.stderr[-2000:])]
    if "pushed ones first" not in r.stderr:
        return ["%s: no readiness state ran its pushed blocks first: %s"
                % (what, r.stderr[-2000:])]
    when = {}
    for line in r.stdout.splitlines():
        _, row, t = line.split()
        when[int(row)] = float(t)
    errors = []
    # Row i is iteration k = i - 1. Part 0 pushes its last row, part 1 its
    # first.
    for part, edge in ((0, parts[0][1] - 1), (1, parts[1][0])):
        lo, hi = parts[part]
        rows = [when[k + 1] for k in range(lo, hi)]
        if when[edge + 1] >= statistics.median(rows):
            rank = sorted(rows).index(when[edge + 1])
            errors.append("%s: part %d's edge row %d ran %d-th of its %d "
                          "rows, not before most of them"
                          % (what, part, edge + 1, rank + 1, len(rows)))
    return errors


def main():
    prog = sys.argv[1]
    errors = []
    for teams in (1, 2):
        for walk in ("flat", "columns"):
            for mech in ("poll", "trigger", "dma", "inline"):
                errors += check(prog, walk, mech, teams)
    for e in errors:
        print(e)
    print("FAIL" if errors else "PASS")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
