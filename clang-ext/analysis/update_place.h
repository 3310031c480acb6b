/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Where '#pragma proact update' may stand: like OpenMP's standalone
// directives, not as the immediate substatement of if, else, for, while,
// do or switch (docs/user/directives.md, "The update directive").
#ifndef PROACT_CLANG_EXT_UPDATE_PLACE_H
#define PROACT_CLANG_EXT_UPDATE_PLACE_H

#include "clang/AST/ASTConsumer.h"
#include <memory>

namespace proact {

// The name of the first variable of an update directive's lowering, by
// which the check below recognises it.
extern const char *const UpdateItemsName;

// Reports each update directive that is the body of a control statement,
// as each function is parsed.
std::unique_ptr<clang::ASTConsumer> makeUpdatePlaceCheck();

} // namespace proact

#endif
