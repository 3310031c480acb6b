#include "name_lookup.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace proact {
namespace {
CompilerInstance *Instance = nullptr;
} // namespace

void setLookupInstance(CompilerInstance *CI) { Instance = CI; }

NameKind lookupName(const Token &T) {
  if (!Instance || !Instance->hasSema() || T.isNot(tok::identifier))
    return NameKind::Unknown;
  Sema &S = Instance->getSema();
  if (!S.getCurScope())
    return NameKind::Unknown;
  LookupResult R(S, DeclarationName(T.getIdentifierInfo()), T.getLocation(),
                 Sema::LookupOrdinaryName);
  S.LookupName(R, S.getCurScope());
  if (!R.isSingleResult())
    return NameKind::Other;
  const NamedDecl *ND = R.getFoundDecl();
  if (isa<TypedefNameDecl>(ND))
    return NameKind::Type;
  if (isa<VarDecl>(ND))
    return NameKind::Variable;
  return NameKind::Other;
}

} // namespace proact
