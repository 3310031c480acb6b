"""kernel_params.py HOST.ll DEVICE.ll: whether every kernel takes its
captured variables in the same order in both passes.

OpenMP passes a target region's captures by position, so a kernel whose
device version takes (k, s) where the host passes (s, k) reads each
value in the other's place. Compares, per kernel, the host fallback's
parameters with the device kernel's (names need -fno-discard-value-names;
the device's launch environment, dyn_ptr, is left out). Prints the
number of kernels compared; exits 1 on the first difference."""
import re
import sys

DEFINE = re.compile(r"^define [^@]*@(__omp_offloading_[A-Za-z0-9_]+)\((.*)\)")


def kernels(path):
    found = {}
    with open(path) as f:
        for line in f:
            m = DEFINE.match(line)
            if not m:
                continue
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
if set(host) != set(device):
    print("kernels differ: host only %s, device only %s" %
          (sorted(set(host) - set(device)), sorted(set(device) - set(host))))
    sys.exit(1)
for name in sorted(host):
    if host[name] != device[name]:
        print("%s: host %s\n  device %s" % (name, host[name], device[name]))
        sys.exit(1)
print("kernels: %d, same captures" % len(host))
