/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The lowering of reduction(op: s, ...) (docs/design/lowering.md,
// "Reductions"): each thread of a part's kernel accumulates into its own s,
// started at op's identity (+ * ^ | || &&) or at s itself (max, min, &:
// applying them twice changes nothing); at the kernel's end the threads
// fold their copies through the part's device scratch
// (proact/detail/team_fold.h) in an order fixed by the geometry, and the
// last team to finish hands the part's value back; after the loop the host
// folds the parts' values into s in part order. No OpenMP reduction
// clause: its runtime slowed every kernel of the program. Integer, max and
// min results equal the sequential loop's; a floating-point sum or product
// is rounded in another order, the same one at every run of the same
// geometry.
// Array sections, reduction(op: h[lo:len]), get a private copy per thread
// instead (reduction.cpp, "Array reductions").
#ifndef PROACT_CLANG_EXT_REDUCTION_H
#define PROACT_CLANG_EXT_REDUCTION_H

#include "code.h"
#include "directive.h"
#include "kernel_ids.h"
#include <string>

namespace proact {

// " is_device_ptr(__proact_sc) map(from: __proact_out0, ...)" for a
// kernel's target teams pragma.
std::string reductionTargetClauses(const Directive &D);
// After __proact_np is known: the parts' values.
void emitReductionSetup(Code &C, const Directive &D);
// After proact__loop_part_kernel: opens a block with the part's start
// values and result variables and its scratch (__proact_sc; the runtime
// may lower __proact_nt).
void emitReductionEnter(Code &C, const Directive &D);
// At the start of a kernel's parallel region: the thread's own s.
void emitReductionThreadStart(Code &C, const Directive &D);
// At its end: the fold of the threads' and teams' copies, with the kernel's
// identities and barrier (SPMD or bare).
void emitReductionThreadEnd(Code &C, const Directive &D,
                            const KernelIds &Ids);
// After the part's kernels: stores its value, closes Enter's block.
void emitReductionLeave(Code &C, const Directive &D);
// After the parts, before proact__loop_end: s = s op part 0's value op
// part 1's ... (for an array section, element by element, where the
// section is current: proact__loop_array_fetch / _publish).
void emitReductionCombine(Code &C, const Directive &D);
// Whether D reduces an array section: its kernels must then run each
// iteration's updates in order on one thread (no grouped walks).
bool hasArrayReduction(const Directive &D);

} // namespace proact

#endif
