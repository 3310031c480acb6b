/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The checks that run as each function is parsed (update_place.cpp,
// inner_vars.cpp) look at every function definition of a top-level
// declaration group.
#ifndef PROACT_CLANG_EXT_FUNCTION_BODIES_H
#define PROACT_CLANG_EXT_FUNCTION_BODIES_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclGroup.h"

namespace proact {

// Calls Fn(FunctionDecl *) for each function of DG that has a body.
template <typename F> void forEachFunctionBody(clang::DeclGroupRef DG, F &&Fn) {
  for (clang::Decl *D : DG)
    if (auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (FD->doesThisDeclarationHaveABody() && FD->getBody())
        Fn(FD);
}

} // namespace proact

#endif
