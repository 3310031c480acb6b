// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "device_inline.h"
#include "lang_compat.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/CommandLine.h"

#if CLANG_VERSION_MAJOR >= 17
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/Cloning.h"
#endif

namespace proact {

#if CLANG_VERSION_MAJOR >= 17
namespace {

// The contract's device helpers (proact__block_walk_*, proact__ready_*, ...)
// are static functions that every kernel of the file calls. OpenMPOpt's
// module pass runs before the inliner, and its Attributor tracks, for each
// function, the kernels that reach it through every call site, so with K
// kernels calling the same helpers it takes time quadratic in K. Inlined
// first, each kernel is analysed alone; the inliner would have inlined them
// later anyway. A cold or noinline helper (proact__read_fail, a checked
// load's failure path) stays out of line, as the inliner leaves it.
bool isHelper(const llvm::Function &F) {
  return F.hasLocalLinkage() && !F.isDeclaration() &&
         F.getName().starts_with("proact__");
}

bool inlines(const llvm::Function &F) {
  return isHelper(F) && !F.hasFnAttribute(llvm::Attribute::Cold) &&
         !F.hasFnAttribute(llvm::Attribute::NoInline);
}

struct InlineDeviceHelpers : llvm::PassInfoMixin<InlineDeviceHelpers> {
  static llvm::StringRef name() { return "ProactInlineDeviceHelpers"; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    bool Changed = false;
    // A helper's body may call helpers, which the next round inlines; the
    // bound only guards against a recursive helper.
    for (int Round = 0; Round < 16; Round++) {
      llvm::SmallVector<llvm::CallBase *, 64> Calls;
      for (llvm::Function &F : M) {
        if (!inlines(F))
          continue;
        for (llvm::User *U : F.users()) {
          auto *CB = llvm::dyn_cast<llvm::CallBase>(U);
          if (CB && CB->getCalledFunction() == &F &&
              !isHelper(*CB->getFunction()))
            Calls.push_back(CB);
        }
      }
      if (Calls.empty())
        break;
      for (llvm::CallBase *CB : Calls) {
        llvm::InlineFunctionInfo IFI;
        Changed |= llvm::InlineFunction(*CB, IFI).isSuccess();
      }
    }
    // A helper left unused may have been the last caller of another.
    for (bool Erased = true; Erased;) {
      Erased = false;
      for (llvm::Function &F : llvm::make_early_inc_range(M))
        if (inlines(F) && F.use_empty()) {
          F.eraseFromParent();
          Erased = Changed = true;
        }
    }
    return Changed ? llvm::PreservedAnalyses::none()
                   : llvm::PreservedAnalyses::all();
  }
};

} // namespace

void addDeviceHelperInlining(clang::CompilerInstance &CI) {
  if (!isOpenMPDevicePass(CI.getLangOpts()) ||
      CI.getCodeGenOpts().OptimizationLevel == 0)
    return;
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
      [](llvm::PassBuilder &PB) {
        PB.registerPipelineStartEPCallback(
            [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
              MPM.addPass(InlineDeviceHelpers());
            });
      });
}
#else
// clang 16's code generation options take no pass-builder callbacks.
void addDeviceHelperInlining(clang::CompilerInstance &) {}
#endif

// OpenMPOpt's transformations (SPMD kernels, state machines, shared
// memory) are for GPUs: on x86 it left the device code of PROACT's kernels
// unchanged and took about a fifth of the pass. The switch is global to
// this compiler process, which compiles this one file's device code.
void leaveOutOpenMPOpt() {
  auto &Opts = llvm::cl::getRegisteredOptions();
  auto It = Opts.find("openmp-opt-disable");
  // A -mllvm choice of the user's stands.
  if (It == Opts.end() || It->second->getNumOccurrences() > 0)
    return;
  It->second->addOccurrence(0, "openmp-opt-disable", "true");
}

} // namespace proact
