"""trace_events.py: a PROACT_TRACE file read the way the bench scripts
that analyse it (halo_ready.py, trace_overlap.py) need it."""
import json


def read(path):
    """The trace's events but its metadata, and its loop executions' spans
    (start, end), sorted."""
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    body = [e for e in events if e.get("ph") != "M"]
    loops = sorted((e["ts"], e["ts"] + e["dur"]) for e in body
                   if e.get("cat") == "loop" and
                   e["name"].startswith("loop "))
    return body, loops


def loop_of(loops, ts):
    """The index in loops of the execution whose span holds ts, or None."""
    for i, (lo, hi) in enumerate(loops):
        if lo <= ts <= hi:
            return i
    return None
