// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "multidim.h"
#include "diagnostics.h"
#include "inject.h"
#include "loop_syntax.h"
#include "name_lookup.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace proact {

const FlatArray *FlatArrays::find(const std::string &Name) const {
  for (const FlatArray &A : Arrays)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

const FlatArray &FlatArrays::add(const std::string &Name, int Rank) {
  if (const FlatArray *A = find(Name))
    return *A;
  FlatArray A;
  A.Name = Name;
  A.Rank = Rank;
  A.Flat = "__proact_flat_" + Name;
  for (int K = 1; K < Rank; ++K)
    A.Strides.push_back("__proact_s" + std::to_string(K) + "_" + Name);
  Arrays.push_back(std::move(A));
  return Arrays.back();
}

namespace {

// `(a)[0][0]...` with N subscripts.
std::string zeros(const std::string &Name, int N) {
  std::string S = "(" + Name + ")";
  for (int K = 0; K < N; ++K)
    S += "[0]";
  return S;
}

} // namespace

Code FlatArrays::prologue() const {
  Code C;
  for (const FlatArray &A : Arrays) {
    const std::string Elem = zeros(A.Name, A.Rank);
    // __typeof__ keeps const, volatile and typedef'd element types; its
    // operand has no variably modified type, so nothing is evaluated. Not
    // a const pointer: for a global array clang folds a const one into
    // the array's address inside the kernels, which the device then lacks.
    C << "__typeof__(&" + Elem + ") " + A.Flat + " = &" + Elem +
             "; (void)" + A.Flat + ";";
    for (size_t K = 0; K < A.Strides.size(); ++K)
      C << "const long long " + A.Strides[K] + " = (long long)(sizeof(" +
               zeros(A.Name, (int)K + 1) + ") / sizeof(" + Elem +
               ")); (void)" + A.Strides[K] + ";";
  }
  return C;
}

Code FlatArrays::renamed(Preprocessor &PP, const Code &C) const {
  if (Renamed.empty())
    return C;
  Code Out;
  for (const Piece &P : C.pieces()) {
    if (P.IsText) {
      Out << P.Text;
      continue;
    }
    auto It = P.Tok.is(tok::identifier)
                  ? Renamed.find(P.Tok.getLocation().getRawEncoding())
                  : Renamed.end();
    if (It == Renamed.end()) {
      Out << P.Tok;
      continue;
    }
    // The user's token, so that a diagnostic still points at the user's
    // name; the parser reads the identifier.
    Token T = P.Tok;
    T.setIdentifierInfo(PP.getIdentifierInfo(It->second));
    Out << T;
  }
  return Out;
}

namespace {

// A small integer constant expression of the clause (literals, enumerators,
// + - * / % and parentheses), or false.
class ConstFolder {
public:
  ConstFolder(Preprocessor &PP, const Tokens &T) : PP(PP), T(T) {}
  bool fold(long long &V) {
    return !T.empty() && add(V) && Pos == T.size();
  }

private:
  Preprocessor &PP;
  const Tokens &T;
  size_t Pos = 0;
  bool at(tok::TokenKind K) const { return Pos < T.size() && T[Pos].is(K); }

  bool add(long long &V) {
    if (!mul(V))
      return false;
    while (at(tok::plus) || at(tok::minus)) {
      const bool Minus = at(tok::minus);
      ++Pos;
      long long R;
      if (!mul(R))
        return false;
      V = Minus ? V - R : V + R;
    }
    return true;
  }
  bool mul(long long &V) {
    if (!unary(V))
      return false;
    while (at(tok::star) || at(tok::slash) || at(tok::percent)) {
      const tok::TokenKind Op = T[Pos++].getKind();
      long long R;
      if (!unary(R) || (Op != tok::star && R == 0))
        return false;
      V = Op == tok::star ? V * R : Op == tok::slash ? V / R : V % R;
    }
    return true;
  }
  bool unary(long long &V) {
    if (at(tok::minus) || at(tok::plus)) {
      const bool Minus = at(tok::minus);
      ++Pos;
      if (!unary(V))
        return false;
      V = Minus ? -V : V;
      return true;
    }
    if (at(tok::l_paren)) {
      ++Pos;
      if (!add(V) || !at(tok::r_paren))
        return false;
      ++Pos;
      return true;
    }
    if (at(tok::identifier))
      return lookupEnumerator(T[Pos++], V);
    if (!at(tok::numeric_constant))
      return false;
    const std::string Spelled = spelling(PP, T[Pos++]);
    llvm::StringRef S(Spelled);
    while (!S.empty() && llvm::StringRef("uUlL").contains(S.back()))
      S = S.drop_back();
    unsigned long long U;
    if (S.getAsInteger(0, U) || U > (1ull << 62))
      return false;
    V = (long long)U;
    return true;
  }
};

std::string text(Preprocessor &PP, const Tokens &T) {
  std::string S;
  for (const Token &Tk : T)
    S += spelling(PP, Tk);
  return S;
}

std::string withoutSpaces(const std::string &S) {
  std::string R;
  for (char C : S)
    if (C != ' ' && C != '\t' && C != '\n')
      R += C;
  return R;
}

// Flattens sections for one directive.
class SectionFlattener {
public:
  SectionFlattener(Preprocessor &PP, FlatArrays &F)
      : PP(PP), DE(PP.getDiagnostics()), F(F) {}

  // The section Name[Lo:Len]Inner..., or Name alone (Whole); Lo and Len
  // are replaced by the flat section's. False after a report.
  bool flatten(const Token &Name, const std::string &Written, bool Whole,
               const std::vector<SectionDim> &Inner, Tokens &Lo, Tokens &Len,
               std::string &CName);

private:
  Preprocessor &PP;
  DiagnosticsEngine &DE;
  FlatArrays &F;

  bool checkInner(const Token &Name, const std::string &Written,
                  const ArrayShape &Shape, const std::vector<SectionDim> &Inner,
                  const Tokens &Lo, const Tokens &Len);
};

bool SectionFlattener::checkInner(const Token &Name,
                                  const std::string &Written,
                                  const ArrayShape &Shape,
                                  const std::vector<SectionDim> &Inner,
                                  const Tokens &Lo, const Tokens &Len) {
  const std::string N = spelling(PP, Name);
  const std::string Rows = N + "[" + text(PP, Lo) + ":" + text(PP, Len) + "]";
  std::string Declared = Rows;
  for (const ArrayShape::Extent &E : Shape.Inner)
    Declared += "[0:" + E.Text + "]";
  bool Ok = true;
  // A spread construct's section stays OpenMP's rather than widened: a
  // wider 'target update' would move elements the program did not name.
  const Diag NotWhole =
      inSpreadTrial() ? Diag::SpreadSectionNotWhole : Diag::SectionNotWhole;
  for (size_t K = 0; K < Inner.size(); ++K) {
    const SectionDim &Dim = Inner[K];
    const ArrayShape::Extent &E = Shape.Inner[K];
    const std::string Dimension = std::to_string(K + 2);
    long long V = 0;
    if (!Dim.Lo.empty() && !(ConstFolder(PP, Dim.Lo).fold(V) && V == 0)) {
      report(DE, Dim.LBracket.getLocation(), NotWhole)
          << Written << Dimension << N
          << "it starts at " + text(PP, Dim.Lo) + ", not 0" << Declared
          << Rows;
      Ok = false;
      continue;
    }
    if (ConstFolder(PP, Dim.Len).fold(V)) {
      if (E.Constant && (unsigned long long)V == E.Value)
        continue;
      if (E.Constant) {
        report(DE, Dim.Colon.getLocation(), NotWhole)
            << Written << Dimension << N
            << "it has " + std::to_string(V) + " of its " + E.Text +
                   " elements"
            << Declared << Rows;
        Ok = false;
        continue;
      }
    } else if (!E.Constant) {
      // The variable-length extent as declared: the same variable, or the
      // same expression.
      if (Dim.Len.size() == 1 && E.Var != nullptr &&
          lookupDecl(Dim.Len[0]) == E.Var)
        continue;
      if (E.Var == nullptr && !E.Text.empty() &&
          withoutSpaces(E.Text) == withoutSpaces(text(PP, Dim.Len)))
        continue;
    }
    report(DE, Dim.Colon.getLocation(), Diag::SectionWholeUnknown)
        << Written << Dimension << N << (E.Text.empty() ? "?" : E.Text)
        << Rows;
    Ok = false;
  }
  return Ok;
}

bool SectionFlattener::flatten(const Token &Name, const std::string &Written,
                               bool Whole, const std::vector<SectionDim> &Inner,
                               Tokens &Lo, Tokens &Len, std::string &CName) {
  const std::string N = spelling(PP, Name);
  const bool Flat = !Whole && Inner.empty();
  if (lookupName(Name) == NameKind::Unknown) {
    // Without Sema only a flat section is understood.
    if (Flat)
      return true;
    report(DE, Name.getLocation(), Diag::SectionNoTypes) << Written << N;
    return false;
  }
  const ArrayShape Shape = lookupArrayShape(Name);
  if (!Shape.Known || Shape.Rank == 0) {
    // name[lo:len] of something else: clang's check of the clause, or the
    // reduction's of its type, says what is wrong.
    if (Flat)
      return true;
    report(DE, Name.getLocation(), Diag::SectionNotArray)
        << N << (Shape.Known ? "a '" + Shape.Type + "'" : "not a variable");
    return false;
  }
  if (!Whole && (int)Inner.size() > Shape.Rank - 1) {
    report(DE, Inner[Shape.Rank - 1].LBracket.getLocation(),
           Diag::SectionDims)
        << Written << (int)Inner.size() + 1 << N << Shape.Type << Shape.Rank
        << (Shape.Rank == 1 ? "" : "s");
    return false;
  }
  if (Whole && !Shape.Object) {
    report(DE, Name.getLocation(), Diag::SectionSizeUnknown)
        << N << Shape.Type;
    return false;
  }
  if (!Whole && !checkInner(Name, Written, Shape, Inner, Lo, Len))
    return false;
  const SourceLocation At = Name.getLocation();
  if (Shape.Rank == 1) {
    if (Whole) {
      Lo.clear();
      Len = materialize(PP, At,
                        Code("sizeof(" + N + ") / sizeof(" + zeros(N, 1) +
                             ")"));
    }
    return true;
  }
  const FlatArray &A = F.add(N, Shape.Rank);
  CName = A.Flat;
  F.rename(At, A.Flat);
  if (Whole) {
    Lo.clear();
    Len = materialize(PP, At,
                      Code("sizeof(" + N + ") / sizeof(" +
                           zeros(N, Shape.Rank) + ")"));
    return true;
  }
  // Whole rows: the first dimension's range times a row's elements.
  const std::string Row = ") * " + A.Strides[0];
  if (!Lo.empty())
    Lo = materialize(PP, At, Code("(").add(Lo).add(Row));
  Len = materialize(PP, At, Code("(").add(Len).add(Row));
  return true;
}

} // namespace

bool flattenSections(Preprocessor &PP, Directive &D, FlatArrays &F) {
  SectionFlattener S(PP, F);
  bool Ok = true;
  for (std::vector<Section> *List : {&D.Arrays, &D.Reads})
    for (Section &X : *List)
      Ok &= S.flatten(X.Name, X.Written, X.WholeArray, X.Inner, X.Lo, X.Len,
                      X.CName);
  for (Reduction &R : D.Reductions)
    if (R.IsArray)
      Ok &= S.flatten(R.Var, R.Written, R.WholeArray, R.Inner, R.Lo, R.Len,
                      R.CName);
  return Ok;
}

namespace {

class BodyFlattener {
public:
  BodyFlattener(Preprocessor &PP, FlatArrays &F, const Tokens &Body)
      : PP(PP), DE(PP.getDiagnostics()), F(F), Body(Body) {}

  bool Ok = true;

  // Body[B, E) into Out, element accesses rewritten (those in subscripts
  // too).
  void rewrite(size_t B, size_t E, Code &Out) {
    for (size_t I = B; I < E; ++I) {
      const Token &T = Body[I];
      const FlatArray *A =
          T.is(tok::identifier) &&
                  !(I && Body[I - 1].isOneOf(tok::period, tok::arrow))
              ? F.find(spelling(PP, T))
              : nullptr;
      if (A == nullptr) {
        Out << T;
        continue;
      }
      std::vector<std::pair<size_t, size_t>> Subs; // '[' and its ']'
      for (size_t J = I + 1; J < E && Body[J].is(tok::l_square);) {
        const size_t Close = matchingClose(Body, J);
        if (Close >= E)
          break; // unbalanced: the parser reports it
        Subs.push_back({J, Close});
        J = Close + 1;
      }
      if ((int)Subs.size() != A->Rank) {
        std::string One = A->Name;
        for (int K = 0; K < A->Rank; ++K)
          One += std::string("[") + (char)('i' + K) + "]";
        report(DE, T.getLocation(), Diag::SubscriptCount)
            << A->Name << A->Rank
            << (Subs.size() == 1 ? std::string("1 subscript")
                                 : std::to_string(Subs.size()) + " subscripts")
            << One;
        Ok = false;
        Out << T;
        continue;
      }
      F.rename(T.getLocation(), A->Flat);
      // The user's name, '[' and ']' around (e1) * s1 + (e2) * s2 + (e3).
      Out << T << Body[Subs[0].first];
      for (int K = 0; K < A->Rank; ++K) {
        Out << "(";
        rewrite(Subs[K].first + 1, Subs[K].second, Out);
        Out << ")";
        if (K + 1 < A->Rank)
          Out << "* " + A->Strides[K] + " +";
      }
      Out << Body[Subs.back().second];
      I = Subs.back().second;
    }
  }

private:
  Preprocessor &PP;
  DiagnosticsEngine &DE;
  FlatArrays &F;
  const Tokens &Body;
};

} // namespace

bool flattenBody(Preprocessor &PP, const Directive &D, FlatArrays &F,
                 const Tokens &Body, Tokens &Out) {
  if (F.empty()) {
    Out = Body;
    return true;
  }
  BodyFlattener B(PP, F, Body);
  Code C;
  B.rewrite(0, Body.size(), C);
  Out = materialize(PP, D.Loc, C);
  return B.Ok;
}

} // namespace proact
