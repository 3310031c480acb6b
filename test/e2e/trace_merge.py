#!/usr/bin/env python3
"""trace_merge.py MERGE: bench/trace_merge.py (MERGE) on made-up traces:
files of one boot merge on the monotonic clock, files of two hosts on the
real-time clock, each shifted by its origin's distance from the earliest;
ranks number the processes (positions when ranks repeat); a file without
a time origin is a clear error, not a wrong timeline."""
import json
import os
import subprocess
import sys
import tempfile


def trace(rank, host, boot, mono, unix, pid):
    name = "rank %d of 2: app (PROACT, pid %d on %s)" % (rank, pid, host)
    return {"traceEvents": [
        {"name": "process_name", "ph": "M", "pid": pid, "tid": 0,
         "args": {"name": name}},
        {"name": "thread_name", "ph": "M", "pid": pid, "tid": 1,
         "args": {"name": "host: loops (main thread)"}},
        {"name": "loop a.c:3", "cat": "loop", "ph": "X", "pid": pid,
         "tid": 1, "ts": 10.0, "dur": 5.0, "args": {}}],
        "otherData": {"origin_monotonic_ns": mono, "origin_unix_ns": unix,
                      "host": host, "boot_id": boot, "pid": pid,
                      "rank": rank, "ranks": 2, "events": 1, "dropped": 0}}


def merge(tmp, docs):
    paths = []
    for i, d in enumerate(docs):
        p = os.path.join(tmp, "t%d.json" % i)
        with open(p, "w") as f:
            json.dump(d, f)
        paths.append(p)
    out = os.path.join(tmp, "m.json")
    r = subprocess.run([sys.executable, sys.argv[1]] + paths + ["-o", out],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    with open(out) as f:
        return json.load(f), r.stderr


def loops(m):
    return {e["pid"]: e["ts"] for e in m["traceEvents"] if e["ph"] == "X"}


def main():
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        # One boot: the monotonic origins differ by 2 ms, the real-time
        # ones (wrongly) by 5 ms: the monotonic clock must win.
        m, err = merge(tmp, [trace(1, "n1", "b", 5_000_000, 9_000_000, 7),
                             trace(0, "n1", "b", 3_000_000, 4_000_000, 8)])
        if m is None:
            return print("FAIL: %s" % err) or 1
        if m["otherData"]["clock"] != "monotonic" or loops(m) != {
                0: 10.0, 1: 2010.0}:
            errors.append("one boot: %s %s" % (m["otherData"]["clock"],
                                               loops(m)))
        # Two hosts: the real-time clock.
        m, err = merge(tmp, [trace(0, "n1", "b1", 1, 4_000_000, 7),
                             trace(1, "n2", "b2", 999_999_999, 4_500_000, 7)])
        if m is None or m["otherData"]["clock"] != "realtime" or loops(m) != {
                0: 10.0, 1: 510.0}:
            errors.append("two hosts: %s" % (err if m is None else
                                             (m["otherData"], loops(m))))
        else:
            names = sorted(e["args"]["name"] for e in m["traceEvents"]
                           if e["name"] == "process_name")
            if not names[0].startswith("rank 0 of 2") or len(names) != 2:
                errors.append("two hosts: process names %s" % names)
        # The same rank twice (two runs alone): numbered by position.
        m, err = merge(tmp, [trace(0, "n1", "b", 1, 1, 7),
                             trace(0, "n1", "b", 1, 1, 8)])
        if m is None or sorted(loops(m)) != [0, 1]:
            errors.append("ranks repeated: %s" % (err or loops(m)))
        # No origin: an error naming the file.
        old = trace(0, "n1", "b", 1, 1, 7)
        del old["otherData"]["origin_monotonic_ns"]
        m, err = merge(tmp, [old, trace(1, "n1", "b", 1, 1, 8)])
        if m is not None or "t0.json: no origin_monotonic_ns" not in err:
            errors.append("no origin: %r" % err)
    for e in errors:
        print("FAIL: " + e)
    if not errors:
        print("ok: monotonic for one boot, real-time across hosts, ranks "
              "number the processes, no origin is an error")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
