// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "forward.h"
#include <map>

using namespace clang;

namespace proact {
namespace {

struct Store {
  size_t Begin, Lvalue, LvalueEnd, End; // the statement [Begin, End),
                                        // End past its ';'; the lvalue
                                        // [Lvalue, LvalueEnd)
  int Array;
};

// A store's lvalue begins a statement when what precedes it ends one, or
// opens a body (the closing ')' of an if/for/while header, else, do, a
// label's ':').
bool beginsStatement(const Tokens &Body, size_t I) {
  if (I == 0)
    return true;
  const Token &P = Body[I - 1];
  return P.isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::r_paren,
                   tok::colon) ||
         P.isOneOf(tok::kw_else, tok::kw_do);
}

} // namespace

bool forwardingBody(const Tokens &Body, const std::vector<Access> &Writes,
                    Code &Out) {
  std::map<size_t, Store> Stores; // by Begin
  for (const Access &W : Writes) {
    size_t I = 0;
    while (I < Body.size() &&
           Body[I].getLocation() != W.At.getLocation())
      ++I;
    if (I == Body.size())
      return false;
    size_t E = I + 1;
    while (E < Body.size() && Body[E].is(tok::l_square)) {
      int Depth = 0;
      for (; E < Body.size(); ++E) {
        Depth += bracketDelta(Body[E]);
        if (Depth == 0)
          break;
      }
      ++E;
    }
    if (E == I + 1 || E > Body.size())
      return false;
    // The lvalue in parentheses, as an accessor macro writes it: '(a[i]) = v'.
    while (I && Body[I - 1].is(tok::l_paren) && E < Body.size() &&
           Body[E].is(tok::r_paren)) {
      --I;
      ++E;
    }
    const size_t Begin =
        I && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus) ? I - 1 : I;
    if (!beginsStatement(Body, Begin))
      return false;
    size_t End = E;
    for (int Depth = 0; End < Body.size(); ++End) {
      Depth += bracketDelta(Body[End]);
      if (Depth < 0)
        return false;
      if (Depth == 0 && Body[End].isOneOf(tok::semi, tok::comma))
        break;
    }
    if (End == Body.size() || Body[End].isNot(tok::semi))
      return false;
    Stores[Begin] = Store{Begin, I, E, End + 1, W.Array};
  }
  for (size_t I = 0; I < Body.size();) {
    auto It = Stores.find(I);
    if (It == Stores.end()) {
      Out << Body[I++];
      continue;
    }
    const Store &S = It->second;
    Tokens Lvalue(Body.begin() + S.Lvalue, Body.begin() + S.LvalueEnd);
    Out << "{";
    for (size_t J = S.Begin; J < S.End; ++J)
      Out << Body[J];
    Out << "proact__ready_forward(__proact_rb, " + std::to_string(S.Array) +
               ", (const void *)&(";
    Out << Lvalue << "), sizeof(" << Lvalue << ")); }";
    I = S.End;
  }
  return true;
}

} // namespace proact
