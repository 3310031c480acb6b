// A small recursive-descent parser over subscript tokens: + - * / % unary,
// parentheses, casts, and opaque loop-invariant primaries (calls, member and
// subscript expressions that do not mention a loop variable).
#include "affine.h"
#include "loop_syntax.h"

using namespace clang;

namespace proact {
namespace {

class AffineParser {
public:
  AffineParser(Preprocessor &PP, const Tokens &T,
               const std::set<std::string> &Vars,
               const std::set<std::string> &Varying)
      : PP(PP), T(T), Vars(Vars), Varying(Varying) {}

  bool parse(LinearForm &Out) {
    if (T.empty())
      return fail(SourceLocation(), "the subscript is empty");
    if (!parseAdd(Out))
      return false;
    if (Pos != T.size())
      return fail(T[Pos].getLocation(),
                  "unexpected '" + spelling(PP, T[Pos]) + "'");
    return true;
  }

  std::string Why;
  SourceLocation Where;

private:
  Preprocessor &PP;
  const Tokens &T;
  const std::set<std::string> &Vars;
  const std::set<std::string> &Varying;
  size_t Pos = 0;

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

  bool isTypeWord(const Token &Tk) const {
    return Tk.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short,
                      tok::kw_unsigned, tok::kw_signed, tok::kw_char) ||
           Tk.isOneOf(tok::kw_const, tok::kw__Bool) ||
           (Tk.is(tok::identifier) && [&] {
             std::string S = spelling(PP, Tk);
             return S.size() > 2 && S.compare(S.size() - 2, 2, "_t") == 0;
           }());
  }

  // '(' type-words ')' starting at Pos?
  size_t castEnd() const {
    if (!at(tok::l_paren))
      return 0;
    size_t I = Pos + 1;
    while (I < T.size() && isTypeWord(T[I]))
      ++I;
    if (I == Pos + 1 || I >= T.size() || T[I].isNot(tok::r_paren))
      return 0;
    return I + 1;
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
    if (size_t E = castEnd()) {
      Pos = E; // integer casts keep the value of an in-range index
      return parseUnary(Out);
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
    for (const Token &Tk : Run) {
      if (Tk.isNot(tok::identifier))
        continue;
      std::string S = spelling(PP, Tk);
      if (Varying.count(S) && !Vars.count(S))
        return fail(Tk.getLocation(), "'" + S + "' changes inside the loop");
      if (Vars.count(S) && Run.size() > 1)
        return fail(Tk.getLocation(), "the loop variable '" + S +
                                          "' is used inside a call or "
                                          "subscript");
    }
    if (Run.size() == 1 && First.is(tok::identifier) &&
        Vars.count(spelling(PP, First))) {
      Out.Coef[spelling(PP, First)] = Code("1");
      Out.K = Code("0");
      return true;
    }
    Out.K = Code("(").add(Run).add(")");
    return true;
  }
};

} // namespace

bool analyseAffine(Preprocessor &PP, const Tokens &Index,
                   const std::set<std::string> &LoopVars,
                   const std::set<std::string> &Varying, LinearForm &Out,
                   std::string &Why, SourceLocation &Where) {
  AffineParser P(PP, Index, LoopVars, Varying);
  if (P.parse(Out))
    return true;
  Why = P.Why;
  Where = P.Where.isValid() ? P.Where
                            : (Index.empty() ? Where : Index[0].getLocation());
  return false;
}

} // namespace proact
