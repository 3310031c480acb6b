/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Inner loops whose variable is declared before the annotated loop (C89
// style: `int i, j; ... for (i = 0; ...) for (j = 0; ...)`). Each thread
// needs its own copy, as OpenMP makes a loop's variable private: the
// lowering declares it in each `for` header, or once at the top of the
// iteration (body_scan.h, PrivateVar). The variable before the loop is then
// left unchanged, so its value after the loop is not the sequential one;
// after each function is parsed, a check reports a variable that code after
// the loop may still read (docs/design/lowering.md).
#ifndef PROACT_CLANG_EXT_INNER_VARS_H
#define PROACT_CLANG_EXT_INNER_VARS_H

#include "body_scan.h"
#include "code.h"
#include "clang/AST/ASTConsumer.h"
#include <memory>

namespace proact {

// Body with each private variable's copy declared: `for (j = e; ...)`
// becomes `for (__typeof__(j) j = e; ...)`, or the body `{ __typeof__(j)
// j; body }` (PrivateVar::Shadow). Generated tokens are placed at At.
Tokens privatizeBody(clang::Preprocessor &PP, clang::SourceLocation At,
                     const Tokens &Body, const std::vector<PrivateVar> &P);

// The first statement of a lowering with private variables, by which the
// check finds them: `enum { __proact_private = sizeof(j) + ... };` (each
// name the user's token in its first header; nothing is evaluated).
Code privateMarker(const std::vector<PrivateVar> &P);

// Reports, after each function is parsed, a private variable that is live
// after its loop's lowering (clang's LiveVariables), or whose address the
// function takes.
std::unique_ptr<clang::ASTConsumer> makeInnerVarsCheck();

} // namespace proact

#endif
