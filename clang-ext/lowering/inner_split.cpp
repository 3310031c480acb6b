// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "inner_split.h"
#include <map>

using namespace clang;

namespace proact {
namespace {

// Whether two accesses touch the same elements in the same iteration: the
// same coefficients and offset, term by term.
bool sameForm(Preprocessor &PP, const Access &A, const Access &B) {
  if (A.Whole || B.Whole || A.Inner.size() != B.Inner.size() ||
      A.Len.empty() != B.Len.empty() || !sameCoef(PP, A.Coef, B.Coef) ||
      !sameCoef(PP, A.Offset, B.Offset) ||
      (!A.Len.empty() && !sameCoef(PP, A.Len, B.Len)))
    return false;
  for (size_t K = 0; K < A.Inner.size(); ++K)
    if (A.Inner[K].Loop.VarName != B.Inner[K].Loop.VarName ||
        !sameCoef(PP, A.Inner[K].Coef, B.Inner[K].Coef))
      return false;
  return true;
}

} // namespace

bool innerLoopSplittable(Preprocessor &PP, const Directive &D,
                         const BodyAccesses &A, const std::string &Var) {
  std::map<int, const Access *> Stored; // array -> its first store
  for (const Access &W : A.Writes) {
    if (W.Whole)
      return false;
    bool Uses = false;
    for (const InnerTerm &T : W.Inner)
      Uses |= T.Loop.VarName == Var && !sameCoef(PP, T.Coef, Code("0"));
    if (!Uses)
      return false;
    auto It = Stored.find(W.Array);
    if (It != Stored.end() && !sameForm(PP, *It->second, W))
      return false;
    Stored.emplace(W.Array, &W);
  }
  for (const Section &R : D.Reads)
    for (const auto &S : Stored)
      if (D.Arrays[S.first].Spelling == R.Spelling)
        return false;
  for (const Access &X : A.Reads) {
    auto It = Stored.find(X.Array);
    if (It != Stored.end() && !sameForm(PP, X, *It->second))
      return false;
  }
  return true;
}

} // namespace proact
