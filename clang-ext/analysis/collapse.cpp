// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "collapse.h"
#include "proact/detail/codegen.h"
#include <set>

using namespace clang;

namespace proact {
namespace {

// The single canonical 'for' that Body consists of, if any.
bool soleInnerLoop(Preprocessor &PP, const Tokens &Body, CanonicalLoop &Inner,
                   Tokens &Stmt) {
  size_t B = 0, E = Body.size();
  if (E >= 2 && Body[0].is(tok::l_brace) && matchingClose(Body, 0) == E - 1) {
    B = 1;
    E -= 1;
  }
  if (B >= E || Body[B].isNot(tok::kw_for) || statementEnd(Body, B) != E)
    return false;
  Stmt.assign(Body.begin() + B, Body.begin() + E);
  std::string Why;
  SourceLocation Where;
  return parseCanonicalFor(PP, Stmt, 0, Inner, Why, Where) &&
         !Inner.Type.empty();
}

// Names that Toks assigns (x = , x += , x++, ++x, ...).
std::set<std::string> assignedNames(Preprocessor &PP, const Tokens &Toks) {
  std::set<std::string> Assigned;
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    const Token &T = Toks[I], &N = Toks[I + 1];
    if (T.is(tok::identifier) &&
        (N.isOneOf(tok::equal, tok::plusequal, tok::minusequal,
                   tok::plusplus, tok::minusminus) ||
         N.isOneOf(tok::starequal, tok::slashequal)))
      Assigned.insert(spelling(PP, T));
    if (T.isOneOf(tok::plusplus, tok::minusminus) && N.is(tok::identifier))
      Assigned.insert(spelling(PP, N));
    // &x, &(x): a store through the pointer may change x (unary: no
    // operand before the &).
    if (T.is(tok::amp) && !followsOperand(Toks, I)) {
      size_t K = I + 1;
      while (K < Toks.size() && Toks[K].is(tok::l_paren))
        ++K;
      if (K < Toks.size() && Toks[K].is(tok::identifier))
        Assigned.insert(spelling(PP, Toks[K]));
    }
  }
  return Assigned;
}

} // namespace

bool findCollapsibleNest(
    Preprocessor &PP, const CanonicalLoop &Outer, const Tokens &Body,
    const std::function<bool(const std::string &)> &Splittable,
    CollapsedNest &Out) {
  std::set<std::string> LoopVars = {Outer.VarName};
  std::vector<CanonicalLoop> Loops;
  std::vector<Tokens> Stmts;
  Tokens Cur = Body;
  while ((int)Loops.size() + 1 < MaxCollapse) {
    CanonicalLoop Inner;
    Tokens Stmt;
    if (!soleInnerLoop(PP, Cur, Inner, Stmt))
      break;
    Loops.push_back(Inner);
    Stmts.push_back(Stmt);
    Cur.assign(Stmt.begin() + Inner.BodyBegin, Stmt.end());
  }
  // Keep the longest prefix of the chain whose loops are rectangular and may
  // be split.
  std::set<std::string> Assigned = assignedNames(PP, Cur);
  size_t Keep = 0;
  for (; Keep < Loops.size(); ++Keep) {
    const CanonicalLoop &L = Loops[Keep];
    Tokens Uses = L.First;
    Uses.insert(Uses.end(), L.Bound.begin(), L.Bound.end());
    for (const Piece &P : L.Step.pieces())
      if (!P.IsText)
        Uses.push_back(P.Tok);
    // A variable the body changes cannot be a collapsed loop's counter;
    // an increment OpenMP's collapse would refuse keeps its loop inner:
    // one that is a sum (`j = j - m + 1`), or whose written step runs away
    // from its bound (a loop of no iteration in C).
    const bool Up = L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_LE;
    bool Rectangular = !Assigned.count(L.VarName) &&
                       Splittable(L.VarName) && L.OpenMPStep &&
                       L.StepSign != (Up ? -1 : 1);
    for (const Token &T : Uses)
      if (T.is(tok::identifier) && (LoopVars.count(spelling(PP, T)) ||
                                    Assigned.count(spelling(PP, T))))
        Rectangular = false;
    if (!Rectangular)
      break;
    LoopVars.insert(L.VarName);
  }
  if (Keep == 0)
    return false;
  // A 'break' in the innermost body leaves one inner loop sequentially, but
  // would leave a thread's whole walk of the collapsed range: not
  // collapsed (then it breaks the inner loop the thread runs in turn).
  {
    const Tokens &Last = Stmts[Keep - 1];
    for (size_t I = Loops[Keep - 1].BodyBegin; I < Last.size(); ++I)
      if (Last[I].is(tok::kw_break))
        return false;
  }
  for (size_t I = 0; I < Keep; ++I) {
    Out.Headers.emplace_back(Stmts[I].begin(),
                             Stmts[I].begin() + Loops[I].BodyBegin);
    Out.Loops.push_back(Loops[I]);
  }
  const Tokens &Last = Stmts[Keep - 1];
  Out.Body.assign(Last.begin() + Loops[Keep - 1].BodyBegin, Last.end());
  return true;
}

} // namespace proact
