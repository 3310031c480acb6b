// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "plugin_args.h"
#include "build_options.h"
#include "data_jumps.h"
#include "device_inline.h"
#include "near_miss.h"
#include "diagnostics.h"
#include "lang_compat.h"
#include "ilp.h"
#include "inner_vars.h"
#include "name_lookup.h"
#include "reduction_types.h"
#include "openmp_spread.h"
#include "profile.h"
#include "update_place.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"

using namespace clang;

namespace proact {
namespace {

bool DirectiveSeen = false;

// The first loop lowered before this compilation (its descriptor variable
// gives it away), reported at its function's name: the lowered code is one
// line of thousands of columns, too long to show.
class LoweredLoopFinder : public RecursiveASTVisitor<LoweredLoopFinder> {
public:
  SourceLocation Found;
  bool VisitVarDecl(VarDecl *V) {
    if (!V->getIdentifier() || V->getName() != "__proact_loop")
      return true;
    const auto *Fn =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    Found = Fn ? Fn->getLocation() : V->getLocation();
    return false;
  }
};

// Warns when arguments were given, the handler saw no directive, and the
// file holds lowered loops: they were lowered without the arguments.
class ArgumentsReachedCheck : public ASTConsumer {
  std::string Given;

public:
  explicit ArgumentsReachedCheck(std::string G) : Given(std::move(G)) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    checkProfileAtEnd(Ctx);
    // The device pass sees the same file; one warning is enough.
    if (Given.empty() || DirectiveSeen || isOpenMPDevicePass(Ctx.getLangOpts()))
      return;
    LoweredLoopFinder F;
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    if (F.Found.isValid())
      report(Ctx.getDiagnostics(), F.Found, Diag::ArgumentsNotApplied)
          << Given;
  }
};

// A device pass of a file with PROACT loops (lowered here or by `clang -E`)
// for a CPU runs without OpenMPOpt (device_inline.h).
class CpuDevicePipeline : public ASTConsumer {
  CompilerInstance &CI;

public:
  explicit CpuDevicePipeline(CompilerInstance &C) : CI(C) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // The cheap tests first: the search walks the whole AST.
    if (!cpuDevicePass() || CI.getCodeGenOpts().OptimizationLevel == 0)
      return;
    LoweredLoopFinder F;
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    if (F.Found.isValid())
      leaveOutOpenMPOpt();
  }
};

class ProactArgs : public PluginASTAction {
  std::string Given; // the first argument, for the warning

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    setLookupInstance(&CI); // not FrontendAction::setCompilerInstance
    keepIgnoredIgnored(CI.getDiagnostics());
    addNearMissHandler(CI.getPreprocessor());
    addDeviceHelperInlining(CI);
    prepareSpread(CI);
    std::vector<std::unique_ptr<ASTConsumer>> Checks;
    Checks.push_back(std::make_unique<ArgumentsReachedCheck>(Given));
    Checks.push_back(makeDataJumpCheck());
    Checks.push_back(makeUpdatePlaceCheck());
    Checks.push_back(makeInnerVarsCheck());
    Checks.push_back(makeReductionTypeCheck());
    Checks.push_back(makeSpreadConsumer());
    Checks.push_back(std::make_unique<CpuDevicePipeline>(CI));
    return std::make_unique<MultiplexConsumer>(std::move(Checks));
  }
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    for (const std::string &A : Args) {
      if (Given.empty())
        Given = A;
      if (A.rfind("profile=", 0) == 0) {
        if (A.size() == 8) { // an unset variable in a build script
          report(CI.getDiagnostics(), SourceLocation(),
                 Diag::BadPluginArgValue)
              << "" << "profile" << "the path of a profile file";
          return false;
        }
        setProfilePath(A.substr(8));
        continue;
      }
      if (A.rfind("ilp=", 0) == 0) {
        if (A.size() == 5 && A[4] >= '1' && A[4] <= '8') {
          setIlpOverride((unsigned)(A[4] - '0'));
          continue;
        }
        if (A == "ilp=gpu") {
          setIlpGpuEverywhere();
          continue;
        }
        report(CI.getDiagnostics(), SourceLocation(), Diag::BadPluginArgValue)
            << A.substr(4) << "ilp" << "1 to 8, or gpu";
        return false;
      }
      if (A.rfind("mechanisms=", 0) == 0) {
        std::string Bad;
        if (setMechanisms(A.substr(11), Bad))
          continue;
        report(CI.getDiagnostics(), SourceLocation(), Diag::BadPluginArgValue)
            << Bad << "mechanisms"
            << "a comma-separated list of memcpy, inline, poll, trigger, dma";
        return false;
      }
      if (A.rfind("openmp=", 0) == 0) {
        if (setOpenMPMode(A.substr(7)))
          continue;
        report(CI.getDiagnostics(), SourceLocation(), Diag::BadPluginArgValue)
            << A.substr(7) << "openmp" << "spread or off";
        return false;
      }
      if (A.rfind("read-check=", 0) == 0) {
        const std::string V = A.substr(11);
        if (V == "runtime" || V == "on" || V == "off") {
          setReadCheckMode(V == "on"    ? ReadCheckMode::On
                           : V == "off" ? ReadCheckMode::Off
                                        : ReadCheckMode::Runtime);
          continue;
        }
        report(CI.getDiagnostics(), SourceLocation(), Diag::BadPluginArgValue)
            << V << "read-check" << "runtime, on or off";
        return false;
      }
      bool Taken;
      std::string Why;
      if (!takeDiagnosticArg(A, &Taken, &Why)) {
        report(CI.getDiagnostics(), SourceLocation(), Diag::UnknownDiagName)
            << A << (A[0] == 'R' ? "remark" : "warning") << Why;
        return false;
      }
      if (Taken)
        continue;
      report(CI.getDiagnostics(), SourceLocation(), Diag::UnknownPluginArg)
          << A;
      return false;
    }
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

void noteDirective() { DirectiveSeen = true; }

} // namespace proact

static FrontendPluginRegistry::Add<proact::ProactArgs>
    RegisterProactArgs("proact", "PROACT plugin arguments (profile=FILE, ilp=N, mechanisms=LIST, "
                       "read-check=MODE, openmp=spread)");
