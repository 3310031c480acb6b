#!/usr/bin/env python3
"""nvtx.py TOOL PROGRAM ARGS...: PROACT's NVTX ranges as a tool sees them.

Runs the program on 2 host devices under dma and trigger with TOOL (a
minimal NVTX tool, nvtx_tool.c) injected through NVTX_INJECTION64_PATH, as
Nsight Systems injects itself, and with PROACT_TRACE at the same time. The
tool must see one "PROACT" domain, ranges that nest on every thread (each
pop closes an open range), the agent threads named, and as many loop and
kernel ranges and chunk-ready marks as the trace file has loops, kernels
and chunks seen ready by an agent. The results are those of an uninjected
run.
"""
import collections
import json
import os
import subprocess
import sys
import tempfile


def run(prog, args, env_extra):
    env = dict(os.environ, PROACT_DEVICES="0,1")
    env.update(env_extra)
    return subprocess.run([prog] + args, env=env, capture_output=True,
                          text=True, timeout=120)


def check(tool, prog, args, mech, tmp, expected):
    seen_path = os.path.join(tmp, "nvtx-%s.txt" % mech)
    trace_path = os.path.join(tmp, "trace-%s.json" % mech)
    r = run(prog, args, {"PROACT_MECH": mech, "NVTX_INJECTION64_PATH": tool,
                         "NVTX_TEST_TOOL_OUT": seen_path,
                         "PROACT_TRACE": trace_path})
    if r.returncode != 0:
        return ["%s: exit %d: %s" % (mech, r.returncode, r.stderr[-2000:])]
    errors = []
    if r.stdout != expected:
        errors.append("%s: results differ from the run without a tool" % mech)
    if not os.path.exists(seen_path):
        return errors + ["%s: the tool was not injected (no %s)"
                         % (mech, seen_path)]
    with open(seen_path) as f:
        lines = f.read().splitlines()
    with open(trace_path) as f:
        events = [e for e in json.load(f)["traceEvents"] if e["ph"] != "M"]
    domains = [l.split(" ", 1)[1] for l in lines if l.startswith("domain ")]
    if domains != ["PROACT"]:
        errors.append("%s: domains %s, expected ['PROACT']" % (mech, domains))
    pushes = [l.split(" ", 2)[2] for l in lines if l.startswith("push ")]
    pops = [int(l.split()[2]) for l in lines if l.startswith("pop ")]
    if len(pushes) != len(pops) or any(d < 1 for d in pops):
        errors.append("%s: %d ranges pushed, %d popped, %d pops with none "
                      "open" % (mech, len(pushes), len(pops),
                                sum(d < 1 for d in pops)))
    if any(not l.startswith(("push PROACT ", "pop PROACT ", "mark PROACT ",
                             "domain ", "thread "))
           for l in lines):
        errors.append("%s: a call outside the PROACT domain" % mech)
    starts = collections.Counter(p.split(" ", 1)[0] for p in pushes)
    loops = sum(e["cat"] == "loop" and e["name"].startswith("loop ")
                for e in events)
    kernels = sum(e["cat"] == "kernel" for e in events)
    agent_ready = sum(e["cat"] == "ready" and e["args"]["seen by"] != "device"
                      for e in events)
    marks = sum(l.startswith("mark PROACT chunk ready ") for l in lines)
    if starts["loop"] != loops or loops == 0:
        errors.append("%s: %d loop ranges, the trace has %d loops"
                      % (mech, starts["loop"], loops))
    if starts["kernel"] != kernels:
        errors.append("%s: %d kernel ranges, the trace has %d kernels"
                      % (mech, starts["kernel"], kernels))
    if marks != agent_ready:
        errors.append("%s: %d chunk-ready marks, the trace has %d chunks "
                      "seen ready by agents" % (mech, marks, agent_ready))
    threads = {l.split(" ", 1)[1] for l in lines if l.startswith("thread ")}
    want = (set() if mech == "trigger" else
            {"proact-%s-%d" % (mech, d) for d in (0, 1)})
    if threads != want:
        errors.append("%s: threads named %s, expected %s"
                      % (mech, sorted(threads), sorted(want)))
    print("%s: %d ranges (%s), %d marks, threads %s"
          % (mech, len(pushes), ", ".join("%s %d" % kv for kv in
                                          sorted(starts.items())),
             marks, sorted(threads)))
    return errors


def main():
    tool, prog, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        for mech in ("dma", "trigger"):
            base = run(prog, args, {"PROACT_MECH": mech})
            if base.returncode != 0:
                print("run without a tool failed: %s" % base.stderr[-2000:])
                return 1
            errors += check(tool, prog, args, mech, tmp, base.stdout)
    for e in errors:
        print("FAIL: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
