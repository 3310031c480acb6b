/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Reduction updates whose stored value changes in conversion. Each thread
// reduces its share into its own copy and the copies are folded in the
// variable's type, which gives the sequential loop's result only where
// every update is associative in that type: an integer sum of real values
// truncates at each step, and a max / min that stores an int into a
// signed char (or compares an integer after rounding it to a float) keeps
// another value than the sequential loop. The body scan records where the
// updates it accepted store; this check reads their types from the AST.
#ifndef PROACT_CLANG_EXT_REDUCTION_TYPES_H
#define PROACT_CLANG_EXT_REDUCTION_TYPES_H

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceLocation.h"
#include <memory>
#include <string>

namespace proact {

// The token at Loc names reduction variable Name (reduced with Op) where
// an accepted update may store to it.
void noteReductionUpdate(clang::SourceLocation Loc, const std::string &Op,
                         const std::string &Name);

std::unique_ptr<clang::ASTConsumer> makeReductionTypeCheck();

} // namespace proact

#endif
