// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "name_lookup.h"
#include "code.h"
#include "lang_compat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>
#include <vector>
#include "llvm/Support/raw_ostream.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/ScopeInfo.h"
#include "clang/Sema/Sema.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

using namespace clang;

namespace proact {
namespace {
CompilerInstance *Instance = nullptr;

// What T names in the parser's current scope: nullptr when Sema is absent
// or the name is not one declaration (*Known: whether Sema answered).
const NamedDecl *lookup(const Token &T, bool *Known) {
  *Known = false;
  if (!Instance || !Instance->hasSema() || T.isNot(tok::identifier))
    return nullptr;
  Sema &S = Instance->getSema();
  if (!S.getCurScope())
    return nullptr;
  *Known = true;
  LookupResult R(S, DeclarationName(T.getIdentifierInfo()), T.getLocation(),
                 Sema::LookupOrdinaryName);
  S.LookupName(R, S.getCurScope());
  return R.isSingleResult() ? R.getFoundDecl() : nullptr;
}
} // namespace

void setLookupInstance(CompilerInstance *CI) { Instance = CI; }

const char *hostCodeTest() {
  if (!Instance || !Instance->hasSema())
    return "proact__host_code()";
  return isOpenMPDevicePass(Instance->getLangOpts()) ? "0" : "1";
}

bool lowersForCompile() { return Instance && Instance->hasSema(); }

bool cpuDevicePass() {
  if (!lowersForCompile() || !Instance->hasTarget() ||
      !isOpenMPDevicePass(Instance->getLangOpts()))
    return false;
  const llvm::Triple &T = Instance->getTarget().getTriple();
  return !T.isNVPTX() && !T.isAMDGPU() && !T.isSPIRV();
}

bool hostPassForCpusOnly() {
  if (!lowersForCompile() || isOpenMPDevicePass(Instance->getLangOpts()))
    return false;
  const std::vector<llvm::Triple> &Targets =
      Instance->getLangOpts().OMPTargetTriples;
  for (const llvm::Triple &T : Targets)
    if (T.isNVPTX() || T.isAMDGPU() || T.isSPIRV())
      return false;
  return !Targets.empty();
}

bool hostPassMarked(const char *Marker) {
  if (!lowersForCompile() || !isOpenMPDevicePass(Instance->getLangOpts()))
    return false;
  const std::string &Path = Instance->getLangOpts().OMPHostIRFile;
  if (Path.empty())
    return false;
  // One compilation, one host file and one marker: read once, its
  // globals' names only (function bodies and metadata stay unread).
  static std::string ReadKey;
  static bool Marked = false;
  const std::string Key = Path + '\n' + Marker;
  if (ReadKey != Key) {
    ReadKey = Key;
    Marked = false;
    llvm::LLVMContext Context;
    llvm::SMDiagnostic Err;
    if (std::unique_ptr<llvm::Module> M = llvm::getLazyIRFileModule(
            Path, Err, Context, /*ShouldLazyLoadMetadata=*/true))
      for (const llvm::GlobalVariable &G : M->globals())
        Marked |= G.getName().contains(Marker);
  }
  return Marked;
}

NameKind lookupName(const Token &T) {
  bool Known;
  const NamedDecl *ND = lookup(T, &Known);
  if (!Known)
    return NameKind::Unknown;
  if (ND && isa<TypedefNameDecl>(ND))
    return NameKind::Type;
  if (ND && isa<VarDecl>(ND))
    return NameKind::Variable;
  return NameKind::Other;
}

namespace {
ValueKind kindOf(QualType Ty) {
  const QualType Canon = Ty.getCanonicalType();
  if (Canon->isIntegerType())
    return ValueKind::Integer;
  if (Canon->isRealFloatingType())
    return ValueKind::Real;
  if (Canon->isAnyComplexType())
    return ValueKind::Complex;
  return ValueKind::Other;
}
} // namespace

ValueKind lookupValueKind(const Token &T, std::string *Spelling) {
  bool Known;
  const auto *VD = dyn_cast_or_null<VarDecl>(lookup(T, &Known));
  if (!VD)
    return ValueKind::Unknown;
  *Spelling = VD->getType().getAsString();
  return kindOf(VD->getType());
}

ValueKind lookupKind(const Token &T) {
  bool Known;
  const NamedDecl *ND = lookup(T, &Known);
  if (const auto *VD = dyn_cast_or_null<VarDecl>(ND))
    return kindOf(VD->getType());
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(ND))
    return kindOf(FD->getReturnType());
  if (const auto *TD = dyn_cast_or_null<TypedefNameDecl>(ND))
    return kindOf(TD->getUnderlyingType());
  return ValueKind::Unknown;
}

bool atFileScope() {
  if (!Instance || !Instance->hasSema())
    return false;
  const Scope *S = Instance->getSema().getCurScope();
  return S && !S->getFnParent();
}

OpenMPPlace openMPPlace(SourceLocation *Construct) {
  *Construct = SourceLocation();
  if (!Instance || !Instance->hasSema())
    return OpenMPPlace::Unknown;
  Sema &S = Instance->getSema();
  const Scope *Cur = S.getCurScope();
  if (Cur == nullptr)
    return OpenMPPlace::Unknown;
  // The parser reads a directive's line inside the directive's scope and
  // lexes the token after it before it starts the construct's statement.
  if (Cur->isOpenMPLoopDirectiveScope())
    return OpenMPPlace::AfterLoopLine;
  bool Inside = false;
  for (const Scope *Sc = Cur; Sc != nullptr; Sc = Sc->getParent())
    Inside |= Sc->isOpenMPDirectiveScope();
  if (!Inside)
    return OpenMPPlace::Outside;
  for (auto It = S.FunctionScopes.rbegin(); It != S.FunctionScopes.rend();
       ++It) {
    const auto *CSI = dyn_cast<sema::CapturedRegionScopeInfo>(*It);
    if (CSI == nullptr)
      break;
    if (CSI->CapRegionKind == CR_OpenMP && CSI->TheRecordDecl != nullptr) {
      *Construct = CSI->TheRecordDecl->getLocation();
      break;
    }
  }
  return OpenMPPlace::Inside;
}

ValueKind lookupElementKind(const Token &T, std::string *Spelling) {
  bool Known;
  const auto *VD = dyn_cast_or_null<VarDecl>(lookup(T, &Known));
  if (!VD)
    return ValueKind::Unknown;
  *Spelling = VD->getType().getAsString();
  QualType Elem = VD->getType().getCanonicalType();
  if (Elem->isPointerType())
    Elem = Elem->getPointeeType();
  else if (const ArrayType *A = Elem->getAsArrayTypeUnsafe())
    Elem = A->getElementType();
  else
    return ValueKind::Other;
  // An array of several dimensions is reduced element by element.
  while (const ArrayType *A = Elem.getCanonicalType()->getAsArrayTypeUnsafe())
    Elem = A->getElementType();
  return kindOf(Elem.getCanonicalType());
}

ArrayShape lookupArrayShape(const Token &T) {
  ArrayShape Out;
  bool Known;
  const auto *VD = dyn_cast_or_null<VarDecl>(lookup(T, &Known));
  if (!VD)
    return Out;
  ASTContext &Ctx = Instance->getASTContext();
  Out.Known = true;
  Out.Local = VD->hasLocalStorage();
  Out.DeclareTarget = VD->hasAttr<OMPDeclareTargetDeclAttr>();
  Out.Type = VD->getType().getAsString();
  QualType Ty = VD->getType();
  QualType Elem;
  if (const ArrayType *A = Ctx.getAsArrayType(Ty)) {
    Out.Object = true;
    Elem = A->getElementType();
  } else if (const auto *P = Ty.getCanonicalType()->getAs<PointerType>()) {
    Elem = P->getPointeeType();
  } else {
    return Out;
  }
  Out.Rank = 1;
  // Each further level is a dimension; typedefs of arrays count too.
  while (const ArrayType *A = Ctx.getAsArrayType(Elem)) {
    ArrayShape::Extent E;
    if (const auto *C = dyn_cast<ConstantArrayType>(A)) {
      E.Constant = true;
      E.Value = C->getSize().getZExtValue();
      E.Text = std::to_string(E.Value);
    } else if (const auto *V = dyn_cast<VariableArrayType>(A)) {
      const Expr *Size = V->getSizeExpr();
      if (Size != nullptr) {
        llvm::raw_string_ostream OS(E.Text);
        Size->printPretty(OS, nullptr, PrintingPolicy(Ctx.getLangOpts()));
        OS.flush();
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Size->IgnoreParenImpCasts()))
          E.Var = Ref->getDecl();
        // `double G[n][4][m]`: a constant extent inside a variable-length
        // type is a VLA level of its own, but its size is still constant.
        if (auto C = Size->getIntegerConstantExpr(Ctx);
            C && !C->isNegative()) {
          E.Constant = true;
          E.Value = C->getZExtValue();
          E.Text = std::to_string(E.Value);
        }
      }
    }
    Out.Inner.push_back(E);
    ++Out.Rank;
    Elem = A->getElementType();
  }
  return Out;
}

const void *lookupDecl(const Token &T) {
  bool Known;
  return lookup(T, &Known);
}

// The integer type of the variable or typedef T names; null otherwise.
static QualType integerTypeOf(const Token &T) {
  bool Known;
  const NamedDecl *ND = lookup(T, &Known);
  QualType Q;
  if (const auto *VD = dyn_cast_or_null<VarDecl>(ND))
    Q = VD->getType();
  else if (const auto *TD = dyn_cast_or_null<TypedefNameDecl>(ND))
    Q = TD->getUnderlyingType();
  if (Q.isNull() || !Q->isIntegerType() || !Instance ||
      !Instance->hasASTContext())
    return QualType();
  return Q;
}

unsigned lookupIntegerBits(const Token &T) {
  const QualType Q = integerTypeOf(T);
  return Q.isNull() ? 0 : Instance->getASTContext().getIntWidth(Q);
}

bool lookupIntegerUnsigned(const Token &T) {
  const QualType Q = integerTypeOf(T);
  return !Q.isNull() && Q->isUnsignedIntegerType() &&
         Instance->getASTContext().getIntWidth(Q) >= 32;
}

bool lookupEnumerator(const Token &T, long long &V) {
  bool Known;
  const auto *E = dyn_cast_or_null<EnumConstantDecl>(lookup(T, &Known));
  if (!E)
    return false;
  V = E->getInitVal().getSExtValue();
  return true;
}

// Ty without its array dimensions (an element's type, sugar kept).
static QualType withoutArrays(QualType Ty) {
  if (Instance == nullptr || !Instance->hasASTContext())
    return Ty;
  while (const ArrayType *A = Instance->getASTContext().getAsArrayType(Ty))
    Ty = A->getElementType();
  return Ty;
}

// The member M of a defined struct or union Ty; null otherwise.
static const FieldDecl *fieldNamed(QualType Ty, const std::string &M) {
  const RecordDecl *RD = Ty.getCanonicalType()->getAsRecordDecl();
  if (RD)
    RD = RD->getDefinition();
  if (!RD)
    return nullptr;
  const FieldDecl *Found = nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == M)
      Found = F;
  return Found;
}

// The type of Ty.Members[0].Members[1]... into Ty; false where a step is
// not a member of a defined struct or union.
static bool memberType(QualType &Ty, const std::vector<std::string> &Members) {
  for (const std::string &M : Members) {
    // `o.arr[k].data`: a member of an array member's element.
    Ty = withoutArrays(Ty);
    const FieldDecl *F = fieldNamed(Ty, M);
    if (!F)
      return false;
    Ty = F->getType();
  }
  return true;
}

// The element type of the array or pointer variable T names, through
// every dimension (canonical); null for anything else.
static QualType elementTypeOf(const Token &T) {
  bool Known;
  const auto *VD = dyn_cast_or_null<VarDecl>(lookup(T, &Known));
  if (!VD || Instance == nullptr || !Instance->hasASTContext())
    return QualType();
  QualType Ty = VD->getType().getCanonicalType();
  if (const auto *P = Ty->getAs<PointerType>())
    Ty = P->getPointeeType();
  return withoutArrays(Ty).getCanonicalType();
}

int lookupPostfixUnsigned(const std::vector<Token> &Toks, size_t B,
                          size_t *End) {
  bool Known;
  size_t I = B + 1;
  *End = I;
  if (B >= Toks.size() || Toks[B].isNot(tok::identifier) || !Instance ||
      !Instance->hasASTContext())
    return -1;
  const NamedDecl *ND = lookup(Toks[B], &Known);
  QualType Ty;
  if (const auto *VD = dyn_cast_or_null<VarDecl>(ND)) {
    Ty = VD->getType();
  } else if (const auto *FD = dyn_cast_or_null<FunctionDecl>(ND)) {
    if (I >= Toks.size() || Toks[I].isNot(tok::l_paren))
      return -1;
    Ty = FD->getReturnType();
  } else {
    return -1;
  }
  int Result = 0;
  while (I < Toks.size() && Result == 0) {
    if (Toks[I].isOneOf(tok::l_paren, tok::l_square)) {
      const bool Call = Toks[I].is(tok::l_paren);
      int Depth = 0;
      size_t J = I;
      for (; J < Toks.size(); ++J) {
        Depth += Toks[J].isOneOf(tok::l_paren, tok::l_square) -
                 Toks[J].isOneOf(tok::r_paren, tok::r_square);
        if (Depth == 0)
          break;
      }
      if (J >= Toks.size())
        return -1;
      if (!Call) {
        const QualType C = Ty.getCanonicalType();
        if (const auto *AT = C->getAsArrayTypeUnsafe())
          Ty = AT->getElementType();
        else if (C->isPointerType())
          Ty = C->getPointeeType();
        else
          return -1;
      } else if (I != B + 1) {
        return -1; // a call through a member or an element
      }
      I = J + 1;
    } else if (Toks[I].isOneOf(tok::period, tok::arrow) &&
               I + 1 < Toks.size() && Toks[I + 1].is(tok::identifier)) {
      if (Toks[I].is(tok::arrow)) {
        const QualType C = Ty.getCanonicalType();
        if (!C->isPointerType())
          return -1;
        Ty = C->getPointeeType();
      }
      if (!memberType(Ty, {Instance->getPreprocessor().getSpelling(
                              Toks[I + 1])}))
        return -1;
      I += 2;
    } else {
      break;
    }
  }
  *End = I;
  const QualType C = Ty.getCanonicalType();
  if (!C->isIntegerType())
    return -1;
  return C->isUnsignedIntegerType() &&
                 Instance->getASTContext().getIntWidth(C) >= 32
             ? 1
             : 0;
}

bool memberIsPointer(const Token &Base,
                     const std::vector<std::string> &Members,
                     std::string *Pointee) {
  bool Known;
  const auto *VD = dyn_cast_or_null<VarDecl>(lookup(Base, &Known));
  if (!VD || Members.empty())
    return false;
  QualType Ty = VD->getType(); // as written: typedef names kept
  if (!memberType(Ty, Members))
    return false;
  Ty = withoutArrays(Ty); // an array of pointers holds host addresses too
  if (!Ty.getCanonicalType()->isPointerType())
    return false;
  *Pointee = Ty->getPointeeType().getAsString();
  return true;
}

bool elementMemberIsArray(const Token &Array,
                          const std::vector<std::string> &Members) {
  bool Known;
  const auto *VD = dyn_cast_or_null<VarDecl>(lookup(Array, &Known));
  if (!VD || Members.empty() || Instance == nullptr)
    return false;
  ASTContext &Ctx = Instance->getASTContext();
  QualType Ty = VD->getType().getCanonicalType();
  if (const ArrayType *A = Ctx.getAsArrayType(Ty))
    Ty = A->getElementType();
  else if (const auto *P = Ty->getAs<PointerType>())
    Ty = P->getPointeeType();
  else
    return false;
  return memberType(Ty, Members) &&
         Ctx.getAsArrayType(Ty.getCanonicalType()) != nullptr;
}

// Whether a value of type Ty holds a pointer: is one, or has one in a
// member or an element, at any depth.
static bool holdsPointer(QualType Ty, int Depth = 0) {
  if (Ty.isNull() || Depth > 16)
    return false;
  Ty = withoutArrays(Ty).getCanonicalType();
  if (Ty->isPointerType())
    return true;
  if (const RecordDecl *RD = Ty->getAsRecordDecl()) {
    if (const RecordDecl *Def = RD->getDefinition())
      for (const FieldDecl *F : Def->fields())
        if (holdsPointer(F->getType(), Depth + 1))
          return true;
  }
  return false;
}

bool structHoldsPointer(const Token &T, bool Element) {
  QualType Ty;
  if (Element) {
    Ty = elementTypeOf(T);
  } else {
    bool Known;
    const auto *VD = dyn_cast_or_null<VarDecl>(lookup(T, &Known));
    if (VD)
      Ty = VD->getType();
  }
  return !Ty.isNull() && Ty.getCanonicalType()->isRecordType() &&
         holdsPointer(Ty);
}

bool elementMemberIsPointer(const Token &Array,
                            const std::vector<std::string> &Members) {
  QualType Ty = elementTypeOf(Array);
  if (Ty.isNull() || Members.empty() || !memberType(Ty, Members))
    return false;
  return withoutArrays(Ty).getCanonicalType()->isPointerType();
}

bool elementMemberIsBitField(const Token &Array,
                             const std::vector<std::string> &Members) {
  QualType Ty = elementTypeOf(Array);
  for (const std::string &M : Members) {
    const FieldDecl *F = Ty.isNull() ? nullptr : fieldNamed(Ty, M);
    if (!F)
      return false;
    if (F->isBitField())
      return true;
    Ty = F->getType();
  }
  return false;
}

bool elementIsStruct(const Token &T) {
  const QualType Ty = elementTypeOf(T);
  return !Ty.isNull() && Ty->isStructureType();
}

bool elementIsPointer(const Token &T) {
  const QualType Ty = elementTypeOf(T);
  return !Ty.isNull() && Ty->isPointerType();
}

bool paramPointsToConst(const Token &T, unsigned Index) {
  bool Known;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(lookup(T, &Known));
  if (!FD || Index >= FD->getNumParams())
    return false;
  const QualType P = FD->getParamDecl(Index)->getType().getCanonicalType();
  return P->isPointerType() && P->getPointeeType().isConstQualified();
}

} // namespace proact

namespace proact {
namespace {

// A global the device keeps a copy of per OpenMP device that code may
// change: 'declare target' (explicit, or as clang makes a global a declare
// target function uses), not a constant.
bool perDeviceGlobal(const VarDecl *V) {
  return V && V->hasGlobalStorage() && !V->isStaticLocal() &&
         V->hasAttr<OMPDeclareTargetDeclAttr>() &&
         !V->getType().isConstQualified() &&
         !(V->getType()->isArrayType() &&
           V->getType()->getAsArrayTypeUnsafe()->getElementType()
               .isConstQualified());
}

// The per-device globals a function's body names (Found: the first) and
// stores to (Written: the first, an assignment's, ++'s or --'s operand,
// through subscripts and members), and the functions it calls.
class GlobalFinder : public RecursiveASTVisitor<GlobalFinder> {
public:
  std::set<const FunctionDecl *> Seen;
  const VarDecl *Found = nullptr;
  const VarDecl *Written = nullptr;
  std::vector<const FunctionDecl *> Pending;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl())) {
      if (perDeviceGlobal(V) && Found == nullptr)
        Found = V;
    } else if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl())) {
      if (Seen.insert(F->getCanonicalDecl()).second)
        Pending.push_back(F);
    }
    return Written == nullptr;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      stored(B->getLHS());
    return Written == nullptr;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      stored(U->getSubExpr());
    return Written == nullptr;
  }

private:
  void stored(const Expr *E) {
    for (;;) {
      E = E->IgnoreParenImpCasts();
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
        E = S->getBase();
      else if (const auto *M = dyn_cast<MemberExpr>(E))
        E = M->getBase();
      else
        break;
    }
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        if (perDeviceGlobal(V) && Written == nullptr) {
          Written = V;
          if (Found == nullptr) // the store is visited before its operand
            Found = V;
        }
  }
};

// Whether the body's token I, naming a variable, is stored to: an
// assignment or ++ / -- after it (past its subscripts and members), or
// ++ / -- before it.
bool storedAt(const std::vector<Token> &Body, size_t I) {
  if (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus))
    return true;
  size_t K = I + 1;
  while (K < Body.size()) {
    if (Body[K].is(tok::l_square)) {
      int Depth = 0;
      for (; K < Body.size(); ++K) {
        Depth += Body[K].is(tok::l_square) - Body[K].is(tok::r_square);
        if (Depth == 0)
          break;
      }
      ++K;
    } else if (Body[K].isOneOf(tok::period, tok::arrow) &&
               K + 1 < Body.size()) {
      K += 2;
    } else {
      break;
    }
  }
  return K < Body.size() &&
         (Body[K].isOneOf(tok::plusplus, tok::minusminus) ||
          isAssignOp(Body[K]));
}

} // namespace

bool findDeviceGlobal(const std::vector<Token> &Body,
                      const std::set<std::string> &Named, std::string &Var,
                      std::string &Via, SourceLocation &At, bool &Writes) {
  bool Any = false;
  Writes = false;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (T.isNot(tok::identifier))
      continue;
    bool Known;
    const NamedDecl *D = lookup(T, &Known);
    if (const auto *V = dyn_cast_or_null<VarDecl>(D)) {
      if (!perDeviceGlobal(V) || Named.count(V->getName().str()))
        continue;
      const bool Store = storedAt(Body, I);
      if (Any && !Store) // a read is reported already
        continue;
      Var = V->getName().str();
      Via.clear();
      At = T.getLocation();
      Any = true;
      if ((Writes = Store))
        return true;
      continue;
    }
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (!F)
      continue;
    // The function and those it calls, where their bodies are known.
    GlobalFinder G;
    G.Seen.insert(F->getCanonicalDecl());
    G.Pending.push_back(F);
    while (!G.Pending.empty() && !G.Written) {
      const FunctionDecl *C = G.Pending.back();
      G.Pending.pop_back();
      const FunctionDecl *Def = nullptr;
      if (C->hasBody(Def) && Def->getBody())
        G.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    }
    if (G.Found && (!Any || G.Written)) {
      Var = (G.Written ? G.Written : G.Found)->getName().str();
      Via = F->getName().str();
      At = T.getLocation();
      Any = true;
      if ((Writes = G.Written != nullptr))
        return true;
    }
  }
  return Any;
}

} // namespace proact
