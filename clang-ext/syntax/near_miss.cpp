// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "near_miss.h"
#include "diagnostics.h"
#include "lang_compat.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Lex/Pragma.h"

using namespace clang;

namespace proact {

std::string closestWord(llvm::StringRef Word,
                        llvm::ArrayRef<llvm::StringRef> Known) {
  const std::string W = Word.lower();
  std::string Best;
  unsigned BestDist = 3;
  // A shortened word ('reduce' for 'reduction') counts as one edit.
  const llvm::StringRef Stem = llvm::StringRef(W).drop_back();
  for (llvm::StringRef K : Known) {
    unsigned D = llvm::StringRef(W).edit_distance(K.lower(), true, BestDist);
    if (D > 1 && Stem.size() >= 4 && llvm::StringRef(K.lower()).starts_with(Stem))
      D = 1;
    if (D < BestDist && 2 * D < W.size()) {
      BestDist = D;
      Best = K.str();
    }
  }
  return Best;
}

namespace {

// What 'proact...' was probably meant as: "proact" for a misspelling,
// "proact region" for 'proactregion' or 'proact_region'; "" when the name
// is not close to 'proact'.
std::string intended(llvm::StringRef Name) {
  if (Name == "proact")
    return "";
  const std::string Lower = Name.lower();
  if (llvm::StringRef(Lower).starts_with("proact")) {
    llvm::StringRef Rest = Name.drop_front(6).ltrim("_-.");
    return Rest.empty() ? "proact" : "proact " + Rest.str();
  }
  return closestWord(Name, {"proact"}).empty() ? "" : "proact";
}

// Registered under the empty name: clang hands it every pragma that has no
// handler of its own.
class NearMissHandler : public PragmaHandler {
public:
  NearMissHandler() : PragmaHandler("") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &FirstTok) override {
    const IdentifierInfo *II = FirstTok.getIdentifierInfo();
    const std::string Name = II ? II->getName().str() : "";
    std::string Meant = Name.empty() ? "" : intended(Name);
    if (Meant.empty()) {
      PP.Diag(FirstTok, diag::warn_pragma_ignored); // clang's own
      return;
    }
    setDevicePass(isOpenMPDevicePass(PP.getLangOpts()));
    CharSourceRange Range = CharSourceRange::getCharRange(
        FirstTok.getLocation(), FirstTok.getEndLoc());
    report(PP.getDiagnostics(), FirstTok.getLocation(), Diag::PragmaNearMiss)
        << Name << Meant << FixItHint::CreateReplacement(Range, Meant);
  }
};

} // namespace

void addNearMissHandler(Preprocessor &PP) {
  PP.AddPragmaHandler(new NearMissHandler);
}

} // namespace proact
