/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The plugin arguments that choose which kernel variants a loop gets
// (docs/user/building.md, "Plugin arguments"): a large code can leave out
// the kernels of mechanisms it never runs, and pick its read checks at
// compile time instead of at run time.
#ifndef PROACT_CLANG_EXT_BUILD_OPTIONS_H
#define PROACT_CLANG_EXT_BUILD_OPTIONS_H

#include <string>

namespace proact {

// The mech(...) spelling of proact_mech_t value M; nullptr if none.
const char *mechName(int M);

// -fplugin-arg-proact-read-check=: runtime (the default) gives the loads
// the host cannot check one kernel whose checks PROACT_READ_CHECK switches
// through their bounds; on checks them always, off never
// (PROACT__READ_CHECK_* in proact/detail/codegen.h).
enum class ReadCheckMode { Runtime, On, Off };
void setReadCheckMode(ReadCheckMode M);
ReadCheckMode readCheckMode();

// -fplugin-arg-proact-mechanisms=LIST: the mechanisms (comma-separated
// mech(...) names) whose kernels the lowering emits. memcpy (the plain
// kernel, which every loop has) is always in; poll, trigger and dma share
// the instrumented kernel, inline has the forwarding one. False, with the
// first bad name in Bad, when LIST names no valid mechanism.
bool setMechanisms(const std::string &List, std::string &Bad);
// Whether the kernel mechanism M (proact_mech_t) needs is emitted; auto
// is always (the runtime picks among those emitted).
bool mechanismBuilt(int M);
// The argument as given ("" when absent), for diagnostics.
const std::string &mechanismsArg();

// -fplugin-arg-proact-openmp=: "spread" (OpenMP offload constructs run
// as PROACT loops, spread/) or "off". False for anything else.
bool setOpenMPMode(const std::string &Value);
bool openMPSpreadOn();

} // namespace proact

#endif
