/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// How a kernel names its thread, team size, team and team count, and how
// its team waits for itself: the OpenMP calls and barrier in an SPMD kernel
// (target teams + parallel), the hardware's registers and bar.sync in a
// bare one (ompx_bare; proact__kernel_*, proact/detail/device_ready.h).
#ifndef PROACT_CLANG_EXT_KERNEL_IDS_H
#define PROACT_CLANG_EXT_KERNEL_IDS_H

namespace proact {

struct KernelIds {
  const char *Thread, *Threads, *Team, *Teams, *Sync;
};

inline const KernelIds &kernelIds(bool Bare) {
  static const KernelIds Spmd = {"omp_get_thread_num()",
                                 "omp_get_num_threads()", "omp_get_team_num()",
                                 "omp_get_num_teams()",
                                 "_Pragma(\"omp barrier\")"};
  static const KernelIds Hw = {"proact__kernel_thread()",
                               "proact__kernel_threads()",
                               "proact__kernel_team()",
                               "proact__kernel_teams()",
                               "proact__kernel_sync();"};
  return Bare ? Hw : Spmd;
}

} // namespace proact

#endif
