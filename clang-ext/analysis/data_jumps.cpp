// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Jumps across the boundary of a '#pragma proact data' region. The region is
// lowered to a one-pass 'for' whose init enters it and whose increment
// leaves it (lowerData), so a 'return', 'goto', 'break' or 'continue' out of
// its block skips the exit (the arrays are not copied back, the replicas
// leak), and a 'goto' into it runs the exit without the entry. Checked on
// the AST of each function, as OpenMP checks its structured blocks. The
// same walk finds free(), realloc() and munmap() of an array the region
// maps, whose exit would copy it back into freed memory.
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
#include <set>
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

// The variable an array operand names: `x` in `(void *)(x)`, through the
// lowering's own locals (a flattened multi-dimensional array,
// `&(g)[0][0]`).
const VarDecl *namedVar(const Expr *E) {
  for (int Depth = 0; E != nullptr && Depth < 4; ++Depth) {
    E = E->IgnoreParenCasts();
    for (;;) {
      if (const auto *U = dyn_cast<UnaryOperator>(E);
          U && U->getOpcode() == UO_AddrOf)
        E = U->getSubExpr()->IgnoreParenCasts();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
        E = A->getBase()->IgnoreParenCasts();
      else
        break;
    }
    const auto *R = dyn_cast<DeclRefExpr>(E);
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (V == nullptr)
      return nullptr;
    if (!V->getIdentifier() || !V->getName().starts_with("__proact"))
      return V;
    E = V->getInit();
  }
  return nullptr;
}

// The variables whose values the data region's entry maps: the right-hand
// sides of `__proact_maps[k].array.base = (void *)(x)` in its init.
void mappedVars(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (S == nullptr)
    return;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    if (B->getOpcode() == BO_Assign)
      if (const auto *M = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParens()))
        if (M->getMemberDecl()->getIdentifier() &&
            M->getMemberDecl()->getName() == "base")
          if (const VarDecl *V = namedVar(B->getRHS()))
            Out.insert(V);
  for (const Stmt *C : S->children())
    mappedVars(C, Out);
}

// An assignment (or increment, or address taken) of a variable inside a
// region's body: from its end on, which allocation the variable holds is
// not known here (a swap of two buffers is fine). Loops: the statements
// of the body that repeat it.
struct Move {
  SourceLocation End;
  std::vector<const Stmt *> Loops;
};

void movedVars(const Stmt *S, std::vector<const Stmt *> &Loops,
               std::map<const VarDecl *, std::vector<Move>> &Out) {
  if (S == nullptr)
    return;
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->isAssignmentOp())
      Target = B->getLHS();
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      Target = U->getSubExpr();
  }
  if (Target != nullptr)
    if (const auto *R = dyn_cast<DeclRefExpr>(Target->IgnoreParenCasts()))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        Out[V].push_back(Move{S->getEndLoc(), Loops});
  const bool Loop = (isa<ForStmt>(S) && !asDataRegion(S)) ||
                    isa<WhileStmt>(S) || isa<DoStmt>(S);
  if (Loop)
    Loops.push_back(S);
  for (const Stmt *C : S->children())
    movedVars(C, Loops, Out);
  if (Loop)
    Loops.pop_back();
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
      if (F.Freed)
        report(DE, F.Loc, Diag::FreeInDataRegion)
            << F.How << F.Freed->getName();
      else if (F.How)
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
    const ForStmt *Region = nullptr;
    int Loops = 0;    // loops entered inside the region
    int Switches = 0; // switch statements entered inside the region
    // The variables the region maps, and where its body points them
    // elsewhere.
    std::set<const VarDecl *> Mapped;
    std::map<const VarDecl *, std::vector<Move>> Moves;
  };
  struct Goto {
    SourceLocation Loc;
    const LabelDecl *Label;
    std::vector<const ForStmt *> Regions; // enclosing, outermost first
  };
  // A jump out of (How: its keyword) or into (How null) Region, or a call
  // (How: free, realloc or munmap) that frees Freed, which Region maps.
  struct Finding {
    SourceLocation Loc;
    const ForStmt *Region;
    const char *How;
    const char *Hint;
    const VarDecl *Freed = nullptr;
  };
  ASTContext &Ctx;
  DiagnosticsEngine &DE;
  std::vector<Finding> Found;
  std::vector<Frame> Frames;
  std::vector<const Stmt *> LoopStack; // the loops around the walk
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

  // free(x), realloc(x, n) or munmap(x, n) of a variable an enclosing
  // region holds: the innermost such region.
  void freedHere(const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (F == nullptr || !F->getIdentifier() || Call->getNumArgs() < 1 ||
        !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return;
    const char *How = F->getName() == "free"      ? "free"
                      : F->getName() == "realloc" ? "realloc"
                      : F->getName() == "munmap"  ? "munmap"
                                                  : nullptr;
    const auto *R =
        How ? dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenCasts())
            : nullptr;
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (V == nullptr)
      return;
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
      if (It->Mapped.count(V)) {
        if (!holds(*It, V, Call->getBeginLoc()))
          return;
        Found.push_back(Finding{Call->getBeginLoc(), It->Region, How,
                                nullptr, V});
        return;
      }
  }

  // Whether V still holds what region F mapped at Loc: no move of V ends
  // before Loc, nor repeats with it in a loop of the region.
  bool holds(const Frame &F, const VarDecl *V, SourceLocation Loc) const {
    const SourceManager &SM = Ctx.getSourceManager();
    auto M = F.Moves.find(V);
    if (M == F.Moves.end())
      return true;
    for (const Move &Mv : M->second) {
      if (SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Mv.End),
                                       SM.getExpansionLoc(Loc)))
        return false;
      for (const Stmt *L : Mv.Loops)
        if (std::find(LoopStack.begin(), LoopStack.end(), L) !=
            LoopStack.end())
          return false;
    }
    return true;
  }

  void walk(const Stmt *S) {
    if (S == nullptr)
      return;
    // OpenMP checks jumps out of its own regions (the PROACT loops' kernels
    // and their never-run copies are OpenMP directives).
    if (isa<OMPExecutableDirective>(S) || isa<BlockExpr>(S))
      return;
    if (const ForStmt *R = asDataRegion(S)) {
      std::vector<const Stmt *> Loops;
      Frames.emplace_back();
      Frames.back().Region = R;
      mappedVars(R->getInit(), Frames.back().Mapped);
      movedVars(R->getBody(), Loops, Frames.back().Moves);
      walk(R->getBody());
      Frames.pop_back();
      return;
    }
    Frame *Top = Frames.empty() ? nullptr : &Frames.back();
    if (const auto *L = dyn_cast<LabelStmt>(S))
      Labels[L->getDecl()] = regions();
    if (const auto *G = dyn_cast<GotoStmt>(S))
      Gotos.push_back(Goto{G->getGotoLoc(), G->getLabel(), regions()});
    if (Top)
      if (const auto *Call = dyn_cast<CallExpr>(S))
        freedHere(Call);
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
    if (Loop)
      LoopStack.push_back(S);
    for (const Stmt *C : S->children())
      walk(C);
    if (Loop)
      LoopStack.pop_back();
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
