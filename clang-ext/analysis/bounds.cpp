// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "bounds.h"
#include "loop_syntax.h"
#include <cctype>

using namespace clang;

namespace proact {
namespace {

bool endsOperand(const Token &T) {
  return T.isOneOf(tok::identifier, tok::numeric_constant, tok::r_paren,
                   tok::r_square, tok::char_constant);
}

void addInto(LinearForm &A, const LinearForm &B, bool Minus) {
  for (const auto &KV : B.Coef) {
    Code Prev = A.Coef.count(KV.first) ? A.Coef[KV.first] : Code("0");
    A.Coef[KV.first] =
        Code("(").add(Prev).add(Minus ? "-" : "+").add(KV.second).add(")");
  }
  A.K = Code("(").add(A.K).add(Minus ? "-" : "+").add(B.K).add(")");
}

class BoundParser {
public:
  BoundParser(Preprocessor &PP, const Tokens &T,
              const std::set<std::string> &Vars,
              const std::set<std::string> &Varying)
      : PP(PP), T(T), Vars(Vars), Varying(Varying) {}

  bool parse(size_t B, size_t E, BoundExpr &Out) {
    strip(B, E);
    if (B >= E)
      return fail(T.empty() ? SourceLocation() : T.back().getLocation(),
                  "the bound is empty");
    size_t Q = find(B, E, tok::question);
    if (Q < E)
      return parseTernary(B, Q, E, Out);
    // `e & m` binds looser than + and -: the whole bound is one.
    for (size_t I = E; I-- > B + 1;)
      if (depth(B, I) == 0 && T[I].is(tok::amp) && endsOperand(T[I - 1]))
        return parseAnd(B, I, E, false, Out);
    size_t Start = B;
    bool Neg = false;
    for (size_t I = B; I <= E; ++I) {
      if (I < E && !(depth(B, I) == 0 && I > B &&
                     T[I].isOneOf(tok::plus, tok::minus) &&
                     endsOperand(T[I - 1])))
        continue;
      if (!parseTerm(Start, I, Neg, Out))
        return false;
      if (I < E)
        Neg = T[I].is(tok::minus);
      Start = I + 1;
    }
    return true;
  }

  std::string Why;
  SourceLocation Where;

private:
  Preprocessor &PP;
  const Tokens &T;
  const std::set<std::string> &Vars;
  const std::set<std::string> &Varying;

  bool fail(SourceLocation L, std::string W) {
    if (Why.empty()) {
      Why = std::move(W);
      Where = L;
    }
    return false;
  }
  // Bracket depth at I relative to B.
  int depth(size_t B, size_t I) const {
    int D = 0;
    for (size_t K = B; K < I; ++K)
      D += bracketDelta(T[K]);
    return D;
  }
  void strip(size_t &B, size_t &E) const {
    while (E - B >= 2 && T[B].is(tok::l_paren) && matchingClose(T, B) == E - 1)
      ++B, --E;
  }
  size_t find(size_t B, size_t E, tok::TokenKind K) const {
    int D = 0;
    for (size_t I = B; I < E; ++I) {
      D += bracketDelta(T[I]);
      if (D == 0 && T[I].is(K))
        return I;
    }
    return E;
  }
  std::string key(size_t B, size_t E) const {
    strip(B, E);
    std::string S;
    for (size_t I = B; I < E; ++I)
      S += spelling(PP, T[I]) + " ";
    return S;
  }
  bool affine(size_t B, size_t E, LinearForm &F) {
    Tokens Sub(T.begin() + B, T.begin() + E);
    std::string W;
    SourceLocation L = B < T.size() ? T[B].getLocation() : SourceLocation();
    if (analyseAffine(PP, Sub, Vars, Varying, F, W, L))
      return true;
    return fail(L, W);
  }
  // MIN / MAX: `P op R ? X : Y` with {X, Y} = {P, R}.
  bool parseTernary(size_t B, size_t Q, size_t E, BoundExpr &Out) {
    size_t Colon = E;
    int Nest = 0, D = 0;
    for (size_t I = Q + 1; I < E; ++I) {
      D += bracketDelta(T[I]);
      if (D != 0)
        continue;
      if (T[I].is(tok::question))
        ++Nest;
      else if (T[I].is(tok::colon) && Nest-- == 0) {
        Colon = I;
        break;
      }
    }
    size_t CB = B, CE = Q;
    strip(CB, CE);
    size_t Op = CE;
    for (size_t I = CB; I < CE; ++I)
      if (depth(CB, I) == 0 &&
          T[I].isOneOf(tok::less, tok::lessequal, tok::greater,
                       tok::greaterequal)) {
        Op = I;
        break;
      }
    if (Colon == E || Op == CE)
      return fail(T[Q].getLocation(),
                  "a '?:' in a bound must be a MIN or MAX of two "
                  "expressions ('a < b ? a : b')");
    const std::string P = key(CB, Op), R = key(Op + 1, CE),
                      X = key(Q + 1, Colon), Y = key(Colon + 1, E);
    const bool Less = T[Op].isOneOf(tok::less, tok::lessequal);
    if (X == P && Y == R)
      Out.K = Less ? BoundExpr::Min : BoundExpr::Max;
    else if (X == R && Y == P)
      Out.K = Less ? BoundExpr::Max : BoundExpr::Min;
    else
      return fail(T[Q].getLocation(),
                  "a '?:' in a bound must be a MIN or MAX of two "
                  "expressions ('a < b ? a : b')");
    Out.Kids.resize(2);
    return parse(CB, Op, Out.Kids[0]) && parse(Op + 1, CE, Out.Kids[1]);
  }
  bool literal(size_t B, size_t E, std::string &C) {
    strip(B, E);
    if (E != B + 1 || T[B].isNot(tok::numeric_constant))
      return false;
    C = spelling(PP, T[B]);
    for (char Ch : C)
      if (!isdigit((unsigned char)Ch) && Ch != 'u' && Ch != 'U' && Ch != 'l' &&
          Ch != 'L' && Ch != 'x' && Ch != 'X' &&
          !isxdigit((unsigned char)Ch))
        return false;
    return true;
  }
  // `X & m` with a constant m: in [0, m] whatever X.
  bool parseAnd(size_t B, size_t Amp, size_t E, bool Neg, BoundExpr &Out) {
    BoundExpr::Bounded M;
    M.Neg = Neg;
    M.And = true;
    if (!literal(Amp + 1, E, M.C))
      return fail(T[Amp].getLocation(),
                  "'&' in a bound needs a constant mask ('j = 1 + (i & 1)')");
    if (!affine(B, Amp, M.Operand))
      return false;
    Out.Mods.push_back(M);
    return true;
  }
  bool parseTerm(size_t B, size_t E, bool Neg, BoundExpr &Out) {
    if (B >= E)
      return fail(B < T.size() ? T[B].getLocation() : SourceLocation(),
                  "the bound ends early");
    LinearForm F;
    {
      // An affine term needs no more.
      BoundParser Try(PP, T, Vars, Varying);
      if (Try.affine(B, E, F)) {
        addInto(Out.Lin, F, Neg);
        return true;
      }
    }
    if (T[B].isOneOf(tok::minus, tok::plus)) // a sign: -(i % 2)
      return parseTerm(B + 1, E, Neg != T[B].is(tok::minus), Out);
    size_t SB = B, SE = E;
    strip(SB, SE);
    if (SB != B) { // a parenthesised min, max, sum or mask
      BoundExpr Sub;
      if (!parse(SB, SE, Sub))
        return false;
      if (Sub.K != BoundExpr::Sum) {
        Out.Nested.push_back({Neg, Sub});
        return true;
      }
      addInto(Out.Lin, Sub.Lin, Neg);
      for (BoundExpr::Bounded M : Sub.Mods) {
        M.Neg = M.Neg != Neg;
        Out.Mods.push_back(M);
      }
      for (auto &N : Sub.Nested)
        Out.Nested.push_back({N.first != Neg, N.second});
      return true;
    }
    // `X % c`: the last operator of the term, with a constant c.
    size_t Op = E;
    for (size_t I = B; I < E; ++I)
      if (depth(B, I) == 0 && T[I].isOneOf(tok::star, tok::slash, tok::percent))
        Op = I;
    BoundExpr::Bounded M;
    M.Neg = Neg;
    if (Op < E && T[Op].is(tok::percent) && literal(Op + 1, E, M.C) &&
        affine(B, Op, M.Operand)) {
      Why.clear();
      Out.Mods.push_back(M);
      return true;
    }
    return affine(B, E, F); // its reason
  }
};

Code add(const Code &A, const Code &B) {
  return Code("proact__add(").add(A).add(", ").add(B).add(")");
}

// The least (High: greatest) value of the affine form F over the ranges.
Code linearBound(const LinearForm &F, const RangeNames &R, bool High) {
  Code C = Code::asLongLong(F.K);
  for (const auto &KV : F.Coef) {
    auto It = R.find(KV.first);
    if (It == R.end())
      continue;
    C = add(C, Code(High ? "proact__range_hi(" : "proact__range_lo(")
                   .add(Code::asLongLong(KV.second))
                   .add(", " + It->second.first + ", " + It->second.second +
                        ")"));
  }
  return C;
}

Code modBound(const BoundExpr::Bounded &M, const RangeNames &R, bool High) {
  if (M.And)
    return Code(High ? "(long long)(" + M.C + ")" : "0LL");
  if (High)
    return Code("proact__mod_hi(")
        .add(linearBound(M.Operand, R, true))
        .add(", (long long)(" + M.C + "))");
  return Code("proact__mod_lo(")
      .add(linearBound(M.Operand, R, false))
      .add(", (long long)(" + M.C + "))");
}

Code negate(const Code &C) {
  return Code("proact__mul(-1LL, ").add(C).add(")");
}

Code bound(const BoundExpr &E, const RangeNames &R, bool High) {
  if (E.K != BoundExpr::Sum) {
    const bool UseMin = E.K == BoundExpr::Min;
    return Code(UseMin ? "proact__min(" : "proact__max(")
        .add(bound(E.Kids[0], R, High))
        .add(", ")
        .add(bound(E.Kids[1], R, High))
        .add(")");
  }
  Code C = linearBound(E.Lin, R, High);
  for (const BoundExpr::Bounded &M : E.Mods)
    C = add(C, M.Neg ? negate(modBound(M, R, !High)) : modBound(M, R, High));
  for (const auto &N : E.Nested)
    C = add(C, N.first ? negate(bound(N.second, R, !High))
                       : bound(N.second, R, High));
  return C;
}

std::string text(Preprocessor &PP, const Code &C) {
  std::string S;
  for (const Piece &P : C.pieces())
    S += P.IsText ? P.Text : spelling(PP, P.Tok);
  return S;
}

// Folds an expression of integer literals, + - * and parentheses; false if
// it holds anything else.
bool fold(const std::string &S, size_t &P, long long &V);
bool foldAtom(const std::string &S, size_t &P, long long &V) {
  while (P < S.size() && S[P] == ' ')
    ++P;
  if (P < S.size() && S[P] == '(') {
    ++P;
    if (!fold(S, P, V))
      return false;
    while (P < S.size() && S[P] == ' ')
      ++P;
    if (P >= S.size() || S[P] != ')')
      return false;
    ++P;
    return true;
  }
  if (P < S.size() && S[P] == '-') {
    ++P;
    if (!foldAtom(S, P, V))
      return false;
    V = -V;
    return true;
  }
  if (P >= S.size() || !isdigit((unsigned char)S[P]))
    return false;
  V = 0;
  while (P < S.size() && isdigit((unsigned char)S[P]))
    V = V * 10 + (S[P++] - '0');
  return true;
}
bool foldTerm(const std::string &S, size_t &P, long long &V) {
  if (!foldAtom(S, P, V))
    return false;
  for (;;) {
    while (P < S.size() && S[P] == ' ')
      ++P;
    if (P >= S.size() || S[P] != '*')
      return true;
    ++P;
    long long W;
    if (!foldAtom(S, P, W))
      return false;
    V *= W;
  }
}
bool fold(const std::string &S, size_t &P, long long &V) {
  if (!foldTerm(S, P, V))
    return false;
  for (;;) {
    while (P < S.size() && S[P] == ' ')
      ++P;
    if (P >= S.size() || (S[P] != '+' && S[P] != '-'))
      return true;
    const bool Minus = S[P++] == '-';
    long long W;
    if (!foldTerm(S, P, W))
      return false;
    V = Minus ? V - W : V + W;
  }
}

} // namespace

bool sameCoef(Preprocessor &PP, const Code &A, const Code &B) {
  std::string SA = text(PP, A), SB = text(PP, B);
  long long VA, VB;
  size_t PA = 0, PB = 0;
  if (fold(SA, PA, VA) && PA == SA.size() && fold(SB, PB, VB) &&
      PB == SB.size())
    return VA == VB;
  // Spaces dropped, and parentheses around the whole: dropping inner ones
  // would equate `(a - b) - c` with `a - (b - c)`.
  auto Squash = [](const std::string &S) {
    std::string R;
    for (char C : S)
      if (C != ' ')
        R += C;
    for (;;) {
      int Depth = 0;
      size_t Close = 0;
      for (size_t K = 0; K < R.size() && !Close; ++K) {
        Depth += R[K] == '(' ? 1 : R[K] == ')' ? -1 : 0;
        if (Depth == 0)
          Close = K;
      }
      if (R.size() < 2 || R[0] != '(' || Close != R.size() - 1)
        return R;
      R = R.substr(1, R.size() - 2);
    }
  };
  return Squash(SA) == Squash(SB);
}

namespace {

// E as A * I + rem with rem's least (Upper: greatest) value in Rem; HasA
// when E moves with I. False when no affine bound in I exists (the min of
// a term with I and one without, as a lower end).
bool shiftForm(Preprocessor &PP, const BoundExpr &E, bool Upper,
               const std::string &I, const RangeNames &R, Code &A, bool &HasA,
               Code &Rem, bool &Exact) {
  HasA = false;
  Exact = false;
  if (E.K != BoundExpr::Sum) {
    // An upper end of a min (a lower end of a max) is below (above) either
    // operand: take the one with I. The other way both must move with I.
    const bool Either = Upper == (E.K == BoundExpr::Min);
    const bool M0 = mentions(E.Kids[0], I), M1 = mentions(E.Kids[1], I);
    if (!M0 && !M1) {
      Rem = bound(E, R, Upper);
      return true;
    }
    bool Ex;
    if (Either)
      return shiftForm(PP, E.Kids[M0 ? 0 : 1], Upper, I, R, A, HasA, Rem, Ex);
    Code A1, R0, R1;
    bool H1;
    if (!M0 || !M1 ||
        !shiftForm(PP, E.Kids[0], Upper, I, R, A, HasA, R0, Ex) ||
        !shiftForm(PP, E.Kids[1], Upper, I, R, A1, H1, R1, Ex) ||
        !sameCoef(PP, A, A1))
      return false;
    Rem = Code(E.K == BoundExpr::Min ? "proact__min(" : "proact__max(")
              .add(R0)
              .add(", ")
              .add(R1)
              .add(")");
    return true;
  }
  LinearForm Rest = E.Lin;
  if (Rest.Coef.count(I)) {
    HasA = true;
    A = Rest.Coef[I];
    Rest.Coef.erase(I);
  }
  Exact = E.Mods.empty() && E.Nested.empty() && Rest.Coef.empty();
  BoundExpr Plain;
  Plain.Lin = Rest;
  Plain.Mods = E.Mods;
  Rem = bound(Plain, R, Upper);
  for (const auto &N : E.Nested) {
    Code NA, NR;
    bool NH, NE;
    if (!shiftForm(PP, N.second, Upper != N.first, I, R, NA, NH, NR, NE))
      return false;
    Rem = add(Rem, N.first ? negate(NR) : NR);
    if (NH) {
      A = HasA ? Code("(").add(A).add(N.first ? ")-(" : ")+(").add(NA).add(")")
               : (N.first ? Code("-(").add(NA).add(")") : NA);
      HasA = true;
    }
  }
  return true;
}

} // namespace

bool mentions(const BoundExpr &E, const std::string &Var) {
  if (E.K != BoundExpr::Sum)
    return mentions(E.Kids[0], Var) || mentions(E.Kids[1], Var);
  if (E.Lin.Coef.count(Var))
    return true;
  for (const auto &N : E.Nested)
    if (mentions(N.second, Var))
      return true;
  return false;
}

bool parseBound(Preprocessor &PP, const Tokens &Toks,
                const std::set<std::string> &Vars,
                const std::set<std::string> &Varying, BoundExpr &Out,
                std::string &Why, SourceLocation &Where) {
  BoundParser P(PP, Toks, Vars, Varying);
  if (P.parse(0, Toks.size(), Out))
    return true;
  Why = P.Why;
  Where = P.Where.isValid() ? P.Where
                            : (Toks.empty() ? Where : Toks[0].getLocation());
  return false;
}

Code boundLow(const BoundExpr &E, const RangeNames &R) {
  return bound(E, R, false);
}
Code boundHigh(const BoundExpr &E, const RangeNames &R) {
  return bound(E, R, true);
}

bool shiftOf(Preprocessor &PP, const std::string &I, const BoundExpr &First,
             const BoundExpr &Bound, bool Ascending, const RangeNames &R,
             Shift &Out) {
  Code AF, AB;
  bool HF, HB, EF, EB;
  if (!shiftForm(PP, First, !Ascending, I, R, AF, HF, Out.First, EF) ||
      !shiftForm(PP, Bound, Ascending, I, R, AB, HB, Out.Bound, EB) || !HF ||
      !HB || !sameCoef(PP, AF, AB))
    return false;
  Out.A = AF;
  Out.Exact = EF;
  Out.Whole = EF && EB;
  return true;
}

} // namespace proact
