#!/usr/bin/env python3
"""trace.py [--devices LIST] PROGRAM ARGS...: PROACT_TRACE on 2 devices.

LIST is PROACT_DEVICES, "0,1" by default; with "0*2" the two devices are
logical devices of one, and their kernel tracks must say so.

Under memcpy, poll, trigger and dma the program writes a Chrome trace-event
file that python's json module reads, whose counts match the statistics
(PROACT_STATS_FILE): one loop event per execution, one kernel per part on each device's
track, copies between the devices (pushes, pulls under memcpy), one
chunk-ready instant per pushed chunk stamped by the device inside its
kernel (both the host-timed span and the kernel's own, device-timed one,
on a second track), and under poll and dma one more seen by the agent. The results are
those of the same run untraced. An unwritable path ends the program at
start-up with an error naming PROACT_TRACE and the cause. %h, %p and %r in
the path are expanded (%r: the launcher's rank, 0 alone); the file names
the process and its rank, records its time origin on both clocks and
which PROACT wrote it.
"""
import collections
import re
import json
import os
import socket
import subprocess
import sys
import tempfile
import time


DEVICES = "0,1"


def kernel_track(dev):
    """The name of device dev's kernel track."""
    if "*" in DEVICES:
        return "device %d kernels (OpenMP device 0, logical %d of 2)" % (
            dev, dev + 1)
    return "device %d kernels" % dev


def run(prog, args, env_extra):
    env = dict(os.environ, PROACT_DEVICES=DEVICES)
    env.update(env_extra)
    return subprocess.run([prog] + args, env=env, capture_output=True,
                          text=True, timeout=120)


def check(prog, args, mech, tmp, expected_out):
    path = os.path.join(tmp, "trace-%s.json" % mech)
    stats_path = os.path.join(tmp, "stats-%s.json" % mech)
    r = run(prog, args, {"PROACT_MECH": mech, "PROACT_TRACE": path,
                         "PROACT_STATS_FILE": stats_path})
    errors = []
    if r.returncode != 0:
        return ["%s: exit %d: %s" % (mech, r.returncode, r.stderr[-2000:])]
    if r.stdout != expected_out:
        errors.append("%s: results differ from the untraced run" % mech)
    with open(path) as f:
        doc = json.load(f)
    events = doc["traceEvents"]
    meta = [e for e in events if e["ph"] == "M"]
    names = {e["tid"]: e["args"]["name"] for e in meta
             if e["name"] == "thread_name"}
    if not any(e["name"] == "process_name" for e in meta):
        errors.append("%s: no process_name" % mech)
    body = [e for e in events if e["ph"] != "M"]
    for e in body:
        if e["tid"] not in names:
            errors.append("%s: tid %d has no thread_name" % (mech, e["tid"]))
            break
        if e["ph"] == "X" and e["dur"] < 0:
            errors.append("%s: negative duration: %s" % (mech, e))
            break
    with open(stats_path) as f:
        stats = json.load(f)["loops"]
    execs = sum(l["executions"] for l in stats)

    loops = [e for e in body if e["cat"] == "loop" and
             e["name"].startswith("loop ")]
    if len(loops) != execs:
        errors.append("%s: %d loop events, PROACT_STATS counts %d "
                      "executions" % (mech, len(loops), execs))
    for e in loops:
        if not e["args"].get("loop", "").count(":") or "id" not in e["args"]:
            errors.append("%s: loop event without location or id: %s"
                          % (mech, e))
            break
        # The id as the statistics and the profile write it.
        if not re.fullmatch(r"[0-9a-f]{16}", e["args"]["id"]):
            errors.append("%s: loop id %r is not 16 hex digits as in "
                          "PROACT_STATS" % (mech, e["args"]["id"]))
            break
    kernels = collections.Counter(names[e["tid"]] for e in body
                                  if e["cat"] == "kernel")
    for dev in (0, 1):
        track = kernel_track(dev)
        if kernels[track] != execs:
            errors.append("%s: %d kernels on '%s', expected %d (every loop "
                          "on both devices)" % (mech, kernels[track], track,
                                                execs))
    copies = collections.Counter((names[e["tid"]], e["name"]) for e in body
                                 if e["cat"] == "copy")
    between = sum(n for (track, what), n in copies.items()
                  if track in ("copies dev 0 -> dev 1",
                               "copies dev 1 -> dev 0") and
                  what == ("pull" if mech == "memcpy" else "push"))
    if between == 0:
        errors.append("%s: no %s copy between the devices: %s"
                      % (mech, "pull" if mech == "memcpy" else "push",
                         dict(copies)))
    ready = [e for e in body if e["cat"] == "ready"]
    # Stamped by the team that readied the chunk, on its device's track.
    stamped = [e for e in ready if e["args"].get("seen by") == "device"]
    seen = [e for e in ready if e not in stamped]
    jobs = [e for e in body if e["cat"] == "agent"]
    pushes = sum(l["pushed_chunks"] for l in stats)
    if mech == "memcpy":
        if ready or jobs:
            errors.append("memcpy: %d chunk-ready events and %d agent jobs, "
                          "expected none" % (len(ready), len(jobs)))
    else:
        if len(stamped) != pushes:
            errors.append("%s: %d chunk-ready events stamped on the devices, "
                          "PROACT_STATS counts %d pushed chunks"
                          % (mech, len(stamped), pushes))
        want_seen = 0 if mech == "trigger" else pushes
        if len(seen) != want_seen:
            errors.append("%s: %d chunk-ready events seen by agents, "
                          "expected %d" % (mech, len(seen), want_seen))
        if not ready or any(e["ph"] != "i" for e in ready):
            errors.append("%s: chunk-ready events missing or not instants"
                          % mech)
        errors += check_stamped(mech, body, names, stamped)
        errors += check_device_kernels(mech, body, names, stamped, execs)
        agent_tracks = {names[e["tid"]] for e in jobs}
        want = (set() if mech == "trigger" else
                {"agent proact-%s-%d" % (mech, d) for d in (0, 1)})
        if want != agent_tracks:
            errors.append("%s: agent tracks %s, expected %s"
                          % (mech, sorted(agent_tracks), sorted(want)))
    print("%s: %d events: %d loops, kernels %s, %d copies between devices, "
          "%d chunks ready (%d stamped on devices), %d agent jobs"
          % (mech, len(body), len(loops), dict(kernels), between, len(ready),
             len(stamped), len(jobs)))
    return errors


# Device stamps and host spans come from different clock reads: allow this
# much (microseconds) around a kernel's span.
SLACK_US = 200.0


def check_device_kernels(mech, body, names, stamped, execs):
    """The readiness kernels' own spans: one per part and execution on
    the device's second track, each inside a host-timed span of its
    kernel, and each stamped chunk inside a device span of its device
    (a chunk is final only while its kernel runs)."""
    errors = []
    dev_spans = collections.defaultdict(list)
    host_spans = collections.defaultdict(list)
    for e in body:
        if e["cat"] == "device kernel":
            dev_spans[e["args"]["device"]].append((e["ts"],
                                                   e["ts"] + e["dur"]))
            want = kernel_track(e["args"]["device"]).split(" (")[0] + \
                ", device clock"
            if names[e["tid"]] != want:
                errors.append("%s: device-timed kernel on track %r, "
                              "expected %r" % (mech, names[e["tid"]], want))
                break
        elif e["cat"] == "kernel":
            host_spans[e["args"]["device"]].append((e["ts"],
                                                    e["ts"] + e["dur"]))
    loops = sorted((e["ts"], e["ts"] + e["dur"]) for e in body
                   if e["cat"] == "loop" and e["name"].startswith("loop "))
    for dev in (0, 1):
        # every execution that stamped a chunk of dev, at most one each
        pushing = {i for e in stamped if e["args"]["device"] == dev
                   for i, (lo, hi) in enumerate(loops)
                   if lo <= e["ts"] <= hi}
        if not len(pushing) <= len(dev_spans[dev]) <= execs:
            errors.append("%s: %d device-timed kernels of device %d, "
                          "expected %d to %d" % (mech, len(dev_spans[dev]),
                                                 dev, len(pushing), execs))
        for lo, hi in dev_spans[dev]:
            if not any(h0 - SLACK_US <= lo and hi <= h1 + SLACK_US
                       for h0, h1 in host_spans[dev]):
                errors.append("%s: device %d's kernel ran %.1f..%.1f us, "
                              "outside its host-timed spans" % (mech, dev,
                                                                lo, hi))
                break
    for e in stamped:
        dev, t = e["args"]["device"], e["ts"]
        if not any(lo - 1.0 <= t <= hi + 1.0 for lo, hi in dev_spans[dev]):
            errors.append("%s: chunk %d of device %d ready at %.1f us, "
                          "outside the device's own kernel spans"
                          % (mech, e["args"]["chunk"], dev, t))
            break
    return errors


def check_stamped(mech, body, names, stamped):
    """Each chunk stamped ready on a device lies inside one of that
    device's kernel spans; under trigger, each of the device's own pushes
    starts at its chunk's readiness and ends inside the same kernel."""
    errors = []
    kernels = collections.defaultdict(list)
    for e in body:
        if e["cat"] == "kernel":
            kernels[e["args"]["device"]].append(
                (e["ts"] - SLACK_US, e["ts"] + e["dur"] + SLACK_US))

    def inside(dev, t0, t1):
        return any(lo <= t0 and t1 <= hi for lo, hi in kernels[dev])

    for e in stamped:
        if names[e["tid"]] != kernel_track(e["args"]["device"]):
            errors.append("%s: stamped chunk on track %r" % (mech,
                                                             names[e["tid"]]))
            break
        if not inside(e["args"]["device"], e["ts"], e["ts"]):
            errors.append("%s: chunk %d of device %d ready at %.1f us, "
                          "outside its kernels" % (mech, e["args"]["chunk"],
                                                   e["args"]["device"],
                                                   e["ts"]))
            break
    device_pushes = [e for e in body if e["cat"] == "copy" and
                     "chunk" in e["args"]]
    if mech == "trigger":
        if len(device_pushes) < len(stamped):
            errors.append("trigger: %d pushes stamped on the devices for %d "
                          "chunks" % (len(device_pushes), len(stamped)))
        for e in device_pushes:
            dev = int(e["args"]["src"].split()[-1])
            if not inside(dev, e["ts"], e["ts"] + e["dur"]):
                errors.append("trigger: push of chunk %d from device %d at "
                              "%.1f-%.1f us, outside its kernels"
                              % (e["args"]["chunk"], dev, e["ts"],
                                 e["ts"] + e["dur"]))
                break
    elif device_pushes:
        errors.append("%s: %d pushes stamped on host devices, whose agents "
                      "trace their own" % (mech, len(device_pushes)))
    return errors


def check_escapes(prog, args, tmp):
    """%h, %p and %r expanded; the origin, rank and identity recorded."""
    errors = []
    host = socket.gethostname().split(".")[0]
    pattern = os.path.join(tmp, "esc.%h.%p.%r.json")
    env = {"PROACT_TRACE": pattern, "PROACT_MPI": "0",
           "OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "2"}
    before = time.time_ns()
    r = run(prog, args, env)
    after = time.time_ns()
    if r.returncode != 0 or r.stderr:
        return ["escapes: exit %d, stderr %r" % (r.returncode, r.stderr)]
    files = [f for f in os.listdir(tmp) if f.startswith("esc.")]
    m = [re.fullmatch(r"esc\.%s\.(\d+)\.1\.json" % re.escape(host), f)
         for f in files]
    if len(files) != 1 or not m[0]:
        return ["escapes: files %s, expected esc.%s.PID.1.json" %
                (files, host)]
    pid = int(m[0].group(1))
    with open(os.path.join(tmp, files[0])) as f:
        doc = json.load(f)
    other = doc["otherData"]
    pname = [e["args"]["name"] for e in doc["traceEvents"]
             if e["name"] == "process_name"]
    want = "rank 1 of 2: %s (PROACT, pid %d on " % (os.path.basename(prog),
                                                    pid)
    if len(pname) != 1 or not pname[0].startswith(want):
        errors.append("escapes: process name %s, expected %r..." %
                      (pname, want))
    if (other.get("rank"), other.get("ranks"), other.get("pid")) != (1, 2,
                                                                     pid):
        errors.append("escapes: rank, ranks, pid %s" % other)
    if not before <= other.get("origin_unix_ns", 0) <= after:
        errors.append("escapes: origin_unix_ns %s outside the run [%d, %d]"
                      % (other.get("origin_unix_ns"), before, after))
    if not 0 < other.get("origin_monotonic_ns", 0) <= time.monotonic_ns():
        errors.append("escapes: origin_monotonic_ns %s" %
                      other.get("origin_monotonic_ns"))
    if not re.match(r"PROACT \d+\.\d+\.\d+ \(lowering ABI \d+\), commit ",
                    other.get("proact", "")):
        errors.append("escapes: no identity: %r" % other.get("proact"))
    if not errors:
        print("escapes: %s, rank 1 of 2, origin recorded" % files[0])
    return errors


def main():
    global DEVICES
    argv = sys.argv[1:]
    if argv[:1] == ["--devices"]:
        DEVICES, argv = argv[1], argv[2:]
    prog, args = argv[0], argv[1:]
    errors = []
    base = run(prog, args, {"PROACT_MECH": "memcpy"})
    if base.returncode != 0:
        print("untraced run failed: %s" % base.stderr[-2000:])
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for mech in ("memcpy", "poll", "trigger", "dma"):
            errors += check(prog, args, mech, tmp, base.stdout)
        errors += check_escapes(prog, args, tmp)
        bad = os.path.join(tmp, "no-such-dir", "t.json")
        r = run(prog, args, {"PROACT_TRACE": bad})
        if (r.returncode == 0 or "PROACT_TRACE" not in r.stderr or
                "No such file or directory" not in r.stderr or r.stdout):
            errors.append("an unwritable PROACT_TRACE: exit %d, stderr %r"
                          % (r.returncode, r.stderr[-500:]))
        else:
            print("unwritable path: %s" % r.stderr.strip().splitlines()[0])
    for e in errors:
        print("FAIL: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
