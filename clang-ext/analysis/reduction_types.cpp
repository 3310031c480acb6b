// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "reduction_types.h"
#include "diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/APFloat.h"
#include <map>
#include <set>
#include <vector>

using namespace clang;

namespace proact {
namespace {

struct Update {
  std::string Op;
  std::string Name;
};

// Keyed by the raw encoding of the stored variable's token: the lowering
// copies the body into several kernels, each copy keeping its tokens.
std::map<unsigned, Update> &updates() {
  static std::map<unsigned, Update> U;
  return U;
}

bool isInteger(QualType T) {
  return T->isIntegerType() || T->isEnumeralType();
}

// Whether every value of type E is one of type S (both integers).
bool rangeHolds(ASTContext &Ctx, QualType S, QualType E) {
  const unsigned WS = Ctx.getIntWidth(S), WE = Ctx.getIntWidth(E);
  const bool SS = S->isSignedIntegerOrEnumerationType();
  const bool SE = E->isSignedIntegerOrEnumerationType();
  if (SS == SE)
    return WE <= WS;
  return SS ? WE < WS : false;
}

// Whether comparing an E with an S converts both to S: S unsigned, of
// int's rank or above and of at least the promoted E's, as C's usual
// arithmetic conversions have it.
bool comparedAsS(ASTContext &Ctx, QualType S, QualType E) {
  if (S->isSignedIntegerOrEnumerationType() || S->isBooleanType() ||
      Ctx.isPromotableIntegerType(S) || S->isEnumeralType())
    return false;
  const QualType PE =
      Ctx.isPromotableIntegerType(E) ? Ctx.getPromotedIntegerType(E) : E;
  return Ctx.getIntegerTypeOrder(S, PE) >= 0;
}

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
  explicit Visitor(ASTContext &Ctx) : Ctx(Ctx), DE(Ctx.getDiagnostics()) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp() || B->containsErrors())
      return true;
    const SourceLocation L = B->getLHS()->getBeginLoc();
    auto It = updates().find(L.getRawEncoding());
    if (It == updates().end() || Reported.count(L.getRawEncoding()))
      return true;
    const Update &U = It->second;
    const QualType S = B->getLHS()->getType().getCanonicalType()
                           .getUnqualifiedType();
    if (S.isNull() || !isInteger(S))
      return true; // a real s keeps every update's rounding, in any order
    if (U.Op == "+" || U.Op == "*") {
      // s op= e computes in the computation type; s = s op e in the
      // right side's.
      QualType C;
      if (const auto *CA = dyn_cast<CompoundAssignOperator>(B))
        C = CA->getComputationResultType();
      else
        C = B->getRHS()->IgnoreParenImpCasts()->getType();
      if (!C.isNull() && C->isRealFloatingType())
        diagnose(L, U, C, S, "rounds every step's result to an integer",
                 "convert each value to '" + S.getAsString() +
                     "' before it is accumulated, or make '" + U.Name +
                     "' of type '" + C.getAsString() + "'");
      return true;
    }
    if ((U.Op != "max" && U.Op != "min") || B->getOpcode() != BO_Assign)
      return true;
    // s = s > e ? s : e stores one of the two arms, each as its own type
    // (C converts both to int for a short s); a cast of the choice to s's
    // type keeps its value when the arms fit.
    std::vector<const Expr *> Stored{B->getRHS()};
    for (size_t K = 0; K < Stored.size(); ++K) {
      const Expr *X = Stored[K]->IgnoreParenImpCasts();
      if (const auto *CE = dyn_cast<CStyleCastExpr>(X))
        if (CE->getType().getCanonicalType().getUnqualifiedType() == S &&
            isa<ConditionalOperator>(CE->getSubExpr()->IgnoreParens())) {
          Stored.push_back(CE->getSubExpr());
          continue;
        }
      if (const auto *CO = dyn_cast<ConditionalOperator>(X)) {
        Stored.push_back(CO->getTrueExpr());
        Stored.push_back(CO->getFalseExpr());
        continue;
      }
      if (!checkStored(L, U, S, Stored[K]))
        return true;
    }
    return true;
  }

private:
  // The value a max / min update stores: false when it is diagnosed.
  bool checkStored(SourceLocation L, const Update &U, QualType S,
                   const Expr *V) {
    const QualType E = V->IgnoreImpCasts()->getType()
                           .getCanonicalType().getUnqualifiedType();
    if (E.isNull())
      return true;
    if (isInteger(E)) {
      if (!rangeHolds(Ctx, S, E) && !comparedAsS(Ctx, S, E))
        diagnose(L, U, E, S, "can change the value stored",
                 sameType(U, S, E));
    } else if (E->isRealFloatingType()) {
      const unsigned Bits =
          Ctx.getIntWidth(S) - (S->isSignedIntegerOrEnumerationType() ? 1 : 0);
      const unsigned Digits = llvm::APFloat::semanticsPrecision(
          Ctx.getFloatTypeSemantics(E));
      if (Bits > Digits)
        diagnose(L, U, E, S,
                 "compares '" + U.Name + "' rounded to '" + E.getAsString() +
                     "', where distinct values can tie",
                 sameType(U, S, E));
    }
    return !Reported.count(L.getRawEncoding());
  }

  // The fix of a max / min: one type for the comparison and the store.
  static std::string sameType(const Update &U, QualType S, QualType E) {
    return "convert the value to '" + S.getAsString() +
           "' in both the comparison and the store, or make '" + U.Name +
           "' of type '" + E.getAsString() + "'";
  }
  void diagnose(SourceLocation L, const Update &U, QualType From, QualType To,
                const std::string &Why, const std::string &Fix) {
    Reported.insert(L.getRawEncoding());
    report(DE, L, Diag::ReductionConversion)
        << U.Name << U.Op << From.getAsString() << To.getAsString() << Why
        << Fix;
  }

  ASTContext &Ctx;
  DiagnosticsEngine &DE;
  std::set<unsigned> Reported;
};

class Check : public ASTConsumer {
  std::unique_ptr<Visitor> V;

public:
  void Initialize(ASTContext &C) override {
    updates().clear(); // another translation unit's locations
    V = std::make_unique<Visitor>(C);
  }
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    if (updates().empty())
      return true;
    for (Decl *D : DG)
      if (auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->doesThisDeclarationHaveABody() && FD->getBody())
          V->TraverseStmt(FD->getBody());
    return true;
  }
};

} // namespace

void noteReductionUpdate(SourceLocation Loc, const std::string &Op,
                         const std::string &Name) {
  updates()[Loc.getRawEncoding()] = Update{Op, Name};
}

std::unique_ptr<ASTConsumer> makeReductionTypeCheck() {
  return std::make_unique<Check>();
}

} // namespace proact
