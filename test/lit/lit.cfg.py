# lit configuration for the PROACT Clang plugin tests.
import os
import sys
import lit.formats

config.name = "proact"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

site = lit_config.params.get("proact_site_config")
if not site:
    lit_config.fatal("run through ctest, or pass --param proact_site_config=")
lit_config.load_config(config, site)
config.test_exec_root = config.proact_exec_root  # outputs stay in the build

# The form of the plain kernels: bare (ompx_bare) from clang 18, SPMD
# (target teams + parallel) before; a FileCheck prefix for each
# (--check-prefixes=CHECK,%kernel-form).
config.available_features.add("clang%d" % config.proact_clang_major)
config.substitutions.append(
    ("%kernel-form", "BARE" if config.proact_clang_major >= 18 else "SPMD"))

# The NVPTX device runtime of this LLVM (clang 18+), where
# scripts/setup.sh --nvptx built it: tests that optimise device code as a
# GPU build does, the runtime linked in.
nvptx_rtl = os.path.join(config.llvm_lib, "nvptx64-nvidia-cuda",
                         "libomptarget-nvptx.bc")
if config.proact_clang_major >= 18 and os.path.exists(nvptx_rtl):
    config.available_features.add("nvptx-rtl")
    config.substitutions.append(("%nvptx-rtl", nvptx_rtl))

plugin = "-fplugin=" + config.proact_plugin
inc = "-I" + config.proact_include
# %proact-cc: the compiler with the plugin, OpenMP on, no offload target.
config.substitutions.append(
    ("%proact-cc",
     f"{config.proact_clang} -fopenmp {config.proact_openmp_flags} {plugin} {inc}"))
# %plugin-cc: the same without PROACT's include path.
config.substitutions.append(
    ("%plugin-cc",
     f"{config.proact_clang} -fopenmp {config.proact_openmp_flags} {plugin}"))
# %proact-offload-cc: the same, building a program for this build's devices.
config.substitutions.append(
    ("%proact-offload-cc",
     f"{config.proact_clang} {config.proact_offload_flags} {plugin} {inc} "
     f"-L{config.proact_lib_dir} -lproact "
     f"-Wl,-rpath,{config.proact_lib_dir}:{config.llvm_lib}"))
# %plain-offload-cc: this build's devices without the plugin.
config.substitutions.append(
    ("%plain-offload-cc",
     f"{config.proact_clang} {config.proact_offload_flags} {inc} "
     f"-L{config.proact_lib_dir} -lproact "
     f"-Wl,-rpath,{config.proact_lib_dir}:{config.llvm_lib}"))
# %seq-cc: the sequential reference build (pragmas ignored).
config.substitutions.append(
    ("%seq-cc", f"{config.proact_clang} -Wno-unknown-pragmas -ffp-contract=off {inc}"))
# %omp-device-pass: cc1's flag for an OpenMP device pass (renamed in 17).
config.substitutions.append(
    ("%omp-device-pass", "-fopenmp-is-target-device"
     if config.proact_clang_major >= 17 else "-fopenmp-is-device"))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%FileCheck", config.llvm_bin + "/FileCheck"))
config.environment["LD_LIBRARY_PATH"] = (
    config.proact_lib_dir + ":" + config.llvm_lib)
