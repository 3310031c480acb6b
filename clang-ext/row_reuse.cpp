#include "row_reuse.h"
#include "body_scan.h"
#include "collapse.h"
#include "directive.h"
#include "ilp.h"
#include "loop_syntax.h"
#include "name_lookup.h"
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <map>
#include <set>

using namespace clang;

namespace proact {
namespace {

// A subscript as a polynomial: products of names (sorted, repeats kept)
// with integer coefficients; the empty product is the constant. Two
// subscripts are the same stream when their polynomials differ by a whole
// number of rows, which text cannot tell ((i - 1) * n + j against i * n +
// j - n).
using Product = std::vector<std::string>;
using Poly = std::map<Product, long long>;

bool addTo(Poly &P, const Product &M, long long C) {
  long long &Slot = P[M];
  if (__builtin_add_overflow(Slot, C, &Slot))
    return false;
  if (Slot == 0)
    P.erase(M);
  return true;
}

bool multiply(const Poly &A, const Poly &B, Poly &Out) {
  Poly R;
  for (const auto &X : A)
    for (const auto &Y : B) {
      Product M = X.first;
      M.insert(M.end(), Y.first.begin(), Y.first.end());
      std::sort(M.begin(), M.end());
      long long C;
      if (M.size() > 8 || __builtin_mul_overflow(X.second, Y.second, &C) ||
          !addTo(R, M, C))
        return false;
    }
  Out = std::move(R);
  return true;
}

// Parses + - * (unary and binary), parentheses, integer casts, integer
// literals and names (with `.member`); anything else (a call, a subscript,
// a division) ends the analysis. Names holds the names used.
class PolyParser {
public:
  PolyParser(Preprocessor &PP, const Tokens &T, size_t B, size_t E)
      : PP(PP), T(T), Pos(B), End(E) {}

  bool parse(Poly &Out) { return parseAdd(Out) && Pos == End; }

  std::set<std::string> Names; // base names (before any `.member`)

private:
  Preprocessor &PP;
  const Tokens &T;
  size_t Pos, End;

  bool at(tok::TokenKind K) const { return Pos < End && T[Pos].is(K); }

  bool parseAdd(Poly &Out) {
    if (!parseMul(Out))
      return false;
    while (at(tok::plus) || at(tok::minus)) {
      const bool Minus = at(tok::minus);
      ++Pos;
      Poly R;
      if (!parseMul(R))
        return false;
      for (const auto &X : R)
        if (!addTo(Out, X.first, Minus ? -X.second : X.second))
          return false;
    }
    return true;
  }

  bool parseMul(Poly &Out) {
    if (!parseUnary(Out))
      return false;
    while (at(tok::star)) {
      ++Pos;
      Poly R;
      if (!parseUnary(R) || !multiply(Out, R, Out))
        return false;
    }
    return !(at(tok::slash) || at(tok::percent));
  }

  // An integer type word of a cast (a typedef of an integer type too).
  bool integerWord(const Token &Tk) const {
    if (Tk.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short,
                   tok::kw_unsigned, tok::kw_signed, tok::kw_char) ||
        Tk.is(tok::kw_const))
      return true;
    return Tk.is(tok::identifier) && lookupName(Tk) == NameKind::Type &&
           lookupKind(Tk) == ValueKind::Integer;
  }

  bool parseUnary(Poly &Out) {
    if (at(tok::minus) || at(tok::plus)) {
      const bool Minus = at(tok::minus);
      ++Pos;
      if (!parseUnary(Out))
        return false;
      if (Minus)
        for (auto &X : Out) {
          if (X.second == LLONG_MIN)
            return false;
          X.second = -X.second;
        }
      return true;
    }
    if (!at(tok::l_paren))
      return parsePrimary(Out);
    const size_t Close = matchingClose(T, Pos);
    if (Close >= End)
      return false;
    size_t I = Pos + 1;
    while (I < Close && integerWord(T[I]))
      ++I;
    if (I == Close && I > Pos + 1) { // an integer cast keeps an index's value
      Pos = Close + 1;
      return parseUnary(Out);
    }
    ++Pos;
    if (!parseAdd(Out) || Pos != Close)
      return false;
    ++Pos;
    return true;
  }

  bool parsePrimary(Poly &Out) {
    if (Pos >= End)
      return false;
    const Token &First = T[Pos];
    Out.clear();
    if (First.is(tok::numeric_constant)) {
      std::string S = spelling(PP, First);
      while (!S.empty() && std::string("uUlL").find(S.back()) !=
                               std::string::npos)
        S.pop_back();
      const bool Hex = S.size() > 1 && S[0] == '0' && (S[1] == 'x' || S[1] == 'X');
      if (S.empty() || S.find_first_of(Hex ? ".pP'" : ".eE'") != std::string::npos)
        return false;
      errno = 0;
      char *EndPtr = nullptr;
      const unsigned long long V = strtoull(S.c_str(), &EndPtr, 0);
      if (errno != 0 || *EndPtr != '\0' || V > (unsigned long long)LLONG_MAX)
        return false;
      ++Pos;
      if (V != 0)
        Out[Product()] = (long long)V;
      return true;
    }
    if (First.isNot(tok::identifier))
      return false;
    std::string Name = spelling(PP, First);
    Names.insert(Name);
    ++Pos;
    while (at(tok::period) && Pos + 1 < End && T[Pos + 1].is(tok::identifier)) {
      Name += "." + spelling(PP, T[Pos + 1]);
      Pos += 2;
    }
    if (at(tok::l_paren) || at(tok::l_square) || at(tok::period))
      return false;
    Out[Product{Name}] = 1;
    return true;
  }
};

// Splits P into S * Var + R; false if Var is in a product twice or not at
// all.
bool splitRow(const Poly &P, const std::string &Var, Poly &S, Poly &R) {
  for (const auto &X : P) {
    const long long N = std::count(X.first.begin(), X.first.end(), Var);
    if (N > 1)
      return false;
    if (N == 0) {
      R[X.first] = X.second;
      continue;
    }
    Product M = X.first;
    M.erase(std::find(M.begin(), M.end(), Var));
    S[M] = X.second;
  }
  return !S.empty();
}

// Whether A - B is D * S for an integer D.
bool rowsApart(const Poly &A, const Poly &B, const Poly &S, long long &D) {
  Poly Diff = A;
  for (const auto &X : B)
    if (!addTo(Diff, X.first, -X.second))
      return false;
  if (Diff.empty()) {
    D = 0;
    return true;
  }
  const auto &Lead = *S.begin();
  auto It = Diff.find(Lead.first);
  if (It == Diff.end() || It->second % Lead.second != 0)
    return false;
  D = It->second / Lead.second;
  for (const auto &X : S) {
    long long P;
    if (__builtin_mul_overflow(X.second, D, &P) || !addTo(Diff, X.first, -P))
      return false;
  }
  return Diff.empty();
}

// Rows a stream may carry: registers that each thread holds.
constexpr int MaxCarried = 6;

struct Candidate {
  ReuseSite Site;
  std::string Array;
  Poly S, R;
};

std::string reg(int Stream, int M) {
  return "__proact_q" + std::to_string(Stream) + "_" + std::to_string(M);
}

int carried(const ReuseStream &St) { return St.MaxOffset - St.MinOffset; }

} // namespace

void planRowReuse(Preprocessor &PP, const Directive &D, const CanonicalLoop &L,
                  const CollapsedNest &Nest, const BodyAccesses &A,
                  const Assignment &G, bool UnitStep, RowReuse &Out) {
  Out = RowReuse();
  if (!UnitStep)
    return;
  std::set<std::string> Stored, LoopVars{L.VarName};
  for (const Access &W : A.Writes)
    Stored.insert(D.Arrays[W.Array].Spelling);
  for (const CanonicalLoop &In : Nest.Loops)
    LoopVars.insert(In.VarName);
  std::set<std::string> Readable; // region arrays the loop only reads
  for (const Section &S : D.Arrays)
    if (!Stored.count(S.Spelling))
      Readable.insert(S.Spelling);

  // Loads the kernels check (read_check.h) keep their own text.
  std::set<unsigned> Checked;
  for (const CheckedLoad &K : A.Checked)
    Checked.insert(K.At.getLocation().getRawEncoding());
  std::vector<Candidate> Cands;
  auto scan = [&](const Tokens &T, bool InPrefix) {
    for (size_t I = 0; I < T.size(); ++I) {
      const Token &Tk = T[I];
      // Past a condition of the prefix, or anywhere in a right-hand side
      // that has one, a read may not be evaluated for every row.
      if (Tk.isOneOf(tok::kw_if, tok::kw_else, tok::question, tok::ampamp,
                     tok::pipepipe))
        return;
      if (Tk.isNot(tok::identifier) || I + 1 >= T.size() ||
          T[I + 1].isNot(tok::l_square) ||
          (I > 0 && T[I - 1].isOneOf(tok::period, tok::arrow)))
        continue;
      const std::string Name = spelling(PP, Tk);
      if (!Readable.count(Name) ||
          Checked.count(Tk.getLocation().getRawEncoding()))
        continue;
      const size_t Close = matchingClose(T, I + 1);
      if (Close >= T.size())
        return;
      std::string Ignored;
      const ValueKind K = lookupElementKind(Tk, &Ignored);
      if ((K != ValueKind::Integer && K != ValueKind::Real) ||
          elementIsVolatile(Tk))
        continue;
      PolyParser P(PP, T, I + 2, Close);
      Poly Index;
      if (!P.parse(Index))
        continue;
      bool Invariant = true; // every other name keeps its value down a column
      for (const std::string &N : P.Names)
        if (!LoopVars.count(N)) {
          Token NameTok;
          for (size_t J = I + 2; J < Close; ++J)
            if (T[J].is(tok::identifier) && spelling(PP, T[J]) == N) {
              NameTok = T[J];
              break;
            }
          Invariant &= !A.Varying.count(N) &&
                       lookupName(NameTok) == NameKind::Variable;
        }
      Candidate C;
      if (!Invariant || !splitRow(Index, L.VarName, C.S, C.R))
        continue;
      C.Site.InPrefix = InPrefix;
      C.Site.B = I;
      C.Site.E = Close + 1;
      C.Array = Name;
      Cands.push_back(std::move(C));
      I = Close;
    }
  };
  bool RhsConditional = false;
  for (const Token &Tk : G.Rhs)
    RhsConditional |= Tk.isOneOf(tok::question, tok::ampamp, tok::pipepipe);
  scan(G.Prefix, true);
  // The store runs for every row even after a condition of the prefix
  // (which ends the prefix's candidates): the right-hand side's reads are
  // candidates unless it has a condition of its own.
  if (!RhsConditional)
    scan(G.Rhs, false);

  // Streams: same array, same row coefficient, remainders whole rows apart.
  std::vector<size_t> Ref; // a candidate of each stream
  std::vector<std::vector<size_t>> Members;
  std::vector<std::vector<long long>> Offsets;
  for (size_t C = 0; C < Cands.size(); ++C) {
    bool Placed = false;
    for (size_t S = 0; S < Ref.size() && !Placed; ++S) {
      const Candidate &R = Cands[Ref[S]];
      long long Dist;
      if (R.Array == Cands[C].Array && R.S == Cands[C].S &&
          rowsApart(Cands[C].R, R.R, R.S, Dist) && Dist > -64 && Dist < 64) {
        Members[S].push_back(C);
        Offsets[S].push_back(Dist);
        Placed = true;
      }
    }
    if (!Placed) {
      Ref.push_back(C);
      Members.push_back({C});
      Offsets.push_back({0});
    }
  }
  for (size_t S = 0; S < Ref.size(); ++S) {
    const long long Lo = *std::min_element(Offsets[S].begin(), Offsets[S].end());
    const long long Hi = *std::max_element(Offsets[S].begin(), Offsets[S].end());
    if (Hi == Lo || Hi - Lo > MaxCarried)
      continue; // one row: nothing to carry
    ReuseStream St;
    St.MinOffset = (int)Lo;
    St.MaxOffset = (int)Hi;
    const int Id = (int)Out.Streams.size();
    for (size_t K = 0; K < Members[S].size(); ++K) {
      ReuseSite Site = Cands[Members[S][K]].Site;
      Site.Stream = Id;
      Site.Offset = (int)Offsets[S][K];
      const Tokens &T = Site.InPrefix ? G.Prefix : G.Rhs;
      if (Site.Offset == Hi && St.Read.empty())
        St.Read.assign(T.begin() + Site.B, T.begin() + Site.E);
      Out.Sites.push_back(Site);
    }
    Out.Streams.push_back(std::move(St));
  }
}

namespace {

// Loads register M of stream S (row __proact_k + M - carried rows).
void loadRegister(Code &C, const CanonicalLoop &L, const Code &VarType,
                  const ReuseStream &St, int S, int M, const RowValue &Row) {
  C << "{" << VarType << L.Var << " = (" << VarType << ")"
    << Row(M - carried(St)) << ";" << reg(S, M) + " = " << St.Read << ";}";
}

void declareRegisters(Code &C, const ReuseStream &St, int S, int From,
                      int To) {
  if (From >= To)
    return;
  C << "__typeof__((0, " << St.Read << ")) ";
  for (int M = From; M < To; ++M)
    C << std::string(M > From ? ", " : "") + reg(S, M);
  C << ";";
}

} // namespace

void emitReuseCarried(Code &C, const CanonicalLoop &L, const Code &VarType,
                      const RowReuse &R, const RowValue &Row) {
  for (size_t S = 0; S < R.Streams.size(); ++S) {
    const ReuseStream &St = R.Streams[S];
    declareRegisters(C, St, (int)S, 0, carried(St));
    for (int M = 0; M < carried(St); ++M)
      loadRegister(C, L, VarType, St, (int)S, M, Row);
  }
}

void emitReuseLoads(Code &C, const CanonicalLoop &L, const Code &VarType,
                    const RowReuse &R, unsigned U, const RowValue &Row) {
  for (size_t S = 0; S < R.Streams.size(); ++S) {
    const ReuseStream &St = R.Streams[S];
    declareRegisters(C, St, (int)S, carried(St), carried(St) + (int)U);
    for (int M = carried(St); M < carried(St) + (int)U; ++M)
      loadRegister(C, L, VarType, St, (int)S, M, Row);
  }
}

void emitReuseShift(Code &C, const RowReuse &R, unsigned U) {
  for (size_t S = 0; S < R.Streams.size(); ++S)
    for (int M = 0; M < carried(R.Streams[S]); ++M)
      C << reg((int)S, M) + " = " + reg((int)S, M + (int)U) + ";";
}

Code reuseCopy(const RowReuse &R, const Tokens &Toks, bool InPrefix,
               unsigned u) {
  std::map<size_t, const ReuseSite *> At;
  for (const ReuseSite &S : R.Sites)
    if (S.InPrefix == InPrefix)
      At[S.B] = &S;
  Code C;
  for (size_t I = 0; I < Toks.size(); ++I) {
    auto It = At.find(I);
    if (It == At.end()) {
      C << Toks[I];
      continue;
    }
    const ReuseSite &S = *It->second;
    const int M = (int)u + S.Offset - R.Streams[S.Stream].MinOffset;
    C << "(" + reg(S.Stream, M) + ")";
    I = S.E - 1;
  }
  return C;
}

} // namespace proact
