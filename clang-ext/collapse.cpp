#include "collapse.h"
#include <set>

using namespace clang;

namespace proact {

bool findCollapsibleInner(Preprocessor &PP, const CanonicalLoop &Outer,
                          const Tokens &Body, CollapsedInner &Out) {
  size_t B = 0, E = Body.size();
  if (E >= 2 && Body[0].is(tok::l_brace) && matchingClose(Body, 0) == E - 1) {
    B = 1;
    E -= 1;
  }
  if (B >= E || Body[B].isNot(tok::kw_for) || statementEnd(Body, B) != E)
    return false;
  CanonicalLoop Inner;
  std::string Why;
  SourceLocation Where;
  Tokens Stmt(Body.begin() + B, Body.begin() + E);
  if (!parseCanonicalFor(PP, Stmt, 0, Inner, Why, Where) || Inner.Type.empty())
    return false;

  // Names the inner body assigns.
  std::set<std::string> Assigned;
  for (size_t I = Inner.BodyBegin; I + 1 < Stmt.size(); ++I) {
    const Token &T = Stmt[I], &N = Stmt[I + 1];
    if (T.is(tok::identifier) &&
        (N.isOneOf(tok::equal, tok::plusequal, tok::minusequal,
                   tok::plusplus, tok::minusminus) ||
         N.isOneOf(tok::starequal, tok::slashequal)))
      Assigned.insert(PP.getSpelling(T));
    if (T.isOneOf(tok::plusplus, tok::minusminus) && N.is(tok::identifier))
      Assigned.insert(PP.getSpelling(N));
  }
  auto Invariant = [&](const Tokens &Toks) {
    for (const Token &T : Toks)
      if (T.is(tok::identifier)) {
        std::string S = PP.getSpelling(T);
        if (S == Outer.VarName || Assigned.count(S))
          return false;
      }
    return true;
  };
  Tokens StepToks;
  for (const Piece &P : Inner.Step.pieces())
    if (!P.IsText)
      StepToks.push_back(P.Tok);
  if (!Invariant(Inner.First) || !Invariant(Inner.Bound) ||
      !Invariant(StepToks))
    return false;
  Out.Header.assign(Stmt.begin(), Stmt.begin() + Inner.BodyBegin);
  Out.Body.assign(Stmt.begin() + Inner.BodyBegin, Stmt.end());
  return true;
}

} // namespace proact
