# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# PROACT's Spack recipe (docs/user/install.md). It lives in PROACT's
# repository, beside the CMake options it sets: test/install/spack_recipe.py
# loads it in CI and checks every -D it passes against CMakeLists.txt.

from spack.package import *

try:  # Spack 1.0 and later: the build systems live in the builtin repository
    from spack_repo.builtin.build_systems.cmake import CMakePackage
    from spack_repo.builtin.build_systems.cuda import CudaPackage
except ImportError:  # Spack 0.x: spack.package has them
    pass


class Proact(CMakePackage, CudaPackage):
    """PROACT runs the '#pragma proact' loops of a sequential-looking C
    program on every GPU of a node: a Clang plugin lowers each loop to
    OpenMP target regions, one per device, and a runtime moves only the
    data each device reads, device to device."""

    # The source comes from a checkout: spack develop (docs/user/install.md).
    license("Apache-2.0 WITH LLVM-exception")

    version("0.10.0")

    variant("mpi", default=True, description="build libproact-mpi.so, the transport between ranks")
    variant("examples", default=False, description="build examples/")

    depends_on("cmake@3.20:", type="build")
    depends_on("python@3:", type="run")  # proact-tune's reports, proact-trace-plot
    # The plugin runs inside clang and programs link LLVM's libomptarget:
    # the same LLVM (22, or 16) builds PROACT and compiles the programs.
    depends_on("llvm@22,16 +clang", type=("build", "link", "run"))
    depends_on("llvm +offload", when="^llvm@22")
    depends_on("mpi", when="+mpi")
    conflicts("cuda_arch=none", when="+cuda", msg="PROACT's nvptx build needs one cuda_arch")

    def cmake_args(self):
        spec = self.spec
        llvm = spec["llvm"].prefix
        args = [
            self.define("PROACT_LLVM", str(spec["llvm"].version.up_to(1))),
            self.define("LLVM_ROOT", llvm),
            # The compilers must be that clang, not Spack's compiler of the day.
            self.define("CMAKE_C_COMPILER", join_path(llvm.bin, "clang")),
            self.define("CMAKE_CXX_COMPILER", join_path(llvm.bin, "clang++")),
            self.define("PROACT_OFFLOAD", "nvptx" if spec.satisfies("+cuda") else "host"),
            self.define("PROACT_BUILD_TESTS", False),
            self.define("PROACT_BUILD_BENCH", False),
            self.define_from_variant("PROACT_BUILD_EXAMPLES", "examples"),
            self.define("CMAKE_DISABLE_FIND_PACKAGE_MPI", spec.satisfies("~mpi")),
        ]
        if spec.satisfies("+cuda"):
            arch = spec.variants["cuda_arch"].value
            if isinstance(arch, (tuple, list)):
                arch = arch[0]
            args += [
                self.define("PROACT_CUDA_ARCH", "sm_" + str(arch)),
                self.define("PROACT_CUDA_PATH", spec["cuda"].prefix),
            ]
        return args
