// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "vector_walk.h"
#include <cctype>

using namespace clang;

namespace proact {
namespace {

// Evaluates an integer expression of decimal literals, + - * and
// parentheses (the form analyseAffine gives a coefficient such as `i * 1`
// or `-(-i)`). False for anything else: a name, a suffix, a division.
class ConstantEval {
public:
  explicit ConstantEval(std::string S) : S(std::move(S)) {}
  bool value(long long &V) {
    return expr(V) && (skip(), Pos == S.size());
  }

private:
  std::string S;
  size_t Pos = 0;
  static constexpr long long Limit = 1LL << 40; // no overflow below

  void skip() {
    while (Pos < S.size() && (S[Pos] == ' ' || S[Pos] == '\t'))
      ++Pos;
  }
  bool eat(char C) {
    skip();
    if (Pos < S.size() && S[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }
  static bool bounded(long long V) { return V > -Limit && V < Limit; }
  bool expr(long long &V) {
    if (!term(V))
      return false;
    for (;;) {
      long long R;
      if (eat('+')) {
        if (!term(R))
          return false;
        V += R;
      } else if (eat('-')) {
        if (!term(R))
          return false;
        V -= R;
      } else {
        return bounded(V);
      }
      if (!bounded(V))
        return false;
    }
  }
  bool term(long long &V) {
    if (!unary(V))
      return false;
    while (eat('*')) {
      long long R;
      if (!unary(R))
        return false;
      if (!bounded(V) || !bounded(R) ||
          (R != 0 && (V > Limit / (R < 0 ? -R : R) ||
                      V < -Limit / (R < 0 ? -R : R))))
        return false;
      V *= R;
    }
    return true;
  }
  bool unary(long long &V) {
    if (eat('-')) {
      if (!unary(V))
        return false;
      V = -V;
      return true;
    }
    if (eat('+'))
      return unary(V);
    if (eat('('))
      return expr(V) && eat(')');
    skip();
    size_t B = Pos;
    V = 0;
    while (Pos < S.size() && S[Pos] >= '0' && S[Pos] <= '9') {
      V = V * 10 + (S[Pos++] - '0');
      if (!bounded(V))
        return false;
    }
    // A literal with a suffix or another base is not ours to evaluate.
    return Pos > B && (Pos == S.size() || !isalnum((unsigned char)S[Pos]));
  }
};

} // namespace

bool constantValue(Preprocessor &PP, const Code &C, long long &V) {
  std::string S;
  for (const Piece &P : C.pieces()) {
    if (P.IsText) {
      S += P.Text;
      continue;
    }
    if (P.Tok.isAnyIdentifier() || P.Tok.is(tok::raw_identifier))
      return false;
    S += " " + spelling(PP, P.Tok) + " ";
  }
  return ConstantEval(S).value(V);
}

namespace {

// &X[Var + K] as an unsigned integer.
Code addressOf(const VectorAccess &X, const std::string &Var) {
  Code C("((unsigned long long)(__UINTPTR_TYPE__)&(");
  C << X.Name << ")[(" + Var + ") + (" << X.Offset << ")])";
  return C;
}

} // namespace

void planVectorWalk(Preprocessor &PP, const BodyAccesses &A, unsigned U,
                    VectorPlan &P) {
  P.Accesses.clear();
  if (A.Writes.size() != 1 || U < 2)
    return;
  std::vector<VectorAccess> Out;
  std::vector<const Access *> Taken;
  auto take = [&](const Access &X, bool Store) {
    if (X.Whole || !X.Len.empty() || !X.Inner.empty())
      return false;
    long long Coef;
    if (!constantValue(PP, X.Coef, Coef))
      return false;
    if (Coef == 1) {
      Out.push_back({X.At, X.Offset});
      Taken.push_back(&X);
      return true;
    }
    return Coef == 0 && !Store; // a loop-invariant element: a broadcast
  };
  if (!take(A.Writes[0], true))
    return;
  for (const Access &X : A.Reads)
    if (!take(X, false))
      return;
  // Two accesses to one array U elements apart modulo U (a[i - 1] and
  // a[i + 1]) are never both aligned: the strided groups, without a check
  // that would always fail.
  for (size_t I = 0; I < Taken.size(); ++I)
    for (size_t J = I + 1; J < Taken.size(); ++J) {
      long long KI, KJ;
      if (Taken[I]->Array == Taken[J]->Array &&
          constantValue(PP, Taken[I]->Offset, KI) &&
          constantValue(PP, Taken[J]->Offset, KJ) &&
          (KI - KJ) % (long long)U != 0)
        return;
    }
  P.Accesses = std::move(Out);
}

Code vectorPeel(const VectorPlan &P, const std::string &Var) {
  const VectorAccess &S = P.Accesses[0];
  Code C("((long long)(((16u - (");
  C << addressOf(S, Var) << " & 15u)) & 15u) / sizeof((" << S.Name
    << ")[0])))";
  return C;
}

Code vectorFits(const VectorPlan &P, unsigned U) {
  // A group's U elements of X span U * sizeof(X[0]) bytes: a multiple of
  // 16 keeps every later group (U * T iterations on) on the boundary too.
  Code C("(1");
  for (const VectorAccess &X : P.Accesses)
    C << " && (" + std::to_string(U) + "u * sizeof((" << X.Name
      << ")[0])) % 16u == 0";
  C << ")";
  return C;
}

Code vectorAligned(const VectorPlan &P, const std::string &Var) {
  Code C("(1");
  for (const VectorAccess &X : P.Accesses)
    C << " && (" << addressOf(X, Var) << " & 15u) == 0";
  C << ")";
  return C;
}

Code vectorAssumes(const VectorPlan &P, const std::string &Var) {
  Code C;
  for (const VectorAccess &X : P.Accesses)
    C << "PROACT__ASSUME_ALIGNED16(&(" << X.Name << ")[(" + Var + ") + ("
      << X.Offset << ")]);";
  return C;
}

} // namespace proact
