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

// C wrapped so that clang reports no warning of Group (all of them by
// default) in its generated text, whatever the user's switches: they are
// for the user's code, and the user's tokens in C keep their own locations
// and so their warnings. The pragmas must be lexed from the same buffer as
// the text they cover (materialize makes one buffer per Code): a
// diagnostic's state is looked up by location.
Code quiet(const Code &C, const std::string &Group = "-Weverything");

// Pushes Toks in front of the rest of the file.
void inject(clang::Preprocessor &PP, const Tokens &Toks);

} // namespace proact

#endif
