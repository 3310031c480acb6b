// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "inner_vars.h"
#include "diagnostics.h"
#include "function_bodies.h"
#include "inject.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/Analyses/LiveVariables.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace clang;

namespace proact {

namespace {
const char *const MarkerName = "__proact_private";
} // namespace

Tokens privatizeBody(Preprocessor &PP, SourceLocation At, const Tokens &Body,
                     const std::vector<PrivateVar> &P) {
  if (P.empty())
    return Body;
  std::set<unsigned> Headers; // the j of each `for (j = e; ...)` to declare
  Code C;
  bool Shadow = false;
  for (const PrivateVar &V : P)
    Shadow |= V.Shadow;
  if (Shadow)
    C << "{";
  for (const PrivateVar &V : P) {
    if (V.Shadow)
      C << "__typeof__(" + V.Name + ") " + V.Name + ";";
    else
      Headers.insert(V.Headers.begin(), V.Headers.end());
  }
  for (size_t I = 0; I < Body.size(); ++I) {
    // `for (` then j: j declared there, its type that of the j before the
    // loop (the new j's scope starts after its declarator).
    if (I >= 2 && Body[I].is(tok::identifier) && Body[I - 1].is(tok::l_paren) &&
        Body[I - 2].is(tok::kw_for) &&
        Headers.count(Body[I].getLocation().getRawEncoding()))
      C << "__typeof__(" + spelling(PP, Body[I]) + ")";
    C << Body[I];
  }
  if (Shadow)
    C << "}";
  return materialize(PP, At, C);
}

Code privateMarker(const std::vector<PrivateVar> &P) {
  Code C;
  if (P.empty())
    return C;
  C << std::string("enum { ") + MarkerName + " = 0";
  for (const PrivateVar &V : P)
    C << "+ (int)sizeof(" << V.Var << ")";
  C << "};";
  return C;
}

namespace {

// The lowerings with private variables: their block and marker.
class MarkerFinder : public RecursiveASTVisitor<MarkerFinder> {
public:
  std::vector<std::pair<const CompoundStmt *, const EnumConstantDecl *>>
      Found;
  bool VisitCompoundStmt(CompoundStmt *CS) {
    if (CS->body_empty())
      return true;
    const auto *DS = dyn_cast<DeclStmt>(CS->body_front());
    const auto *ED = DS && DS->isSingleDecl()
                         ? dyn_cast<EnumDecl>(DS->getSingleDecl())
                         : nullptr;
    if (ED == nullptr)
      return true;
    for (const EnumConstantDecl *EC : ED->enumerators())
      if (EC->getIdentifier() && EC->getName() == MarkerName)
        Found.push_back({CS, EC});
    return true;
  }
};

// The references to the variables of one marker's initializer.
class RefCollector : public RecursiveASTVisitor<RefCollector> {
public:
  std::vector<const DeclRefExpr *> Refs;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Refs.push_back(E);
    return true;
  }
};

// Every use of V in a function: whether each reads it (anything but the
// left side of a plain '=') and whether it takes its address.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  struct Use {
    const DeclRefExpr *Ref;
    bool Read;
    bool Address;
  };
  explicit UseCollector(const VarDecl *V) : V(V) {}
  std::vector<Use> Uses;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != V)
      return true;
    Uses.push_back({E, !Written.count(E), Addressed.count(E) > 0});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      if (const auto *L = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens()))
        Written.insert(L);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *R =
              dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
        Addressed.insert(R);
    return true;
  }
  // sizeof(j), __typeof__(j) (the lowerings' copies are declared so):
  // nothing is read.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc, bool = true) {
    return true;
  }
  // `if (0)` and `if (!sizeof(...))` never run: the never-run copies of
  // the lowerings are the latter (NeverRuns, code.h), and their loops name
  // the j from before the loop.
  bool TraverseIfStmt(IfStmt *S) {
    const Expr *Cond =
        S->getCond() ? S->getCond()->IgnoreParenImpCasts() : nullptr;
    const auto *Zero = dyn_cast_or_null<IntegerLiteral>(Cond);
    const auto *Not = dyn_cast_or_null<UnaryOperator>(Cond);
    const bool Never =
        (Zero != nullptr && Zero->getValue() == 0) ||
        (Not != nullptr && Not->getOpcode() == UO_LNot &&
         isa<UnaryExprOrTypeTraitExpr>(Not->getSubExpr()->IgnoreParens()));
    if (!Never)
      return RecursiveASTVisitor<UseCollector>::TraverseIfStmt(S);
    return TraverseStmt(S->getElse());
  }

private:
  const VarDecl *V;
  std::set<const DeclRefExpr *> Written, Addressed;
};

// All the statements under S (to leave out the lowering's own uses).
class StmtSet : public RecursiveASTVisitor<StmtSet> {
public:
  std::set<const Stmt *> Set;
  bool VisitStmt(Stmt *S) {
    Set.insert(S);
    return true;
  }
};

class InnerVarsCheck : public ASTConsumer {
  ASTContext *Ctx = nullptr;

public:
  void Initialize(ASTContext &C) override { Ctx = &C; }
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    forEachFunctionBody(DG, [this](FunctionDecl *FD) { check(FD); });
    return true;
  }

private:
  void check(FunctionDecl *FD) {
    MarkerFinder M;
    M.TraverseStmt(FD->getBody());
    if (M.Found.empty())
      return;
    AnalysisDeclContextManager Mgr(*Ctx);
    AnalysisDeclContext *AC = Mgr.getContext(FD);
    // Every expression its own CFG element, as for clang's own flow
    // warnings: LiveVariables sees a read only as a DeclRefExpr element.
    if (AC)
      AC->getCFGBuildOptions().setAllAlwaysAdd();
    LiveVariables *LV = AC ? AC->getAnalysis<LiveVariables>() : nullptr;
    ParentMap PM(FD->getBody());
    const SourceManager &SM = Ctx->getSourceManager();
    for (const auto &[Block, EC] : M.Found) {
      // The statement the lowering replaced: `if (0) { check } else
      // Block`; the uses inside it are the loop's own.
      const Stmt *Lowered = Block;
      if (const Stmt *Parent = PM.getParent(Block))
        if (isa<IfStmt>(Parent))
          Lowered = Parent;
      StmtSet Inside;
      Inside.TraverseStmt(const_cast<Stmt *>(Lowered));
      RefCollector Vars;
      Vars.TraverseStmt(const_cast<Expr *>(EC->getInitExpr()));
      for (const DeclRefExpr *Marker : Vars.Refs) {
        const auto *V = dyn_cast<VarDecl>(Marker->getDecl());
        if (V == nullptr)
          continue;
        UseCollector U(V);
        U.TraverseStmt(FD->getBody());
        // A read after the loop (in the file's order), else one the
        // function may reach again (in an enclosing loop); a taken
        // address may be read through at any time.
        const SourceLocation At = SM.getExpansionLoc(Marker->getLocation());
        const UseCollector::Use *After = nullptr, *Any = nullptr,
                                *Address = nullptr;
        for (const UseCollector::Use &X : U.Uses) {
          if (Inside.Set.count(X.Ref) || !X.Read)
            continue;
          const SourceLocation L = SM.getExpansionLoc(X.Ref->getLocation());
          if (X.Address && Address == nullptr)
            Address = &X;
          if (Any == nullptr)
            Any = &X;
          if (After == nullptr && SM.isBeforeInTranslationUnit(At, L))
            After = &X;
        }
        const Stmt *End = Block->body_back();
        const bool Live = LV == nullptr || LV->isLive(End, V);
        const UseCollector::Use *Where =
            Address ? Address : Live ? (After ? After : Any) : nullptr;
        if (Where == nullptr && !Live)
          continue;
        DiagnosticsEngine &DE = Ctx->getDiagnostics();
        const std::string Name = V->getName().str();
        std::string What = "may read it after the loop";
        if (Where != nullptr) {
          const std::string Line = std::to_string(SM.getPresumedLineNumber(
              SM.getExpansionLoc(Where->Ref->getLocation())));
          What = Where->Address ? "takes its address (line " + Line +
                                      "), through which it may be read "
                                      "after the loop"
                                : "reads it after the loop (line " + Line +
                                      ")";
        }
        report(DE, Marker->getLocation(), Diag::InnerLoopVariableReadAfter)
            << Name << What;
        if (Where != nullptr)
          report(DE, Where->Ref->getLocation(), Diag::InnerLoopVariableUse)
              << (Where->Address ? "the address of '" + Name + "' is taken"
                                 : "'" + Name + "' is read");
      }
    }
  }
};

} // namespace

std::unique_ptr<ASTConsumer> makeInnerVarsCheck() {
  return std::make_unique<InnerVarsCheck>();
}

} // namespace proact
