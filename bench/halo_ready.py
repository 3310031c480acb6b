#!/usr/bin/env python3
"""halo_ready.py: how early in its kernel the last pushed chunk is final.

  halo_ready.py TRACE.json [...]
  halo_ready.py --run [--mechs LIST] [--repeats N] [--devices LIST]
                [--env K=V ...] PROGRAM ARGS...

For every loop execution of a PROACT_TRACE file, each device's latest
device-stamped chunk-ready event (a pushed chunk whose counter reached zero
inside the kernel) as a fraction of that device's kernel span in the same
execution (0: the kernel's launch, 1: its end, host-timed), the latest of
the devices counted for the execution. Prints, per file, the number of
executions with stamps and the median fraction over them (with the
quartiles). Device stamps exist under poll, trigger, dma and inline.

--run runs PROGRAM ARGS with PROACT_TRACE under each mechanism of LIST
(default dma,poll,trigger,inline) N times (default 5) on PROACT_DEVICES
LIST (default 0,1), and prints per mechanism each run's median and the
median of those: the machine may be shared, so one run says little.
"""
import collections
import os
import statistics
import subprocess
import sys
import tempfile

import trace_events


def fractions(path):
    """The per-execution fractions of one trace file."""
    body, loops = trace_events.read(path)

    kspan = {}
    for e in body:
        if e.get("cat") == "kernel":
            i = trace_events.loop_of(loops, e["ts"])
            if i is not None:
                kspan[(i, e["args"]["device"])] = (e["ts"], e["ts"] + e["dur"])
    latest = collections.defaultdict(float)
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
    per_exec = collections.defaultdict(float)
    for (i, _dev), f in latest.items():
        per_exec[i] = max(per_exec[i], f)
    return [per_exec[i] for i in sorted(per_exec)]


def summary(values):
    if not values:
        return "no device-stamped chunks"
    q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return "%d executions: median %.3f (quartiles %.3f .. %.3f)" % (
        len(values), statistics.median(values), q[0], q[2])


def run(argv):
    mechs = ["dma", "poll", "trigger", "inline"]
    repeats, devices, env_extra = 5, "0,1", {}
    while argv and argv[0].startswith("--"):
        opt = argv.pop(0)
        if opt == "--mechs":
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
            medians = []
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
                values = fractions(path)
                if values:
                    medians.append(statistics.median(values))
            print("%-8s runs' medians %s -> median %s" % (
                mech, " ".join("%.3f" % m for m in medians),
                "%.3f" % statistics.median(medians) if medians else "-"))
    return 0


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    if argv[0] == "--run":
        return run(argv[1:])
    for path in argv:
        print("%s: %s" % (path, summary(fractions(path))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
