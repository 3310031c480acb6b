/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A device pass's optimisation pipeline: the generated-code contract's
// device helpers inlined into the kernels at its start (clang 17 and
// later), and no OpenMPOpt for a CPU device.
#ifndef PROACT_CLANG_EXT_DEVICE_INLINE_H
#define PROACT_CLANG_EXT_DEVICE_INLINE_H

namespace clang {
class CompilerInstance;
}

namespace proact {

// Registers the inlining with CI's code generation when CI compiles device
// code with optimisation; does nothing otherwise.
void addDeviceHelperInlining(clang::CompilerInstance &CI);

// Turns LLVM's OpenMPOpt off for the code generation to come, unless the
// user's -mllvm options name it. For an optimised CPU device pass of a file
// that holds PROACT loops.
void leaveOutOpenMPOpt();

} // namespace proact

#endif
