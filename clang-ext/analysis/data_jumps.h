/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The check that no jump crosses the boundary of a '#pragma proact data'
// region (docs/user/directives.md, "The data directive").
#ifndef PROACT_CLANG_EXT_DATA_JUMPS_H
#define PROACT_CLANG_EXT_DATA_JUMPS_H

#include "clang/AST/ASTConsumer.h"
#include <memory>

namespace proact {

// Reports each 'return', 'break', 'continue' or 'goto' that leaves a data
// region, and each 'goto' into one, as each function is parsed.
std::unique_ptr<clang::ASTConsumer> makeDataJumpCheck();

} // namespace proact

#endif
