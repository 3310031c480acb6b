// Finds how a loop body uses the region arrays: every store `a[idx] op= ...`
// with idx decomposed into coef * i + offset, where the offset may range over
// the canonical inner loops enclosing the store.
#ifndef PROACT_CLANG_EXT_BODY_SCAN_H
#define PROACT_CLANG_EXT_BODY_SCAN_H

#include "affine.h"
#include "directive.h"
#include "loop_syntax.h"
#include <vector>

namespace proact {

struct InnerTerm {     // Coef * j, j running over Loop
  Code Coef;
  CanonicalLoop Loop;
};

struct WriteSite {
  int Array = 0;       // index in Directive::Arrays
  clang::Token At;     // the array name at the store
  Code Coef;           // coefficient of the outer loop variable
  Code Offset;
  std::vector<InnerTerm> Inner;
};

// Scans Body (the tokens after the loop header). Reports diagnostics and
// returns false on an error.
bool scanBody(clang::Preprocessor &PP, const Directive &D,
              const CanonicalLoop &Outer, const Tokens &Body,
              std::vector<WriteSite> &Sites);

} // namespace proact

#endif
