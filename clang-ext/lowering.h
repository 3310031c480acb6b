// The C that replaces an annotated loop or data block
// (docs/design/lowering.md).
#ifndef PROACT_CLANG_EXT_LOWERING_H
#define PROACT_CLANG_EXT_LOWERING_H

#include "body_scan.h"

namespace proact {

// The whole replacement of `#pragma proact region(...)` + its loop.
Code lowerLoop(clang::Preprocessor &PP, const Directive &D,
               const CanonicalLoop &L, const Tokens &Body,
               const BodyAccesses &Accesses);

// The prefix put in front of the block of `#pragma proact data`: a one-pass
// 'for' whose init enters the data region and whose increment leaves it.
Code lowerData(clang::Preprocessor &PP, const Directive &D);

} // namespace proact

#endif
