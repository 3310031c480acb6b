// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A small recursive-descent parser over subscript tokens: + - * / % unary,
// parentheses, integer casts, body locals (their initializer's form), and
// opaque loop-invariant primaries (calls, member and subscript expressions
// that do not mention a loop variable).
#include "affine.h"
#include "loop_syntax.h"
#include "name_lookup.h"

using namespace clang;

namespace proact {
namespace {

class AffineParser {
public:
  AffineParser(Preprocessor &PP, const Tokens &T,
               const std::set<std::string> &Vars,
               const std::set<std::string> &Varying, const AffineNames &N)
      : PP(PP), T(T), Vars(Vars), Varying(Varying), Names(N) {}

  bool parse(LinearForm &Out) {
    if (T.empty())
      return fail(SourceLocation(), "the subscript is empty");
    if (!parseAdd(Out))
      return false;
    if (Pos != T.size())
      return fail(T[Pos].getLocation(),
                  "unexpected '" + spelling(PP, T[Pos]) + "'");
    if (FloatingAt.isValid()) {
      Invalid = true;
      return fail(FloatingAt, "it has a floating type");
    }
    return true;
  }

  std::string Why;
  SourceLocation Where;
  bool Invalid = false;

private:
  Preprocessor &PP;
  const Tokens &T;
  const std::set<std::string> &Vars;
  const std::set<std::string> &Varying;
  const AffineNames &Names;
  size_t Pos = 0;
  // Integer casts around the token being parsed: a floating operand there
  // is converted (not affine), outside any it makes the whole subscript
  // floating (FloatingAt: not C).
  int IntCasts = 0;
  SourceLocation FloatingAt;

  bool fail(SourceLocation L, std::string W) {
    if (Why.empty()) {
      Why = std::move(W);
      Where = L;
    }
    return false;
  }
  bool at(tok::TokenKind K) const { return Pos < T.size() && T[Pos].is(K); }

  static Code paren(const Code &C) { return Code("(").add(C).add(")"); }
  static Code combine(const Code &A, const char *Op, const Code &B) {
    return Code("(").add(A).add(std::string(Op)).add(B).add(")");
  }

  static void addInto(LinearForm &A, const LinearForm &B, bool Minus) {
    for (const auto &KV : B.Coef) {
      auto It = A.Coef.find(KV.first);
      if (It == A.Coef.end())
        A.Coef[KV.first] = Minus ? combine(Code("0"), "-", KV.second)
                                 : KV.second;
      else
        It->second = combine(It->second, Minus ? "-" : "+", KV.second);
    }
    A.K = combine(A.K, Minus ? "-" : "+", B.K);
  }

  bool parseAdd(LinearForm &Out) {
    if (!parseMul(Out))
      return false;
    while (at(tok::plus) || at(tok::minus)) {
      bool Minus = at(tok::minus);
      ++Pos;
      LinearForm R;
      if (!parseMul(R))
        return false;
      addInto(Out, R, Minus);
    }
    return true;
  }

  bool parseMul(LinearForm &Out) {
    if (!parseUnary(Out))
      return false;
    while (at(tok::star) || at(tok::slash) || at(tok::percent)) {
      Token Op = T[Pos++];
      LinearForm R;
      if (!parseUnary(R))
        return false;
      bool LV = !Out.Coef.empty(), RV = !R.Coef.empty();
      if (Op.is(tok::star)) {
        if (LV && RV)
          return fail(Op.getLocation(),
                      "it multiplies two loop variables");
        LinearForm &V = LV ? Out : R;
        const Code &S = LV ? R.K : Out.K;
        LinearForm P;
        for (const auto &KV : V.Coef)
          P.Coef[KV.first] = combine(KV.second, "*", S);
        P.K = combine(Out.K, "*", R.K);
        Out = P;
      } else {
        if (LV || RV)
          return fail(Op.getLocation(),
                      "it divides or takes a remainder of a loop variable");
        Out.K = combine(Out.K, Op.is(tok::slash) ? "/" : "%", R.K);
      }
    }
    return true;
  }

  enum class CastKind { None, Integer, Bool, Floating, Other };

  // The kind of value a type word gives, None for a word that is not part
  // of a type name (a variable's name).
  CastKind typeWord(const Token &Tk) const {
    if (Tk.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short,
                   tok::kw_unsigned, tok::kw_signed, tok::kw_char) ||
        Tk.isOneOf(tok::kw_const, tok::kw_volatile, tok::kw_enum))
      return CastKind::Integer;
    if (Tk.is(tok::kw__Bool))
      return CastKind::Bool;
    if (Tk.isOneOf(tok::kw_float, tok::kw_double, tok::kw__Complex))
      return CastKind::Floating;
    if (Tk.isOneOf(tok::star, tok::kw_struct, tok::kw_union, tok::kw_void))
      return CastKind::Other;
    if (Tk.isNot(tok::identifier))
      return CastKind::None;
    const NameKind N = lookupName(Tk);
    const std::string S = spelling(PP, Tk);
    if (N != NameKind::Type &&
        !(N == NameKind::Unknown && S.size() > 2 &&
          S.compare(S.size() - 2, 2, "_t") == 0))
      return CastKind::None;
    switch (lookupKind(Tk)) {
    case ValueKind::Real:
    case ValueKind::Complex:
      return CastKind::Floating;
    case ValueKind::Other:
      return CastKind::Other;
    default: // without Sema, the C library's float_t and double_t aside
      return S == "float_t" || S == "double_t" ? CastKind::Floating
                                               : CastKind::Integer;
    }
  }

  // '(' type-words ')' starting at Pos: sets End past the ')' and returns
  // what the cast converts to (the strongest word's kind), else None.
  CastKind castAt(size_t &End) const {
    if (!at(tok::l_paren))
      return CastKind::None;
    size_t I = Pos + 1;
    CastKind K = CastKind::None;
    for (; I < T.size(); ++I) {
      const CastKind W = typeWord(T[I]);
      if (W == CastKind::None)
        break;
      if (K == CastKind::None || (int)W > (int)K)
        K = W;
      if (T[I].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum) &&
          I + 1 < T.size() && T[I + 1].is(tok::identifier))
        ++I; // the tag
    }
    if (K == CastKind::None || I >= T.size() || T[I].isNot(tok::r_paren))
      return CastKind::None;
    End = I + 1;
    return K;
  }

  // A floating operand at L (a literal, a variable, a cast): inside an
  // integer cast it is truncated, outside the subscript is no integer.
  bool floating(SourceLocation L, const std::string &What) {
    if (IntCasts > 0)
      return fail(L, What + " is converted to an integer, which is not "
                            "affine");
    if (FloatingAt.isInvalid())
      FloatingAt = L;
    return true;
  }

  static bool floatingLiteral(const std::string &S) {
    const bool Hex = S.size() > 1 && S[0] == '0' && (S[1] == 'x' || S[1] == 'X');
    return S.find('.') != std::string::npos ||
           S.find_first_of(Hex ? "pP" : "eE") != std::string::npos;
  }

  bool parseUnary(LinearForm &Out) {
    if (at(tok::minus) || at(tok::plus)) {
      bool Minus = at(tok::minus);
      ++Pos;
      if (!parseUnary(Out))
        return false;
      if (Minus) {
        LinearForm Z;
        addInto(Z, Out, true);
        Out = Z;
      }
      return true;
    }
    size_t E = 0;
    switch (castAt(E)) {
    case CastKind::None:
      break;
    case CastKind::Integer: { // keeps the value of an in-range index
      Pos = E;
      ++IntCasts;
      const bool Ok = parseUnary(Out);
      --IntCasts;
      return Ok;
    }
    case CastKind::Bool:
      return fail(T[Pos].getLocation(),
                  "a cast to _Bool turns every nonzero value into 1");
    case CastKind::Floating: {
      const SourceLocation L = T[Pos].getLocation();
      if (!floating(L, "a value cast to a floating type"))
        return false;
      // A floating value's form means nothing: parse on for the
      // operand's errors, without a coefficient.
      Pos = E;
      LinearForm Ignored;
      if (!parseUnary(Ignored))
        return false;
      Out = LinearForm();
      Out.K = Code("0");
      return true;
    }
    case CastKind::Other:
      return fail(T[Pos].getLocation(),
                  "it casts to a type that is not an integer type");
    }
    if (at(tok::l_paren)) {
      size_t Close = matchingClose(T, Pos);
      if (Close >= T.size())
        return fail(T[Pos].getLocation(), "unbalanced parentheses");
      ++Pos;
      if (!parseAdd(Out))
        return false;
      if (Pos != Close)
        return fail(T[Pos].getLocation(),
                    "unexpected '" + spelling(PP, T[Pos]) + "'");
      ++Pos;
      for (auto &KV : Out.Coef)
        KV.second = paren(KV.second);
      Out.K = paren(Out.K);
      return true;
    }
    return parsePrimary(Out);
  }

  // A literal, a variable, or an opaque invariant postfix expression.
  bool parsePrimary(LinearForm &Out) {
    if (Pos >= T.size())
      return fail(T.back().getEndLoc(), "the subscript ends early");
    size_t B = Pos;
    const Token &First = T[Pos];
    if (First.is(tok::kw_sizeof)) {
      ++Pos;
      if (at(tok::l_paren))
        Pos = matchingClose(T, Pos) + 1;
      else
        ++Pos;
    } else if (First.isOneOf(tok::numeric_constant, tok::char_constant)) {
      ++Pos;
    } else if (First.is(tok::identifier)) {
      ++Pos;
      for (;;) {
        if (at(tok::l_paren) || at(tok::l_square)) {
          Pos = matchingClose(T, Pos) + 1;
          if (Pos > T.size())
            return fail(First.getLocation(), "unbalanced brackets");
        } else if ((at(tok::period) || at(tok::arrow)) &&
                   Pos + 1 < T.size()) {
          Pos += 2;
        } else {
          break;
        }
      }
    } else {
      return fail(First.getLocation(),
                  "unexpected '" + spelling(PP, First) + "'");
    }
    Tokens Run(T.begin() + B, T.begin() + Pos);
    if (First.is(tok::numeric_constant) &&
        floatingLiteral(spelling(PP, First)))
      return floating(First.getLocation(),
                      "'" + spelling(PP, First) + "'");
    const std::string Name =
        First.is(tok::identifier) ? spelling(PP, First) : std::string();
    if (Run.size() == 1 && Names.Locals && Names.Locals->count(Name)) {
      // A body local stands for its initializer.
      const LinearForm &L = Names.Locals->at(Name);
      Out = LinearForm();
      for (const auto &KV : L.Coef)
        Out.Coef[KV.first] = paren(KV.second);
      Out.K = paren(L.K);
      return true;
    }
    for (const Token &Tk : Run) {
      if (Tk.isNot(tok::identifier))
        continue;
      std::string S = spelling(PP, Tk);
      if (Names.Locals && Names.Locals->count(S))
        return fail(Tk.getLocation(),
                    "the body's local '" + S +
                        "' is used inside a call or subscript");
      if (Varying.count(S) && !Vars.count(S))
        return fail(Tk.getLocation(),
                    Names.WhyVarying && Names.WhyVarying->count(S)
                        ? Names.WhyVarying->at(S)
                        : "'" + S + "' changes inside the loop");
      if (Vars.count(S) && Run.size() > 1)
        return fail(Tk.getLocation(), "the loop variable '" + S +
                                          "' is used inside a call or "
                                          "subscript");
    }
    if (const Token *Region =
            Names.RegionArrays
                ? regionElementIn(PP, Run, *Names.RegionArrays)
                : nullptr)
      return fail(Region->getLocation(),
                  "it reads an element of the region array '" +
                      spelling(PP, *Region) +
                      "', whose newest value the devices may hold");
    if (Run.size() == 1 && First.is(tok::identifier) && Vars.count(Name)) {
      Out.Coef[Name] = Code("1");
      Out.K = Code("0");
      return true;
    }
    // A floating variable or function result (Sema knows those declared
    // before the loop).
    if (First.is(tok::identifier) &&
        (Run.size() == 1 || (Run.size() > 1 && Run[1].is(tok::l_paren) &&
                             Run.back().is(tok::r_paren) &&
                             matchingClose(Run, 1) == Run.size() - 1))) {
      const ValueKind K = lookupKind(First);
      if ((K == ValueKind::Real || K == ValueKind::Complex) &&
          !floating(First.getLocation(), "'" + Name + "', a floating value,"))
        return false;
    }
    // Each term is widened to long long (a pointer stays one): K, summed
    // apart from the loop variables, would otherwise wrap in an unsigned
    // int where the subscript does not ('i - 2u' with a long i). A short
    // decimal literal cannot: it keeps its text; one of ten digits or more
    // could ('i - INT_MIN' negates INT_MIN apart from i).
    if (Run.size() == 1 && decimalLiteral(spelling(PP, First)) &&
        spelling(PP, First).size() < 10)
      Out.K = Code("(").add(Run).add(")");
    else
      Out.K = Code("((").add(Run).add(") + 0LL)");
    return true;
  }

  static bool decimalLiteral(const std::string &S) {
    if (S.empty() || S[0] < '1' || S[0] > '9')
      return S == "0";
    size_t I = 0;
    while (I < S.size() && S[I] >= '0' && S[I] <= '9')
      ++I;
    for (; I < S.size(); ++I)
      if (S[I] != 'l' && S[I] != 'L')
        return false;
    return true;
  }
};

} // namespace

const Token *regionElementIn(Preprocessor &PP, const Tokens &Toks,
                             const std::set<std::string> &Regions) {
  for (size_t K = 0; K + 1 < Toks.size(); ++K)
    if (Toks[K].is(tok::identifier) && Toks[K + 1].is(tok::l_square) &&
        Regions.count(spelling(PP, Toks[K])))
      return &Toks[K];
  return nullptr;
}

bool analyseAffine(Preprocessor &PP, const Tokens &Index,
                   const std::set<std::string> &LoopVars,
                   const std::set<std::string> &Varying, LinearForm &Out,
                   std::string &Why, SourceLocation &Where,
                   const AffineNames &Names, bool *Invalid) {
  AffineParser P(PP, Index, LoopVars, Varying, Names);
  if (P.parse(Out))
    return true;
  if (Invalid)
    *Invalid = P.Invalid;
  Why = P.Why;
  Where = P.Where.isValid() ? P.Where
                            : (Index.empty() ? Where : Index[0].getLocation());
  return false;
}

} // namespace proact
