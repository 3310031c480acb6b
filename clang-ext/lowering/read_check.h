/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The device-side checks of the loads the runtime cannot check before the
// kernels (proact/detail/read_check.h): each load of BodyAccesses::Checked
// in the kernels' code becomes a call of proact__read_at that loads only
// inside what the part's device holds (or what the array's reads(...)
// clause names at the iteration), and records the first load that would
// leave it.
#ifndef PROACT_CLANG_EXT_READ_CHECK_H
#define PROACT_CLANG_EXT_READ_CHECK_H

#include "body_scan.h"
#include "code.h"
#include <set>

namespace proact {

// The arrays some checked load is bounded by the part's whole section of
// (__proact_plo<a>, __proact_plen<a>); none when read checks are off.
std::set<int> checkedSectionArrays(const BodyAccesses &A);

// After proact__loop_begin: the loop's proact__read_site_t table, given to
// the runtime (proact__loop_checks). Nothing when no load is checked.
void emitReadSites(clang::Preprocessor &PP, Code &C, const BodyAccesses &A);

// In part __proact_p's block, before its kernels: the kernels' fault slot
// __proact_rf, and each reads(...) section a checked load must lie in, as
// __proact_qc<r> * i + __proact_qo<r> and __proact_qn<r> elements (each a
// literal instead where the clause writes a constant).
void emitPartChecks(clang::Preprocessor &PP, Code &C,
                    const BodyAccesses &A);

// Kernels (generated code holding the body's tokens) with every checked
// load wrapped; Var is the annotated loop's variable.
Code checkLoads(clang::Preprocessor &PP, const Code &Kernels,
                const BodyAccesses &A, const std::string &Var);

} // namespace proact

#endif
