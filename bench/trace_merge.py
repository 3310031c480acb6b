#!/usr/bin/env python3
"""trace_merge.py TRACE.json [TRACE2.json ...] -o MERGED.json: one timeline
from the PROACT_TRACE files of several processes (the ranks of an MPI job,
docs/user/tracing.md), for Perfetto or proact-trace-plot.

Each file's events are moved onto a common time axis by the time origin
its otherData records: on the monotonic clock when every file comes from
one boot of one host (exact), else on the real-time clock (as good as the
hosts' clock synchronisation, NTP or PTP). Times in the merged file are
microseconds from the earliest file's start. Each file becomes one process,
numbered by its rank (by its position when ranks repeat), named as in its
file ("rank 1 of 2: app (PROACT, pid ... on host)"), and sorted by rank."""
import argparse
import json
import sys


def fail(msg):
    print("trace_merge.py: %s" % msg, file=sys.stderr)
    sys.exit(1)


def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: %s" % (path, e))
    if not isinstance(doc, dict) or "traceEvents" not in doc:
        fail("%s: not a PROACT_TRACE file (no traceEvents)" % path)
    other = doc.get("otherData", {})
    for key in ("origin_monotonic_ns", "origin_unix_ns"):
        if key not in other:
            fail("%s: no %s in otherData: a trace of a PROACT without time "
                 "origins cannot be placed beside others" % (path, key))
    return doc


def merge(paths):
    docs = [load(p) for p in paths]
    others = [d["otherData"] for d in docs]
    boots = {(o.get("host"), o.get("boot_id")) for o in others}
    same_boot = len(boots) == 1 and all(o.get("boot_id") for o in others)
    key = "origin_monotonic_ns" if same_boot else "origin_unix_ns"
    base = min(int(o[key]) for o in others)
    ranks = [o.get("rank") for o in others]
    by_rank = None not in ranks and len(set(ranks)) == len(ranks)
    events, sources = [], []
    for i, (path, doc, o) in enumerate(zip(paths, docs, others)):
        pid = ranks[i] if by_rank else i
        shift = (int(o[key]) - base) / 1e3
        for e in doc["traceEvents"]:
            e = dict(e)
            e["pid"] = pid
            if e.get("ph") != "M":
                e["ts"] = round(e["ts"] + shift, 3)
            elif e.get("name") == "process_sort_index":
                e["args"] = {"sort_index": pid}
            events.append(e)
        sources.append({"file": path, "pid": pid, "rank": o.get("rank"),
                        "ranks": o.get("ranks"), "host": o.get("host"),
                        "original pid": o.get("pid"),
                        "shift_us": round(shift, 3),
                        "events": o.get("events"),
                        "dropped": o.get("dropped")})
    # Metadata first, then the events in time order, as one file has them.
    events.sort(key=lambda e: (e.get("ph") != "M", e.get("ts", 0)))
    return {"displayTimeUnit": "ms", "traceEvents": events,
            "otherData": {"ts": "microseconds from the start of the earliest "
                                "trace, on the %s clock" %
                                ("monotonic" if same_boot else "real-time"),
                          "clock": "monotonic" if same_boot else "realtime",
                          "origin_ns": base, "merged": sources}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("traces", nargs="+")
    ap.add_argument("-o", "--out", required=True)
    args = ap.parse_args()
    doc = merge(args.traces)
    try:
        with open(args.out, "w") as f:
            json.dump(doc, f)
            f.write("\n")
    except OSError as e:
        fail("%s: %s" % (args.out, e))
    print("wrote %s: %d processes, %s clock" %
          (args.out, len(args.traces), doc["otherData"]["clock"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
