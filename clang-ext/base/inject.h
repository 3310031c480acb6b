/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Turns generated Code into real tokens: the generated text is lexed from a
// buffer in the SourceManager and every generated token gets an expansion
// location at the pragma, so OpenMP names its kernels after the user's file
// and line on both the host and the device pass.
#ifndef PROACT_CLANG_EXT_INJECT_H
#define PROACT_CLANG_EXT_INJECT_H

#include "code.h"
#include "clang/Lex/Preprocessor.h"

namespace proact {

Tokens materialize(clang::Preprocessor &PP, clang::SourceLocation At,
                   const Code &C);

// Pushes Toks in front of the rest of the file.
void inject(clang::Preprocessor &PP, const Tokens &Toks);

} // namespace proact

#endif
