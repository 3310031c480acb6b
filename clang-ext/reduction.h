// The lowering of reduction(op: s, ...) (docs/directives.md): each part
// reduces into its own copy of s, started at op's identity (for +, *, ^,
// |, ||, &&) or at s itself (max, min, &: applying them twice changes
// nothing), through OpenMP reduction clauses on its kernel's teams and
// threads; after the loop the host folds the parts' values into s in part
// order. Integer, max and min results equal the sequential loop's; a
// floating-point sum or product is rounded in another order, as with
// OpenMP's reduction.
#ifndef PROACT_CLANG_EXT_REDUCTION_H
#define PROACT_CLANG_EXT_REDUCTION_H

#include "code.h"
#include "directive.h"
#include <string>

namespace proact {

// " map(tofrom: s) reduction(+: s)" for a kernel's target teams pragma.
std::string reductionTargetClauses(const Directive &D);
// " reduction(+: s)" for its parallel pragma.
std::string reductionParallelClauses(const Directive &D);
// After __proact_np is known: the parts' values, each at its start value.
void emitReductionSetup(Code &C, const Directive &D);
// After proact__loop_part_kernel: at least 2 teams (see reduction.cpp).
void emitReductionTeams(Code &C, const Directive &D);
// Around part __proact_p's kernels: a block where each s is the part's
// copy, written back at its end.
void emitReductionEnter(Code &C, const Directive &D);
void emitReductionLeave(Code &C, const Directive &D);
// After the parts, before proact__loop_end: s = s op part 0's value op
// part 1's ...
void emitReductionCombine(Code &C, const Directive &D);

} // namespace proact

#endif
