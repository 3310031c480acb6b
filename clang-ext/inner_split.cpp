#include "inner_split.h"
#include <map>

using namespace clang;

namespace proact {
namespace {

std::string text(Preprocessor &PP, const Code &C) {
  std::string S;
  for (const Piece &P : C.pieces())
    S += (P.IsText ? P.Text : spelling(PP, P.Tok)) + " ";
  return S;
}

// The constant 0, possibly in parentheses.
bool isZero(Preprocessor &PP, const Code &C) {
  std::string S;
  for (char Ch : text(PP, C))
    if (Ch != ' ' && Ch != '(' && Ch != ')')
      S += Ch;
  return S == "0";
}

// An access's index as text: two accesses with the same text touch the same
// elements in the same iteration.
std::string formOf(Preprocessor &PP, const Access &X) {
  std::string S = text(PP, X.Coef) + "|" + text(PP, X.Offset) + "|" +
                  text(PP, X.Len);
  for (const InnerTerm &T : X.Inner)
    S += "|" + T.Loop.VarName + ":" + text(PP, T.Coef);
  return S;
}

} // namespace

bool innerLoopSplittable(Preprocessor &PP, const Directive &D,
                         const BodyAccesses &A, const std::string &Var) {
  std::map<int, std::string> Stored; // array -> the form of its stores
  for (const Access &W : A.Writes) {
    if (W.Whole)
      return false;
    bool Uses = false;
    for (const InnerTerm &T : W.Inner)
      Uses |= T.Loop.VarName == Var && !isZero(PP, T.Coef);
    if (!Uses)
      return false;
    const std::string F = formOf(PP, W);
    auto It = Stored.find(W.Array);
    if (It != Stored.end() && It->second != F)
      return false;
    Stored[W.Array] = F;
  }
  for (const Section &R : D.Reads)
    for (const auto &S : Stored)
      if (D.Arrays[S.first].Spelling == R.Spelling)
        return false;
  for (const Access &X : A.Reads) {
    auto It = Stored.find(X.Array);
    if (It != Stored.end() && (X.Whole || formOf(PP, X) != It->second))
      return false;
  }
  return true;
}

} // namespace proact
