// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Jumps across the boundary of a '#pragma proact data' region. The region is
// lowered to a one-pass 'for' whose init enters it and whose increment
// leaves it (lowerData), so a 'return', 'goto', 'break' or 'continue' out of
// its block skips the exit (the arrays are not copied back, the replicas
// leak), and a 'goto' into it runs the exit without the entry. Checked on
// the AST of each function, as OpenMP checks its structured blocks.
#include "data_jumps.h"
#include "diagnostics.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <map>
#include <vector>

using namespace clang;

namespace proact {
namespace {

// The region a data directive became: its 'for' declares __proact_data.
const ForStmt *asDataRegion(const Stmt *S) {
  const auto *F = dyn_cast<ForStmt>(S);
  const auto *Init = F ? dyn_cast_or_null<DeclStmt>(F->getInit()) : nullptr;
  if (!Init || !Init->isSingleDecl())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(Init->getSingleDecl());
  return V && V->getIdentifier() && V->getName() == "__proact_data" ? F
                                                                     : nullptr;
}

class Checker {
public:
  Checker(ASTContext &Ctx) : Ctx(Ctx), DE(Ctx.getDiagnostics()) {}

  void run(const Stmt *Body) {
    walk(Body);
    for (const auto &G : Gotos) {
      auto L = Labels.find(G.Label);
      if (L == Labels.end())
        continue;
      const std::vector<const ForStmt *> &From = G.Regions, &To = L->second;
      // The innermost region the goto leaves, else the one it enters.
      const ForStmt *Left = nullptr, *Entered = nullptr;
      for (const ForStmt *R : From)
        if (std::find(To.begin(), To.end(), R) == To.end())
          Left = R;
      for (const ForStmt *R : To)
        if (std::find(From.begin(), From.end(), R) == From.end() && !Entered)
          Entered = R;
      if (Left)
        leave(G.Loc, Left, "goto", "set a flag and jump after the region");
      else if (Entered)
        Found.push_back(Finding{G.Loc, Entered, nullptr, nullptr});
    }
    // In source order, as the parser would have reported them; findings at
    // one place keep their order. (std::sort on an index: libstdc++ 12's
    // std::stable_sort uses an API clang 22 warns is deprecated.)
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<size_t> Order(Found.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      if (SM.isBeforeInTranslationUnit(Found[A].Loc, Found[B].Loc))
        return true;
      if (SM.isBeforeInTranslationUnit(Found[B].Loc, Found[A].Loc))
        return false;
      return A < B;
    });
    for (size_t I : Order) {
      const Finding &F = Found[I];
      if (F.How)
        report(DE, F.Loc, Diag::LeaveDataRegion) << F.How << F.Hint;
      else
        report(DE, F.Loc, Diag::EnterDataRegion);
      // The lowering's tokens are placed at the directive: the note goes
      // there, not inside the generated text.
      report(DE, SM.getExpansionLoc(F.Region->getForLoc()),
             Diag::DataRegionHere);
    }
  }

private:
  struct Frame {
    const ForStmt *Region;
    int Loops = 0;    // loops entered inside the region
    int Switches = 0; // switch statements entered inside the region
  };
  struct Goto {
    SourceLocation Loc;
    const LabelDecl *Label;
    std::vector<const ForStmt *> Regions; // enclosing, outermost first
  };
  // A jump out of (How: its keyword) or into (How null) Region.
  struct Finding {
    SourceLocation Loc;
    const ForStmt *Region;
    const char *How;
    const char *Hint;
  };
  ASTContext &Ctx;
  DiagnosticsEngine &DE;
  std::vector<Finding> Found;
  std::vector<Frame> Frames;
  std::vector<Goto> Gotos;
  std::map<const LabelDecl *, std::vector<const ForStmt *>> Labels;

  std::vector<const ForStmt *> regions() const {
    std::vector<const ForStmt *> R;
    for (const Frame &F : Frames)
      R.push_back(F.Region);
    return R;
  }

  void leave(SourceLocation Loc, const ForStmt *Region, const char *How,
             const char *Hint) {
    Found.push_back(Finding{Loc, Region, How, Hint});
  }

  void walk(const Stmt *S) {
    if (S == nullptr)
      return;
    // OpenMP checks jumps out of its own regions (the PROACT loops' kernels
    // and their never-run copies are OpenMP directives).
    if (isa<OMPExecutableDirective>(S) || isa<BlockExpr>(S))
      return;
    if (const ForStmt *R = asDataRegion(S)) {
      Frames.push_back(Frame{R});
      walk(R->getBody());
      Frames.pop_back();
      return;
    }
    Frame *Top = Frames.empty() ? nullptr : &Frames.back();
    if (const auto *L = dyn_cast<LabelStmt>(S))
      Labels[L->getDecl()] = regions();
    if (const auto *G = dyn_cast<GotoStmt>(S))
      Gotos.push_back(Goto{G->getGotoLoc(), G->getLabel(), regions()});
    if (Top) {
      if (const auto *Ret = dyn_cast<ReturnStmt>(S))
        leave(Ret->getReturnLoc(), Top->Region, "return",
              "store the result in a variable and return after the region");
      else if (isa<BreakStmt>(S) && Top->Loops == 0 && Top->Switches == 0)
        leave(S->getBeginLoc(), Top->Region, "break",
              "set a flag and break after the region, or put the loop "
              "inside the region");
      else if (isa<ContinueStmt>(S) && Top->Loops == 0)
        leave(S->getBeginLoc(), Top->Region, "continue",
              "set a flag and continue after the region, or put the loop "
              "inside the region");
      else if (const auto *IG = dyn_cast<IndirectGotoStmt>(S))
        leave(IG->getGotoLoc(), Top->Region, "goto *",
              "jump only to labels inside the region");
    }
    const bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
    const bool Switch = isa<SwitchStmt>(S);
    if (Top && Loop)
      ++Top->Loops;
    if (Top && Switch)
      ++Top->Switches;
    for (const Stmt *C : S->children())
      walk(C);
    // Frames may have grown and shrunk in between: Top is still valid.
    if (Top && Loop)
      --Frames.back().Loops;
    if (Top && Switch)
      --Frames.back().Switches;
  }
};

class DataJumpCheck : public ASTConsumer {
  ASTContext *Ctx = nullptr;

public:
  void Initialize(ASTContext &C) override { Ctx = &C; }
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (const Decl *D : DG)
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->doesThisDeclarationHaveABody() && FD->getBody())
          Checker(*Ctx).run(FD->getBody());
    return true;
  }
};

} // namespace

std::unique_ptr<ASTConsumer> makeDataJumpCheck() {
  return std::make_unique<DataJumpCheck>();
}

} // namespace proact
