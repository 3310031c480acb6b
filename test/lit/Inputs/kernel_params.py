"""kernel_params.py HOST.ll DEVICE.ll: whether every kernel takes its
captured variables in the same order in both passes.

OpenMP passes a target region's captures by position, so a kernel whose
device version takes (k, s) where the host passes (s, k) reads each
value in the other's place. Compares, per kernel, the host fallback's
parameters with the device kernel's (names need -fno-discard-value-names;
the device's launch environment, dyn_ptr, is left out), except the
device's stubs, which only trap and are never launched there. Prints the
numbers of kernels compared and of stubs; exits 1 on the first
difference."""
import re
import sys

DEFINE = re.compile(r"^define [^@]*@(__omp_offloading_[A-Za-z0-9_]+)\((.*)\)")
FUNCTION = re.compile(r"^define [^@]*@([^(]+)\(")
REF = re.compile(r"@([A-Za-z0-9_.$]+)")


def stubs(path):
    """Kernels that only trap (a CPU device's stubs, never launched there):
    their captures do not matter. A kernel traps where llvm.trap is in a
    function it reaches, by call or by reference (an outlined parallel
    region is passed to the runtime, not called)."""
    refs, traps, current = {}, set(), None
    with open(path) as f:
        for line in f:
            m = FUNCTION.match(line)
            if m:
                current = m.group(1)
                refs[current] = set()
            elif line.startswith("}"):
                current = None
            elif current:
                if "@llvm.trap" in line:
                    traps.add(current)
                refs[current].update(REF.findall(line))
    trapping = set()
    for name in refs:
        seen, todo = set(), [name]
        while todo:
            f = todo.pop()
            if f in seen or f not in refs:
                continue
            seen.add(f)
            todo.extend(refs[f])
        if seen & traps:
            trapping.add(name)
    return trapping


def kernels(path):
    found = {}
    with open(path) as f:
        for line in f:
            m = DEFINE.match(line)
            if not m or m.group(1).endswith("_omp_outlined"):
                continue  # a kernel's outlined region (nvptx names)
            params = []
            for p in m.group(2).split(","):
                words = p.split()
                name = words[-1] if words and words[-1].startswith("%") else ""
                if name == "%dyn_ptr" or not words:
                    continue
                params.append((words[0], name))
            found[m.group(1)] = params
    return found


host, device = kernels(sys.argv[1]), kernels(sys.argv[2])
stubbed = stubs(sys.argv[2]) & set(device)
if set(host) != set(device):
    print("kernels differ: host only %s, device only %s" %
          (sorted(set(host) - set(device)), sorted(set(device) - set(host))))
    sys.exit(1)
for name in sorted(set(host) - stubbed):
    if host[name] != device[name]:
        print("%s: host %s\n  device %s" % (name, host[name], device[name]))
        sys.exit(1)
print("kernels: %d, same captures; stubs: %d" %
      (len(host) - len(stubbed), len(stubbed)))
