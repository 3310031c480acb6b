// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Compares a store's strides with the extents of its inner loops as
// integer polynomials over the names in their text, so that `i * m + j`
// with j over [1, m - 1) is seen to skip two elements per row whatever m
// is. Anything else in the text (calls, divisions, members, array
// elements) leaves the question open, and the loop keeps its forwarding
// kernel.
#include "store_runs.h"
#include "proact/detail/codegen.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace proact {
namespace {

// sum of Coef * product of names; a name may repeat in a monomial (m * m).
class Poly {
public:
  static Poly constant(long long C) {
    Poly P;
    if (C != 0)
      P.Terms[{}] = C;
    return P;
  }
  static Poly name(const std::string &N) {
    Poly P;
    P.Terms[{N}] = 1;
    return P;
  }

  std::optional<Poly> plus(const Poly &O, long long Sign) const {
    Poly R = *this;
    for (const auto &T : O.Terms) {
      long long Prod, Sum;
      if (__builtin_mul_overflow(T.second, Sign, &Prod) ||
          __builtin_add_overflow(R.Terms[T.first], Prod, &Sum))
        return std::nullopt;
      if (Sum == 0)
        R.Terms.erase(T.first);
      else
        R.Terms[T.first] = Sum;
    }
    return R;
  }

  std::optional<Poly> times(const Poly &O) const {
    Poly R;
    for (const auto &A : Terms)
      for (const auto &B : O.Terms) {
        std::vector<std::string> M = A.first;
        M.insert(M.end(), B.first.begin(), B.first.end());
        std::sort(M.begin(), M.end());
        long long Prod;
        if (__builtin_mul_overflow(A.second, B.second, &Prod))
          return std::nullopt;
        std::optional<Poly> S = R.plus(single(M, Prod), 1);
        if (!S)
          return std::nullopt;
        R = *S;
      }
    return R;
  }

  // The value when it names nothing.
  std::optional<long long> value() const {
    if (Terms.empty())
      return 0;
    if (Terms.size() == 1 && Terms.begin()->first.empty())
      return Terms.begin()->second;
    return std::nullopt;
  }

private:
  static Poly single(const std::vector<std::string> &M, long long C) {
    Poly P;
    if (C != 0)
      P.Terms[M] = C;
    return P;
  }
  std::map<std::vector<std::string>, long long> Terms;
};

// The lexemes of generated text and user tokens alike.
bool lex(Preprocessor &PP, const Code &C, std::vector<std::string> &Out) {
  for (const Piece &P : C.pieces()) {
    if (!P.IsText) {
      const std::string S = spelling(PP, P.Tok);
      if (S.empty())
        return false;
      Out.push_back(S);
      continue;
    }
    const std::string &T = P.Text;
    for (size_t I = 0; I < T.size();) {
      const unsigned char Ch = T[I];
      size_t J = I + 1;
      if (std::isspace(Ch)) {
        ++I;
        continue;
      }
      if (std::isalnum(Ch) || Ch == '_')
        while (J < T.size() &&
               (std::isalnum((unsigned char)T[J]) || T[J] == '_'))
          ++J;
      else if (T.compare(I, 2, "->") == 0)
        J = I + 2;
      Out.push_back(T.substr(I, J - I));
      I = J;
    }
  }
  return true;
}

bool isIdentifier(const std::string &S) {
  return !S.empty() && (std::isalpha((unsigned char)S[0]) || S[0] == '_');
}

bool isIntegerType(const std::string &S) {
  return S == "long" || S == "int" || S == "short" || S == "unsigned" ||
         S == "signed" || S == "char" || S == "__int128";
}

class Parser {
public:
  explicit Parser(const std::vector<std::string> &L) : L(L) {}

  std::optional<Poly> parse() {
    std::optional<Poly> P = sum();
    if (!P || Pos != L.size())
      return std::nullopt;
    return P;
  }

private:
  const std::vector<std::string> &L;
  size_t Pos = 0;

  bool at(const char *S) const { return Pos < L.size() && L[Pos] == S; }

  std::optional<Poly> sum() {
    std::optional<Poly> P = product();
    while (P && (at("+") || at("-"))) {
      const long long Sign = at("-") ? -1 : 1;
      ++Pos;
      std::optional<Poly> R = product();
      if (!R)
        return std::nullopt;
      P = P->plus(*R, Sign);
    }
    return P;
  }

  std::optional<Poly> product() {
    std::optional<Poly> P = unary();
    while (P && at("*")) {
      ++Pos;
      std::optional<Poly> R = unary();
      if (!R)
        return std::nullopt;
      P = P->times(*R);
    }
    return P;
  }

  std::optional<Poly> unary() {
    if (at("-") || at("+")) {
      const long long Sign = at("-") ? -1 : 1;
      ++Pos;
      std::optional<Poly> P = unary();
      if (!P)
        return std::nullopt;
      return Poly().plus(*P, Sign);
    }
    return primary();
  }

  std::optional<Poly> primary() {
    if (Pos >= L.size())
      return std::nullopt;
    const std::string &S = L[Pos];
    if (S == "(") {
      ++Pos;
      size_t Type = Pos; // an integer cast keeps its operand's value
      while (Type < L.size() && isIntegerType(L[Type]))
        ++Type;
      if (Type > Pos && Type < L.size() && L[Type] == ")") {
        Pos = Type + 1;
        return unary();
      }
      std::optional<Poly> P = sum();
      if (!P || !at(")"))
        return std::nullopt;
      ++Pos;
      return P;
    }
    ++Pos;
    if (std::isdigit((unsigned char)S[0])) {
      char *End = nullptr;
      errno = 0;
      const long long V = std::strtoll(S.c_str(), &End, 0);
      for (; errno == 0 && *End != '\0'; ++End)
        if (*End != 'l' && *End != 'L' && *End != 'u' && *End != 'U')
          return std::nullopt;
      if (errno != 0)
        return std::nullopt;
      return Poly::constant(V);
    }
    // A plain name; a call, element or member is not a polynomial.
    if (!isIdentifier(S) || S == "sizeof" || isIntegerType(S) ||
        at("(") || at("[") || at(".") || at("->"))
      return std::nullopt;
    return Poly::name(S);
  }
};

std::optional<Poly> polyOf(Preprocessor &PP, const Code &C) {
  std::vector<std::string> Lexemes;
  if (C.empty() || !lex(PP, C, Lexemes))
    return std::nullopt;
  return Parser(Lexemes).parse();
}

std::optional<Poly> polyOf(Preprocessor &PP, const Tokens &T) {
  return polyOf(PP, Code().add(T));
}

// |step| of a loop whose step is a constant.
std::optional<long long> stepSize(Preprocessor &PP, const CanonicalLoop &L) {
  std::optional<Poly> S = polyOf(PP, L.Step);
  std::optional<long long> V = S ? S->value() : std::nullopt;
  if (!V || *V == 0 || *V == LLONG_MIN)
    return std::nullopt;
  return *V < 0 ? -*V : *V;
}

// The trip count of an inner loop that steps by 1 one way or the other.
std::optional<Poly> unitTrip(Preprocessor &PP, const CanonicalLoop &L) {
  std::optional<Poly> S = polyOf(PP, L.Step);
  std::optional<long long> V = S ? S->value() : std::nullopt;
  std::optional<Poly> F = polyOf(PP, L.First), B = polyOf(PP, L.Bound);
  if (!V || !F || !B)
    return std::nullopt;
  const bool Up = L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_LE;
  const bool Down = L.Cmp == PROACT__CMP_GT || L.Cmp == PROACT__CMP_GE;
  if (!((Up && *V == 1) || (Down && *V == -1)))
    return std::nullopt;
  std::optional<Poly> T = Up ? B->plus(*F, -1) : F->plus(*B, -1);
  if (T && (L.Cmp == PROACT__CMP_LE || L.Cmp == PROACT__CMP_GE))
    T = T->plus(Poly::constant(1), 1);
  return T;
}

enum class Runs { Gap, Contiguous, Unknown };

// Whether the elements one store writes in two consecutive iterations of
// the annotated loop, or of an inner loop in one of them, leave a gap.
// Levels run from the innermost loop out: each must step exactly over
// the run its inner loops cover (stride = extent), with the innermost at
// unit stride; a stride that exceeds the extent by a constant is a gap
// (for non-empty loops, whatever the names are).
Runs storeRuns(Preprocessor &PP, const Access &W, const CanonicalLoop &L) {
  struct Level {
    Code Coef;
    const CanonicalLoop *Loop;
  };
  std::vector<Level> Levels{{W.Coef, &L}};
  for (const InnerTerm &T : W.Inner) {
    if (T.Dependent)
      return Runs::Unknown;
    Levels.push_back({T.Coef, &T.Loop});
  }
  std::optional<Poly> Extent; // of the levels inside the current one
  for (size_t M = Levels.size(); M-- > 0;) {
    std::optional<Poly> C = polyOf(PP, Levels[M].Coef);
    std::optional<long long> S = stepSize(PP, *Levels[M].Loop);
    if (!C || !S)
      return Runs::Unknown;
    std::optional<Poly> Stride = C->times(Poly::constant(*S));
    if (!Stride)
      return Runs::Unknown;
    if (!Extent) { // the innermost level: unit stride or a constant gap
      std::optional<long long> V = Stride->value();
      if (!V || *V == 0)
        return Runs::Unknown;
      if (*V != 1 && *V != -1)
        return Runs::Gap;
      Extent = Poly::constant(1);
    } else {
      std::optional<Poly> Less = Stride->plus(*Extent, -1),
                          More = Stride->plus(*Extent, 1);
      std::optional<long long> Lv = Less ? Less->value() : std::nullopt,
                               Mv = More ? More->value() : std::nullopt;
      if ((Lv && *Lv >= 1) || (Mv && *Mv <= -1))
        return Runs::Gap;
      if (!((Lv && *Lv == 0) || (Mv && *Mv == 0)))
        return Runs::Unknown;
    }
    if (M == 0)
      return Runs::Contiguous;
    std::optional<Poly> Trip = unitTrip(PP, *Levels[M].Loop);
    if (!Trip || !(Extent = Extent->times(*Trip)))
      return Runs::Unknown;
  }
  return Runs::Unknown;
}

} // namespace

bool storesMayForward(Preprocessor &PP, const std::vector<Access> &Writes,
                      const CanonicalLoop &L) {
  for (const Access &W : Writes)
    if (W.Guarded || (!W.Whole && storeRuns(PP, W, L) == Runs::Gap))
      return false;
  return true;
}

} // namespace proact
