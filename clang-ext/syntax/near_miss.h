/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Spelling suggestions: the closest of a few known words to a misspelt one,
// and the warning for a pragma that looks like a misspelt '#pragma proact'
// (clang ignores unknown pragmas without a word unless -Wunknown-pragmas).
#ifndef PROACT_CLANG_EXT_NEAR_MISS_H
#define PROACT_CLANG_EXT_NEAR_MISS_H

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace proact {

// The word of Known closest to Word (case-insensitive edit distance of at
// most 2, and less than half Word's length; a word that starts with Word
// but its last letter counts as distance 1), or "" if none is that close.
std::string closestWord(llvm::StringRef Word,
                        llvm::ArrayRef<llvm::StringRef> Known);

// Installs the handler of unknown pragmas that warns, with a fix-it, about
// near misses of 'proact' ('#pragma proactregion', '#pragma Proact', ...)
// and otherwise does what clang does. Only for compilations that parse:
// under -E the printer must see unknown pragmas to copy them.
void addNearMissHandler(clang::Preprocessor &PP);

} // namespace proact

#endif
