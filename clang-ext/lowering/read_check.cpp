// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "read_check.h"
#include "build_options.h"
#include "name_lookup.h"
#include <map>
#include <set>
#include "vector_walk.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace proact {
namespace {

std::string num(long long V) { return std::to_string(V); }

// The clauses some checked load must lie in.
std::set<int> checkedClauses(const BodyAccesses &A) {
  std::set<int> R;
  for (const CheckedLoad &K : A.Checked)
    if (K.Clause >= 0)
      R.insert(K.Clause);
  return R;
}

// The array reductions some checked update writes.
std::set<int> checkedReductions(const BodyAccesses &A) {
  std::set<int> R;
  for (const CheckedLoad &K : A.Checked)
    if (K.Reduction >= 0)
      R.insert(K.Reduction);
  return R;
}

// The checked updates' length of reduction R's section: the section's, or
// under read-check=runtime a copy that is -1 without checks.
std::string reducedLen(int R) {
  return (readCheckMode() == ReadCheckMode::Runtime ? "__proact_arln"
                                                    : "__proact_alen") +
         num(R);
}

// Clause R's coefficient, offset and length in the kernels: the literal
// when the clause writes a constant (so that `reads(a[i - 1:3])` costs no
// 64-bit multiply per load), else the part's copy of the host's value.
struct ClauseBounds {
  std::string Coef, Off, Len;
};
// Under read-check=runtime the length is always the part's variable: -1
// when PROACT_READ_CHECK=0 (read_check.h).
ClauseBounds clauseBounds(Preprocessor &PP, const BodyAccesses &A, int R) {
  const Access &X = A.Reads[R];
  ClauseBounds B{"__proact_qc" + num(R), "__proact_qo" + num(R),
                 "__proact_qn" + num(R)};
  long long V;
  if (constantValue(PP, X.Coef, V))
    B.Coef = "(" + num(V) + "LL)";
  if (constantValue(PP, X.Offset, V))
    B.Off = "(" + num(V) + "LL)";
  if (readCheckMode() != ReadCheckMode::Runtime &&
      constantValue(PP, X.Len, V))
    B.Len = "(" + num(V > 0 ? V : 0) + "LL)";
  return B;
}

// The checked loads' length of array Ar's section: the part's own, or
// under read-check=runtime a copy that is -1 without checks.
std::string sectionLen(int Ar) {
  return (readCheckMode() == ReadCheckMode::Runtime ? "__proact_cln"
                                                    : "__proact_plen") +
         num(Ar);
}

class LoadWrapper {
public:
  LoadWrapper(Preprocessor &PP, const BodyAccesses &A, const std::string &Var)
      : PP(PP), A(A), Var(Var) {
    for (size_t S = 0; S < A.Checked.size(); ++S)
      Sites.emplace(A.Checked[S].At.getLocation().getRawEncoding(), (int)S);
    for (int R : checkedClauses(A))
      Clauses[R] = clauseBounds(PP, A, R);
  }

  // Pieces [B, E) of P into Out, checked loads wrapped (loads in their
  // index too).
  void emit(const std::vector<Piece> &P, size_t B, size_t E, Code &Out) const {
    for (size_t I = B; I < E; ++I) {
      const Piece &X = P[I];
      size_t Close;
      int S = siteAt(P, I, E, Close);
      if (S < 0) {
        if (X.IsText)
          Out << X.Text;
        else
          Out << X.Tok;
        continue;
      }
      const CheckedLoad &K = A.Checked[S];
      const std::string V = "(long long)(" + Var + ")";
      std::string Lo, Len;
      if (K.Reduction >= 0) {
        // The thread's copy of the section (reduction.cpp).
        Lo = "__proact_alo" + num(K.Reduction);
        Len = reducedLen(K.Reduction);
      } else if (K.Clause >= 0) {
        const ClauseBounds &B = Clauses.at(K.Clause);
        Lo = B.Coef + " * " + V + " + " + B.Off;
        Len = B.Len;
      } else {
        Lo = "__proact_plo" + num(K.Array);
        Len = sectionLen(K.Array);
      }
      // A member of the element, `p[k].x.y`, is loaded through its own
      // address: clang maps a member of any other expression in a target
      // region, and rejects the call's.
      size_t End = Close;
      Code Members, Designator; // '.x.y', and 'x.y' for offsetof
      std::vector<std::string> Path;
      while (End + 2 < E && !P[End + 1].IsText && !P[End + 2].IsText &&
             P[End + 1].Tok.is(tok::period) &&
             P[End + 2].Tok.is(tok::identifier)) {
        if (!Designator.empty())
          Designator << P[End + 1].Tok;
        Members << P[End + 1].Tok << P[End + 2].Tok;
        Designator << P[End + 2].Tok;
        Path.push_back(PP.getSpelling(P[End + 2].Tok));
        End += 2;
      }
      // A bit-field has no address: the element is loaded into a local,
      // whose member the statement's value is.
      if (!Path.empty() && elementMemberIsBitField(X.Tok, Path)) {
        Out << "({ __typeof__((" << X.Tok << ")[0]) __proact_be = "
            << "*(__typeof__(&(" << X.Tok << ")[0]))"
            << "proact__read_at((const void *)(" << X.Tok << "), sizeof(("
            << X.Tok << ")[0]), (long long)(";
        emit(P, I + 2, Close, Out);
        Out << "), " + Lo + ", " + Len + ", __proact_rf, " + num(S) + ", " +
                   V + "); __proact_be" << Members << "; })";
        I = End;
        continue;
      }
      Out << "(*(__typeof__(&(" << X.Tok << ")[0]" << Members << "))";
      if (!Members.empty())
        Out << "((const char *)";
      Out << "proact__read_at((const void *)(" << X.Tok << "), sizeof(("
          << X.Tok << ")[0]), (long long)(";
      emit(P, I + 2, Close, Out);
      Out << "), " + Lo + ", " + Len + ", __proact_rf, " + num(S) + ", " + V +
                 ")";
      if (!Members.empty())
        Out << " + __builtin_offsetof(__typeof__((" << X.Tok << ")[0]), "
            << Designator << "))";
      Out << ")";
      I = End;
    }
  }

private:
  Preprocessor &PP;
  const BodyAccesses &A;
  const std::string Var;
  std::map<unsigned, int> Sites; // by the array name's location
  std::map<int, ClauseBounds> Clauses;

  // The site whose load `name [ ... ]` starts at P[I], its ']' at *Close
  // (before E); -1 when none. Only the body's own tokens form it.
  int siteAt(const std::vector<Piece> &P, size_t I, size_t E,
             size_t &Close) const {
    if (P[I].IsText || I + 1 >= E || P[I + 1].IsText ||
        P[I + 1].Tok.isNot(tok::l_square))
      return -1;
    auto It = Sites.find(P[I].Tok.getLocation().getRawEncoding());
    if (It == Sites.end())
      return -1;
    int Depth = 0;
    for (size_t J = I + 1; J < E; ++J) {
      if (P[J].IsText)
        return -1;
      Depth += bracketDelta(P[J].Tok);
      if (Depth == 0) {
        Close = J;
        return It->second;
      }
    }
    return -1;
  }
};

} // namespace

std::set<int> checkedSectionArrays(const BodyAccesses &A) {
  std::set<int> R;
  if (readCheckMode() == ReadCheckMode::Off)
    return R;
  for (const CheckedLoad &K : A.Checked)
    if (K.Clause < 0 && K.Reduction < 0)
      R.insert(K.Array);
  return R;
}

void emitReadSites(Preprocessor &PP, Code &C, const BodyAccesses &A) {
  if (A.Checked.empty() || readCheckMode() == ReadCheckMode::Off)
    return;
  const SourceManager &SM = PP.getSourceManager();
  C << "static const proact__read_site_t __proact_checks[" +
           num((long long)A.Checked.size()) + "] = {";
  for (size_t S = 0; S < A.Checked.size(); ++S) {
    const CheckedLoad &K = A.Checked[S];
    PresumedLoc P = SM.getPresumedLoc(K.At.getLocation());
    C << std::string(S ? ", " : "") + "{" +
             num(K.Reduction >= 0 ? -1 - K.Reduction : K.Array) + ", " +
             num(K.Clause) + ", " + (K.Whole ? "1" : "0") + ", " +
             num(P.isValid() ? P.getLine() : 0) + ", " +
             num(P.isValid() ? P.getColumn() : 0) + "}";
  }
  C << "}; proact__loop_checks(__proact_loop, __proact_checks, " +
           num((long long)A.Checked.size()) + ");";
}

void emitPartChecks(Preprocessor &PP, Code &C, const BodyAccesses &A) {
  if (A.Checked.empty() || readCheckMode() == ReadCheckMode::Off)
    return;
  C << "proact__read_fault_t *const __proact_rf = "
       "proact__loop_part_checks(__proact_loop, __proact_p);";
  const bool Switch = readCheckMode() == ReadCheckMode::Runtime;
  if (Switch) {
    for (int Ar : checkedSectionArrays(A))
      C << "const long long " + sectionLen(Ar) +
               " = __proact_rf != 0 ? __proact_plen" + num(Ar) + " : -1LL;";
    for (int R : checkedReductions(A))
      C << "const long long " + reducedLen(R) +
               " = __proact_rf != 0 ? __proact_alen" + num(R) + " : -1LL;";
  }
  for (int R : checkedClauses(A)) {
    // Only the bounds that are not constants (clauseBounds).
    const ClauseBounds B = clauseBounds(PP, A, R);
    const std::string S = "__proact_reads[" + num(R) + "]";
    if (B.Coef[0] != '(')
      C << "const long long " + B.Coef + " = " + S + ".coef;";
    if (B.Off[0] != '(')
      C << "const long long " + B.Off + " = " + S + ".off_min;";
    if (B.Len[0] != '(')
      C << "const long long " + B.Len + " = " +
               (Switch ? "__proact_rf == 0 ? -1LL : " : "") + S +
               ".empty ? 0 : " + S + ".off_max - " + S + ".off_min + 1;";
  }
}

Code checkLoads(Preprocessor &PP, const Code &Kernels, const BodyAccesses &A,
                const std::string &Var) {
  Code Out;
  const std::vector<Piece> &P = Kernels.pieces();
  LoadWrapper(PP, A, Var).emit(P, 0, P.size(), Out);
  return Out;
}

} // namespace proact
