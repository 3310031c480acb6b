#!/usr/bin/env python3
"""halo_ready.py: how early in its kernel the last pushed chunk is final.

  halo_ready.py TRACE.json [...]
  halo_ready.py --run [--mechs LIST] [--repeats N] [--devices LIST]
                [--env K=V ...] [--detail] PROGRAM ARGS...

For every loop execution of a PROACT_TRACE file, each device's latest
device-stamped chunk-ready event (a pushed chunk whose counter reached zero
inside the kernel) as a fraction of that device's kernel span in the same
execution (0: the kernel's start, 1: its end), the latest of the devices
counted for the execution. Two spans: the host's (from the part's launch to
its return, so its start holds the launch's cost) and the device's own
(its teams' first start to their last end, "device kernel" events). Prints,
per file and span, the number of executions with stamps and the median
fraction over them (with the quartiles). Device stamps exist under poll,
trigger, dma and inline.

--detail (with --run) adds the medians, over the executions, of the
kernel's span and of its first and latest stamped chunk after the span's
start, in microseconds.

--run runs PROGRAM ARGS with PROACT_TRACE under each mechanism of LIST
(default dma,poll,trigger,inline) N times (default 5) on PROACT_DEVICES
LIST (default 0,1), and prints per mechanism and span each run's median and
the median of those: the machine may be shared, so one run says little.
"""
import collections
import os
import statistics
import subprocess
import sys
import tempfile

import trace_events


SPANS = (("host", "kernel"), ("device", "device kernel"))


def fractions(path, cat="kernel"):
    """The per-execution fractions of one trace file, against the spans
    of events of category cat."""
    return [f for f, _span, _first, _last in executions(path, cat)]


def executions(path, cat="kernel"):
    """Per execution (fraction, span, first, last): the latest fraction
    of the devices, and that device's kernel span (events of category
    cat) and its first and latest device-stamped chunks after the span's
    start, in us."""
    body, loops = trace_events.read(path)

    kspan = {}
    for e in body:
        if e.get("cat") == cat:
            i = trace_events.loop_of(loops, e["ts"])
            if i is not None:
                kspan[(i, e["args"]["device"])] = (e["ts"], e["ts"] + e["dur"])
    latest = collections.defaultdict(float)
    first = {}
    for e in body:
        if e.get("cat") != "ready" or e["args"].get("seen by") != "device":
            continue
        i = trace_events.loop_of(loops, e["ts"])
        key = (i, e["args"]["device"])
        if i is None or key not in kspan:
            continue
        lo, hi = kspan[key]
        if hi <= lo:
            continue
        f = (e["ts"] - lo) / (hi - lo)
        latest[key] = max(latest[key], f)
        first[key] = min(first.get(key, f), f)
    per_exec = {}
    for (i, dev), f in latest.items():
        if i not in per_exec or f > per_exec[i][0]:
            lo, hi = kspan[(i, dev)]
            per_exec[i] = (f, hi - lo, first[(i, dev)] * (hi - lo),
                           f * (hi - lo))
    return [per_exec[i] for i in sorted(per_exec)]


def summary(values):
    if not values:
        return "no device-stamped chunks"
    q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return "%d executions: median %.3f (quartiles %.3f .. %.3f)" % (
        len(values), statistics.median(values), q[0], q[2])


def run(argv):
    mechs = ["dma", "poll", "trigger", "inline"]
    repeats, devices, env_extra, detail = 5, "0,1", {}, False
    while argv and argv[0].startswith("--"):
        opt = argv.pop(0)
        if opt == "--detail":
            detail = True
        elif opt == "--mechs":
            mechs = argv.pop(0).split(",")
        elif opt == "--repeats":
            repeats = int(argv.pop(0))
        elif opt == "--devices":
            devices = argv.pop(0)
        elif opt == "--env":
            k, _, v = argv.pop(0).partition("=")
            env_extra[k] = v
        else:
            sys.exit("halo_ready.py: unknown option %s" % opt)
    if not argv:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        for mech in mechs:
            medians = {name: [] for name, _cat in SPANS}
            execs = {name: [] for name, _cat in SPANS}
            for r in range(repeats):
                path = os.path.join(tmp, "%s-%d.json" % (mech, r))
                env = dict(os.environ, PROACT_DEVICES=devices,
                           PROACT_MECH=mech, PROACT_TRACE=path)
                env.update(env_extra)
                p = subprocess.run(argv, env=env, capture_output=True,
                                   text=True)
                if p.returncode != 0:
                    sys.exit("%s: exit %d: %s" % (mech, p.returncode,
                                                  p.stderr[-2000:]))
                for name, cat in SPANS:
                    got = executions(path, cat)
                    execs[name] += got
                    if got:
                        medians[name].append(
                            statistics.median(x[0] for x in got))
            for name, _cat in SPANS:
                m = medians[name]
                print("%-8s %-6s span: runs' medians %s -> median %s" % (
                    mech, name, " ".join("%.3f" % v for v in m) or "-",
                    "%.3f" % statistics.median(m) if m else "-"))
                x = execs[name]
                if detail and x:
                    print("%-8s %-6s span %.1f us, first chunk %.1f us, "
                          "latest %.1f us (medians over %d executions)" % (
                              mech, name,
                              *(statistics.median(e[k] for e in x)
                                for k in (1, 2, 3)), len(x)))
    return 0


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    if argv[0] == "--run":
        return run(argv[1:])
    for path in argv:
        for name, cat in SPANS:
            print("%s, %s span: %s" % (path, name,
                                      summary(fractions(path, cat))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
