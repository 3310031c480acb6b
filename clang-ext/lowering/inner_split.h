/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Which inner loops of a nest may run their iterations on different threads
// (collapse.h). The user declares the annotated loop's iterations
// independent, never an inner loop's: an inner loop is split only where the
// analysis proves that its iterations write distinct elements and read no
// element another of them writes; any other inner loop runs whole, in order,
// in the thread that runs its iteration of the annotated loop.
#ifndef PROACT_CLANG_EXT_INNER_SPLIT_H
#define PROACT_CLANG_EXT_INNER_SPLIT_H

#include "body_scan.h"
#include "directive.h"
#include <string>

namespace proact {

// Whether the inner loop over Var may be split: every store to a region
// array has an affine index whose coefficient of Var is not the constant 0
// (so two iterations of it never store one element; a reduced array is no
// region array, each thread updates its own copy), and every array stored
// is read, if at all, only at the elements the store writes in the same
// iteration (no reads(...) clause hiding its loads, no index that is not
// affine, one form for all of its stores). A store whose index does not
// use Var (`x[i] += A[i * n + j] * y[j]`) keeps the loop over Var whole:
// its iterations accumulate into one element in order.
bool innerLoopSplittable(clang::Preprocessor &PP, const Directive &D,
                         const BodyAccesses &A, const std::string &Var);

} // namespace proact

#endif
