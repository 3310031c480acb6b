// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The lowering of an update directive is one compound statement, so after
// 'if (c)' it would parse and run under the condition. OpenMP forbids a
// standalone directive there because the reader cannot tell what it
// belongs to; PROACT follows it, on the AST, where the statement's parent
// is known whatever the preprocessor saw before the pragma.
#include "update_place.h"
#include "diagnostics.h"
#include "function_bodies.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace proact {

const char *const UpdateItemsName = "__proact_update";

namespace {

bool isUpdate(const Stmt *S) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(S);
  if (!C || C->body_empty())
    return false;
  const auto *D = dyn_cast<DeclStmt>(C->body_front());
  const auto *V = D && D->isSingleDecl()
                      ? dyn_cast<VarDecl>(D->getSingleDecl())
                      : nullptr;
  return V && V->getIdentifier() && V->getName() == UpdateItemsName;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitIfStmt(IfStmt *S) {
    check(S->getThen(), "if");
    check(S->getElse(), "else");
    return true;
  }
  bool VisitForStmt(ForStmt *S) { return check(S->getBody(), "for"); }
  bool VisitWhileStmt(WhileStmt *S) { return check(S->getBody(), "while"); }
  bool VisitDoStmt(DoStmt *S) { return check(S->getBody(), "do"); }
  bool VisitSwitchStmt(SwitchStmt *S) { return check(S->getBody(), "switch"); }

private:
  ASTContext &Ctx;

  bool check(const Stmt *Body, const char *Parent) {
    if (isUpdate(Body))
      report(Ctx.getDiagnostics(),
             Ctx.getSourceManager().getExpansionLoc(Body->getBeginLoc()),
             Diag::UpdateSubstatement)
          << Parent;
    return true;
  }
};

class UpdatePlaceCheck : public ASTConsumer {
  ASTContext *Ctx = nullptr;

public:
  void Initialize(ASTContext &C) override { Ctx = &C; }
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    forEachFunctionBody(DG, [this](FunctionDecl *FD) {
      Finder(*Ctx).TraverseStmt(FD->getBody());
    });
    return true;
  }
};

} // namespace

std::unique_ptr<ASTConsumer> makeUpdatePlaceCheck() {
  return std::make_unique<UpdatePlaceCheck>();
}

} // namespace proact
