/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Whether an OpenMP pragma stands in the program's text between two places:
// what a separate preprocessing step (clang -E) has already printed.
#ifndef PROACT_CLANG_EXT_OMP_LINE_SCAN_H
#define PROACT_CLANG_EXT_OMP_LINE_SCAN_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"

namespace proact {

// Starts recording the ranges PP skips (false #if branches); call before
// any text to be scanned is preprocessed.
void trackSkippedRanges(clang::Preprocessor &PP);

// Whether a '#pragma omp' line or an _Pragma("omp ...") lies in the same
// file between From and To, outside comments and skipped #if branches.
bool openMPPragmaBetween(clang::Preprocessor &PP, clang::SourceLocation From,
                         clang::SourceLocation To);

} // namespace proact

#endif
