#!/usr/bin/env python3
"""spack_recipe.py SOURCE_DIR: loads packaging/spack/packages/proact/package.py
with a small stand-in for Spack's directives (Spack itself is not installed
here) and checks that it declares what docs/user/install.md promises (the
licence, the cuda, cuda_arch and mpi variants, the LLVM dependency, tests
off) and that every -D its cmake_args passes, for each variant, is an
option CMakeLists.txt declares or a CMake variable of CMake's own."""
import os
import re
import sys
import types

src = sys.argv[1]
recorded = {"variant": {}, "depends_on": [], "license": [], "version": [],
            "conflicts": []}


def directive(kind):
    def record(*args, **kwargs):
        if kind == "variant":
            recorded["variant"][args[0]] = kwargs
        else:
            recorded[kind].append((args, kwargs))
    return record


class Prefix(str):
    def __getattr__(self, name):
        return Prefix(os.path.join(self, name))


class Variant:
    def __init__(self, value):
        self.value = value


class Version(str):
    def up_to(self, n):
        return Version(".".join(self.split(".")[:n]))


class Spec:
    """The few parts of a concrete spec the recipe reads."""

    def __init__(self, variants, llvm):
        self.variants = {k: Variant(v) for k, v in variants.items()}
        self.llvm = llvm

    def satisfies(self, text):
        m = re.fullmatch(r"([+~])(\w+)", text)
        if not m:
            raise ValueError("stub satisfies() cannot read " + text)
        return self.variants[m.group(2)].value == (m.group(1) == "+")

    def __getitem__(self, name):
        version = Version(self.llvm if name == "llvm" else "1.0")
        return types.SimpleNamespace(prefix=Prefix("/spack/opt/" + name), version=version)


class CMakePackage:
    def define(self, name, value):
        if isinstance(value, bool):
            value = "ON" if value else "OFF"
        return "-D{}={}".format(name, value)

    def define_from_variant(self, name, variant):
        return self.define(name, self.spec.variants[variant].value)


class CudaPackage:
    pass


directive("variant")("cuda", default=False)
directive("variant")("cuda_arch", values=("none", "80", "90"), multi=True)
package = types.ModuleType("spack.package")
package.CMakePackage = CMakePackage
package.CudaPackage = CudaPackage
package.join_path = os.path.join
for kind in recorded:
    setattr(package, kind, directive(kind))
package.__all__ = [n for n in vars(package) if not n.startswith("_")]
sys.modules["spack"] = types.ModuleType("spack")
sys.modules["spack.package"] = package

path = os.path.join(src, "packaging/spack/packages/proact/package.py")
namespace = {"__name__": "proact_recipe"}
exec(compile(open(path).read(), path, "exec"), namespace)
Proact = namespace["Proact"]
failed = []


def check(ok, what):
    if not ok:
        failed.append(what)
        print("FAIL: " + what)


check(issubclass(Proact, CMakePackage) and issubclass(Proact, CudaPackage),
      "Proact is a CMakePackage and a CudaPackage")
check(recorded["license"] == [(("Apache-2.0 WITH LLVM-exception",), {})],
      "license('Apache-2.0 WITH LLVM-exception')")
for v in ("cuda", "cuda_arch", "mpi"):
    check(v in recorded["variant"], "variant " + v)
llvm_deps = [a[0] for a, _ in recorded["depends_on"] if a[0].startswith("llvm@")]
check(any(re.match(r"llvm@(22,16|16,22) \+clang", d) for d in llvm_deps),
      "depends on llvm@22,16 +clang")
check(any(a[0] == "mpi" and k.get("when") == "+mpi" for a, k in recorded["depends_on"]),
      "depends on mpi when +mpi")

# The options CMakeLists.txt declares (option() and set(... CACHE)).
declared = set()
for root, dirs, files in os.walk(src):
    dirs[:] = [d for d in dirs if not d.startswith(("build", ".")) and d != "test"]
    for f in files:
        if f == "CMakeLists.txt" or f.endswith(".cmake"):
            text = open(os.path.join(root, f)).read()
            declared.update(re.findall(r"\boption\(\s*(\w+)", text))
            declared.update(re.findall(r"\bset\(\s*(\w+)\s[^)]*\bCACHE\b", text))
cmake_own = {"CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER", "CMAKE_DISABLE_FIND_PACKAGE_MPI",
             "LLVM_DIR"}

cases = 0
for cuda in (False, True):
    for mpi in (False, True):
        for llvm in ("22.1.8", "16.0.6"):
            pkg = Proact()
            pkg.spec = Spec({"cuda": cuda, "cuda_arch": ("90",), "mpi": mpi,
                             "examples": False}, llvm)
            args = pkg.cmake_args()
            defs = dict(a[2:].split("=", 1) for a in args)
            cases += 1
            for name in defs:
                check(name in declared or name in cmake_own,
                      "-D{} ({}) is not an option of CMakeLists.txt".format(name, llvm))
            check(defs.get("PROACT_BUILD_TESTS") == "OFF", "tests off")
            check(defs.get("PROACT_LLVM") == llvm.split(".")[0],
                  "PROACT_LLVM for llvm@{}".format(llvm))
            check(defs.get("PROACT_OFFLOAD") == ("nvptx" if cuda else "host"),
                  "PROACT_OFFLOAD follows +cuda")
            check(defs.get("CMAKE_DISABLE_FIND_PACKAGE_MPI") == ("OFF" if mpi else "ON"),
                  "~mpi disables MPI")
            if cuda:
                check(defs.get("PROACT_CUDA_ARCH") == "sm_90", "cuda_arch=90 is sm_90")
                check(defs.get("PROACT_CUDA_PATH") == "/spack/opt/cuda", "CUDA's prefix")
if failed:
    sys.exit(1)
print("ok: the Spack recipe loads; its cmake_args for {} variant sets use only "
      "options CMakeLists.txt declares".format(cases))
