#!/usr/bin/env python3
"""trace_overlap.py TRACE.json [...]: whether the devices' kernels of each
loop execution ran at the same time, from a PROACT_TRACE file.

Two views per file: the kernel spans (host-timed, launch to completion)
and, stronger, the chunks each device stamped ready from inside its kernel
(device clock mapped to the host's): for every loop execution, the span
from a device's first stamped chunk to its last. Prints, over the loop
executions where at least two devices stamped chunks, how often those
spans of different devices overlap and the median share of the shorter
one they overlap. Device-stamped chunks exist under the proactive
mechanisms (poll, trigger, dma, inline) for chunks some device reads.
"""
import collections
import statistics
import sys

import trace_events


def overlap(a, b):
    return max(0.0, min(a[1], b[1]) - max(a[0], b[0]))


def analyse(path):
    body, loops = trace_events.read(path)
    kernels = [e for e in body if e.get("cat") == "kernel"]
    stamped = [e for e in body if e.get("cat") == "ready" and
               e["args"].get("seen by") == "device"]

    kspans = collections.defaultdict(dict)
    for e in kernels:
        i = trace_events.loop_of(loops, e["ts"])
        if i is not None:
            kspans[i][e["args"]["device"]] = (e["ts"], e["ts"] + e["dur"])
    sspans = collections.defaultdict(lambda: collections.defaultdict(list))
    for e in stamped:
        i = trace_events.loop_of(loops, e["ts"])
        if i is not None:
            sspans[i][e["args"]["device"]].append(e["ts"])

    def summary(spans_by_loop):
        shares, overlapping, counted = [], 0, 0
        for spans in spans_by_loop.values():
            devs = sorted(spans)
            if len(devs) < 2:
                continue
            counted += 1
            best = 0.0
            for a in range(len(devs)):
                for b in range(a + 1, len(devs)):
                    sa, sb = spans[devs[a]], spans[devs[b]]
                    shorter = min(sa[1] - sa[0], sb[1] - sb[0])
                    if shorter > 0:
                        best = max(best, overlap(sa, sb) / shorter)
            overlapping += best > 0
            shares.append(best)
        return counted, overlapping, (statistics.median(shares)
                                      if shares else 0.0)

    n, o, med = summary(kspans)
    print("%s: %d loop executions; kernel spans of two or more devices "
          "overlap in %d of %d (median share of the shorter %.2f)"
          % (path, len(loops), o, n, med))
    chunk_spans = {i: {d: (min(t), max(t)) for d, t in devs.items()
                       if len(t) >= 2}
                   for i, devs in sspans.items()}
    n, o, med = summary(chunk_spans)
    print("%s: device-stamped chunks (%d): the stamping spans of two or "
          "more devices overlap in %d of %d loop executions (median share "
          "of the shorter %.2f)" % (path, len(stamped), o, n, med))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    for path in sys.argv[1:]:
        analyse(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
