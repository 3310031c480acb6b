/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Loads in flight for streaming bodies. A GPU thread of the plain walk
// issues one iteration's loads, waits for them, stores, and only then
// loads again: too few bytes in flight to keep HBM busy. When the body is
// one assignment, or ends in its one store, a thread runs U iterations at a
// time, all U right-hand sides first and then the U stores. The compiler
// cannot do this itself, not knowing the arrays apart; the reordering is
// ours to make because a PROACT loop's iterations are independent (they
// run on different devices in any order), and each iteration keeps its own
// order: its right-hand side before its store.
#ifndef PROACT_CLANG_EXT_ILP_H
#define PROACT_CLANG_EXT_ILP_H

#include "code.h"
#include <string>
#include <vector>

namespace proact {

struct CanonicalLoop;

// A body that is one assignment to an array element, `a[...] op rhs;` (op
// `=` or a compound assignment), optionally in braces, and what comes
// before it (Prefix: empty for one assignment).
struct Assignment {
  Tokens Prefix;
  Tokens Lhs;
  clang::Token Op;
  Tokens Rhs;
};

// Splits Body into an Assignment; false for anything else (several
// statements, declarations, control flow, a comma or a statement
// expression at the top level).
bool splitAssignment(const Tokens &Body, Assignment &Out);

// Splits a body whose last statement is such an assignment: the
// statements before it go to Out.Prefix, as written. They may declare
// and assign locals, branch and call, but not leave or restart the
// iteration (continue, break, return, goto), loop, switch, declare a
// static or a label (each group runs U copies of them, in nested scopes).
// The caller checks that the prefix stores to no region array (the body's
// one store is the last statement's).
bool splitTrailingAssignment(const Tokens &Body, Assignment &Out);

// Iterations per thread step for a body with NumReads array reads: more
// loads in flight, but each costs registers, so bodies with more reads take
// fewer. A CPU device's pass takes 1 (off): its compiler vectorises the
// plain walk, and the groups' copies of the body cost compile time. The
// plugin argument -fplugin-arg-proact-ilp=N overrides both (1: off).
unsigned ilpFactor(size_t NumReads);

// Which of a loop's three kernels (docs/design/lowering.md) a column walk
// is for.
enum class ColumnKernel { Plain, Instrumented, Forwarding };

// Rows per group of a column-walk kernel (docs/design/lowering.md): the
// plain kernel takes few rows, since more slowed 3-D stencils; the
// reporting kernels, which hold fewer warps (more registers), take more
// rows, with the group's shared loads merged (mergedRows), so that more
// loads in flight per thread make up for the lost warps. A body with
// statements before its store (Prefix) takes more rows in LLVM 16's plain
// kernel too, where that measured faster; a bare plain kernel (Bare:
// clang 18 on) takes 2, which keeps it at 32 registers, a full GPU of
// warps. A CPU device's pass takes 1, as ilpFactor. The plugin argument
// -fplugin-arg-proact-ilp=N overrides it for every kernel.
unsigned columnFactor(ColumnKernel K, bool Prefix = false, bool Bare = false);

// Whether a kernel's row groups write each row as the group's first row
// plus a constant, so that a row's loads that another row of the group
// also makes are one load (the reporting kernels; the plain ones keep
// fewer registers without it).
bool mergedRows(ColumnKernel K);

// Sets the override (0: none, use ilpFactor's choice).
void setIlpOverride(unsigned U);

// -fplugin-arg-proact-ilp=gpu: a CPU device's pass groups as a GPU's does,
// so that the GPUs' walks run on the host devices too (the tests).
void setIlpGpuEverywhere();

// Whether this pass gives each loop one kernel that runs the three walks
// (plain, instrumented, forwarding; docs/design/lowering.md): a CPU
// device's, unless -fplugin-arg-proact-ilp=gpu.
bool cpuOneKernel();

// The host's test for a part whose device runs that one kernel (C text
// over __proact_fwd, whose bit 1 the runtime sets for a CPU device): "0"
// where the device passes may not have written it so (-E, ilp=gpu).
const char *oneKernelRoute();

// Whether this build's kernels are the plain one alone, the forwarding and
// instrumented ones not even stubs: its offload targets are all CPUs, so
// every part runs the one kernel. The host pass knows its targets and says
// so with a marker global (oneKernelMarker) that its CPU device passes
// read, so that both passes emit the same target regions.
bool oneKernelPerLoop();

// The host pass's marker of oneKernelPerLoop (C text: a static local).
std::string oneKernelMarker();

// Whether the kernels read the part's iterations through a pointer to the
// host's proact__part_iters_t (is_device_ptr) instead of eight scalars: in
// a build for CPUs alone, whose devices read the host's memory, it is one
// captured argument per launch instead of eight. Both passes agree
// (oneKernelPerLoop, its marker left by every loop).
bool partItersByPointer();

// The part's tile width in a kernel (C text).
const char *kernelTileWidth();

// Emits the 1-D walk's groups: from the thread's position __proact_k (a
// variable), while U = Values.size() iterations __proact_k + u * Spacing
// lie before __proact_bhi, their U right-hand sides and then their U
// stores, the next group U * __proact_s0 further; the caller walks the
// remainder one at a time. Spacing is __proact_s0 (the threads' strided
// groups) or 1 (consecutive ones, vector_walk.h). Each copy declares the
// loop variable again, with the value Values[u] (C text), in a scope of
// its own; First, if given, follows the first copy's declaration. A
// prefix (A.Prefix) runs in its copy's scope before the right-hand side,
// and the copy takes the element's address there, since the element's
// index may name the prefix's locals, which the later copies shadow.
// ForwardArray >= 0: each store is followed by mech(inline)'s forward of
// the stored element.
void emitIlpWalk(Code &C, const CanonicalLoop &L, const Assignment &A,
                 const std::vector<std::string> &Values, int ForwardArray,
                 const std::string &Spacing = "__proact_s0",
                 const Code *First = nullptr);

} // namespace proact

#endif
