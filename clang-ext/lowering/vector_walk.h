/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// 16-byte accesses for streaming bodies. The 1-D walk's groups take
// iterations k, k + T, ... (ilp.h): every load and store is 4 bytes for a
// float array, and a copy kernel issues four times the instructions of
// hand-written CUDA's float4 one. When every array access of a
// one-assignment body is X[i + K] (or does not depend on i), a thread can
// instead take U consecutive iterations; where each such element of the
// group's first iteration lies on a 16-byte boundary, the compiler may
// merge the U loads of an array into vector loads, and the U stores into
// vector stores, once it is told so (__builtin_assume_aligned). Whether
// they lie there is known only at run time (the device replicas' addresses,
// the part's first iteration, K), so the kernel checks it per block and
// runs the block one iteration at a time where it does not hold (the
// strided groups where U elements never span 16 bytes).
// docs/design/lowering.md.
#ifndef PROACT_CLANG_EXT_VECTOR_WALK_H
#define PROACT_CLANG_EXT_VECTOR_WALK_H

#include "body_scan.h"
#include "code.h"
#include <vector>

namespace proact {

struct VectorAccess {
  clang::Token Name; // the array, as the body names it
  Code Offset;       // K of X[i + K]
};

// The accesses a consecutive group steps through; the store first.
struct VectorPlan {
  std::vector<VectorAccess> Accesses;
  bool usable() const { return !Accesses.empty(); }
};

// Fills P for groups of U iterations when the body's one store and each
// of its reads is X[i + K] (coefficient 1) or loop-invariant (coefficient
// 0), the coefficients being integer constants, nothing else is read
// through the arrays (no non-affine read, no reads(...) section), and no
// two accesses to one array have constant offsets that differ by other
// than a multiple of U. Otherwise P stays empty.
void planVectorWalk(clang::Preprocessor &PP, const BodyAccesses &A, unsigned U,
                    VectorPlan &P);

// The statements below expect the loop variable (Var) to be declared with
// the iteration's value.
//
// C expression: iterations from this one until the store's element lies on
// a 16-byte boundary (the block's head, run one at a time).
Code vectorPeel(const VectorPlan &P, const std::string &Var);

// The value of C (a coefficient or offset), when it is an integer constant.
bool constantValue(clang::Preprocessor &PP, const Code &C, long long &V);
// Constant expression, nonzero when U elements of every access span a
// multiple of 16 bytes (element sizes are the compiler's to know).
Code vectorFits(const VectorPlan &P, unsigned U);
// C expression, nonzero when this iteration has each access's element on a
// 16-byte boundary: where vectorFits holds, so has every group U * T
// iterations further.
Code vectorAligned(const VectorPlan &P, const std::string &Var);
// Statements telling the compiler so (in the group's first iteration).
Code vectorAssumes(const VectorPlan &P, const std::string &Var);

} // namespace proact

#endif
