// Finds an inner loop that can be collapsed with the annotated one, so that
// a 2-D nest runs one GPU thread per (i, j) instead of one thread per row
// walking it serially (uncoalesced, and no faster on more GPUs).
#ifndef PROACT_CLANG_EXT_COLLAPSE_H
#define PROACT_CLANG_EXT_COLLAPSE_H

#include "loop_syntax.h"

namespace proact {

struct CollapsedInner {
  Tokens Header; // 'for ( ... )' of the inner loop
  Tokens Body;   // its body
};

// True when Body is exactly one canonical 'for' (optionally in braces) that
// declares its variable and whose bounds and step do not depend on the outer
// variable or on anything the inner body assigns.
bool findCollapsibleInner(clang::Preprocessor &PP, const CanonicalLoop &Outer,
                          const Tokens &Body, CollapsedInner &Out);

} // namespace proact

#endif
