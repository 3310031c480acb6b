/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Inlines the generated-code contract's device helpers into the kernels at
// the start of a device pass's optimisation pipeline (clang 17 and later).
#ifndef PROACT_CLANG_EXT_DEVICE_INLINE_H
#define PROACT_CLANG_EXT_DEVICE_INLINE_H

namespace clang {
class CompilerInstance;
}

namespace proact {

// Registers the inlining with CI's code generation when CI compiles device
// code with optimisation; does nothing otherwise.
void addDeviceHelperInlining(clang::CompilerInstance &CI);

} // namespace proact

#endif
