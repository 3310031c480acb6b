/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Finds the inner loops that can be collapsed with the annotated one, so a
// 2-D or 3-D nest runs one GPU thread per point instead of one thread per
// row walking it serially (uncoalesced, and no faster on more devices).
#ifndef PROACT_CLANG_EXT_COLLAPSE_H
#define PROACT_CLANG_EXT_COLLAPSE_H

#include "loop_syntax.h"
#include <functional>
#include <string>
#include <vector>

namespace proact {

struct CollapsedNest {
  std::vector<Tokens> Headers; // 'for ( ... )' of each collapsed inner loop
  std::vector<CanonicalLoop> Loops; // and its parse (for the trip count)
  Tokens Body;                 // the innermost body
};

// Collapses at most this many loops in all (OpenMP collapse(n)).
constexpr int MaxCollapse = 3;

// Collects the chain of inner loops under Outer that are perfectly nested
// (each body exactly one canonical 'for', optionally in braces), declare
// their variable, do not assign it in the innermost body, and whose bounds
// and step depend neither on an enclosing loop variable nor on anything the
// innermost body assigns, and that Splittable accepts by their variable
// (inner_split.h: splitting an inner loop over threads must not race).
// Returns false when there is none, or when the innermost body has a
// 'break' (a thread walks the collapsed range as one loop).
bool findCollapsibleNest(
    clang::Preprocessor &PP, const CanonicalLoop &Outer, const Tokens &Body,
    const std::function<bool(const std::string &)> &Splittable,
    CollapsedNest &Out);

} // namespace proact

#endif
