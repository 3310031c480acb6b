// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "loop_syntax.h"
#include "clang/Basic/OperatorPrecedence.h"
#include "clang/Lex/Lexer.h"
#include <cctype>
#include "proact/detail/codegen.h"
#include <algorithm>

using namespace clang;

namespace proact {

size_t matchingClose(const Tokens &Toks, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Toks.size(); ++I) {
    int D = bracketDelta(Toks[I]);
    Depth += D;
    if (D < 0 && Depth == 0)
      return I;
  }
  return Toks.size();
}

// End (exclusive) of the statement starting at B in Toks.
size_t statementEnd(const Tokens &Toks, size_t B) {
  if (B >= Toks.size())
    return Toks.size();
  const Token &T = Toks[B];
  if (T.is(tok::l_brace))
    return std::min(matchingClose(Toks, B) + 1, Toks.size());
  if (T.isOneOf(tok::kw_for, tok::kw_while, tok::kw_switch, tok::kw_if)) {
    size_t C = matchingClose(Toks, B + 1);
    size_t E = statementEnd(Toks, C + 1);
    if (T.is(tok::kw_if) && E < Toks.size() && Toks[E].is(tok::kw_else))
      E = statementEnd(Toks, E + 1);
    return E;
  }
  if (T.is(tok::kw_do)) {
    size_t E = statementEnd(Toks, B + 1); // body; then while ( ... ) ;
    if (E + 1 < Toks.size())
      E = matchingClose(Toks, E + 1) + 2;
    return std::min(E, Toks.size());
  }
  int Depth = 0;
  for (size_t I = B; I < Toks.size(); ++I) {
    Depth += bracketDelta(Toks[I]);
    if (Depth == 0 && Toks[I].is(tok::semi))
      return I + 1;
  }
  return Toks.size();
}

namespace {

// True when nothing but whitespace, comments and preprocessor directives
// other than #include remain in the file being lexed directly (not through
// a macro or an injected token stream): lexing on would reach its end.
bool restIsBlank(const Lexer *L);

bool atEndOfFile(Preprocessor &PP) {
  PreprocessorLexer *PL = PP.getCurrentLexer();
  if (PL == nullptr)
    return false; // tokens come from a token stream
  const Lexer *L = static_cast<const Lexer *>(PL);
  if (L->isPragmaLexer()) {
    // A _Pragma's own text ends with the directive; what follows is the
    // text after the _Pragma(...), in the file around it (or in a macro
    // expansion, which is a token stream).
    if (!restIsBlank(L))
      return false;
    const SourceLocation Pragma = PP.getSourceManager()
                                      .getImmediateExpansionRange(L->getFileLoc())
                                      .getBegin();
    if (Pragma.isMacroID())
      return false;
    const auto *F = static_cast<const Lexer *>(PP.getCurrentFileLexer());
    return F != nullptr && restIsBlank(F);
  }
  return restIsBlank(L);
}

// The first character from P on that is not blank, a comment or a line
// continuation; *LineStart: whether a newline came before it.
const char *skipBlank(const char *P, const char *E, bool *LineStart) {
  while (P < E) {
    if (*P == '\\' && P + 1 < E && (P[1] == '\n' || P[1] == '\r')) {
      P += 2;
    } else if (isspace((unsigned char)*P)) {
      *LineStart |= *P == '\n';
      ++P;
    } else if (P + 1 < E && P[0] == '/' && P[1] == '/') {
      while (P < E && *P != '\n')
        ++P;
    } else if (P + 1 < E && P[0] == '/' && P[1] == '*') {
      size_t C = llvm::StringRef(P + 2, E - P - 2).find("*/");
      P = C == llvm::StringRef::npos ? E : P + 2 + C + 2;
    } else {
      break;
    }
  }
  return P;
}

bool restIsBlank(const Lexer *L) {
  llvm::StringRef Buf = L->getBuffer();
  const char *P = L->getBufferLocation(), *E = Buf.end();
  bool LineStart = true;
  for (;;) {
    P = skipBlank(P, E, &LineStart);
    if (P >= E)
      return true;
    if (!LineStart || *P != '#')
      return false;
    const char *D = P + 1;
    while (D < E && (*D == ' ' || *D == '\t'))
      ++D;
    if (llvm::StringRef(D, E - D).starts_with("include"))
      return false; // may bring tokens
    while (P < E && *P != '\n') // the directive, continuations included
      P += (*P == '\\' && P + 1 < E) ? 2 : 1;
    LineStart = false;
  }
}

} // namespace

TokenReader *TokenReader::Active = nullptr;

bool TokenReader::pragmaNext() const {
  if (Stopped || !Pending.empty())
    return false;
  PreprocessorLexer *PL = PP.getCurrentLexer();
  if (PL == nullptr)
    return false; // tokens come from a token stream
  const auto *L = static_cast<const Lexer *>(PL);
  const char *E = L->getBuffer().end();
  bool LineStart = false;
  const char *P = skipBlank(L->getBufferLocation(), E, &LineStart);
  llvm::StringRef Rest(P, E - P);
  if (LineStart && Rest.consume_front("#"))
    return Rest.ltrim(" \t").starts_with("pragma");
  return Rest.starts_with("_Pragma");
}

void TokenReader::lex(Token &T) {
  if (Stopped) {
    T.startToken();
    T.setKind(tok::eof);
    T.setLocation(Directive);
    return;
  }
  if (!Pending.empty()) {
    T = Pending.back();
    Pending.pop_back();
    return;
  }
  if (atEndOfFile(PP)) {
    T.startToken();
    T.setKind(tok::eof);
    // After a _Pragma, the end of the file around it.
    auto *L = static_cast<Lexer *>(PP.getCurrentLexer());
    if (L->isPragmaLexer())
      L = static_cast<Lexer *>(PP.getCurrentFileLexer());
    T.setLocation(L->getSourceLocation());
    return;
  }
  PP.Lex(T);
  if (Stopped) { // a nested directive stopped this reader while it lexed
    unlex(T);
    lex(T);
  }
}

namespace {

// Appends tokens from T on: up to and including the bracket matching T if T
// opens one, else up to and including the first ';' outside brackets.
// Returns false at end of file.
bool readGroup(TokenReader &R, Token T, Tokens &Out) {
  const bool Bracketed = bracketDelta(T) > 0;
  int Depth = 0;
  for (;;) {
    Out.push_back(T);
    if (T.is(tok::eof))
      return false;
    int D = bracketDelta(T);
    Depth += D;
    if (Bracketed ? (D < 0 && Depth == 0) : (Depth == 0 && T.is(tok::semi)))
      return true;
    R.lex(T);
  }
}

} // namespace

bool readStatement(TokenReader &R, Token T, Tokens &Out) {
  if (T.is(tok::eof)) {
    Out.push_back(T);
    return false;
  }
  if (T.is(tok::l_brace))
    return readGroup(R, T, Out);
  if (T.isOneOf(tok::kw_for, tok::kw_while, tok::kw_switch, tok::kw_if)) {
    bool IsIf = T.is(tok::kw_if);
    Out.push_back(T);
    R.lex(T);
    if (T.isNot(tok::l_paren))
      return readStatement(R, T, Out); // malformed; the parser will say
    if (!readGroup(R, T, Out))
      return false;
    R.lex(T);
    if (!readStatement(R, T, Out))
      return false;
    if (!IsIf || R.pragmaNext())
      return true;
    R.lexAhead(T);
    if (T.is(tok::kw_else)) {
      Out.push_back(T);
      R.lex(T);
      return readStatement(R, T, Out);
    }
    R.unlex(T);
    return true;
  }
  if (T.is(tok::kw_do)) {
    Out.push_back(T);
    R.lex(T);
    if (!readStatement(R, T, Out))
      return false;
    // while ( ... ) ;
    R.lex(T);
    Out.push_back(T);
    R.lex(T);
    if (T.is(tok::l_paren) && !readGroup(R, T, Out))
      return false;
    R.lex(T);
    Out.push_back(T);
    return T.isNot(tok::eof);
  }
  // An expression or declaration statement: up to ';' at depth 0, also
  // when it begins with a parenthesis ('(a[i]) = v;').
  for (int Depth = 0;;) {
    Out.push_back(T);
    if (T.is(tok::eof))
      return false;
    Depth += bracketDelta(T);
    if (Depth == 0 && T.is(tok::semi))
      return true;
    R.lex(T);
  }
}

namespace {

bool sameVar(Preprocessor &PP, const Token &T, const std::string &Name) {
  return T.is(tok::identifier) && spelling(PP, T) == Name;
}

// Splits [B, E) at top-level ';' into at most 3 parts.
bool splitHeader(const Tokens &S, size_t B, size_t E,
                 std::vector<std::pair<size_t, size_t>> &Parts) {
  int Depth = 0;
  size_t Start = B;
  for (size_t I = B; I < E; ++I) {
    Depth += bracketDelta(S[I]);
    if (Depth == 0 && S[I].is(tok::semi)) {
      Parts.push_back({Start, I});
      Start = I + 1;
    }
  }
  Parts.push_back({Start, E});
  return Parts.size() == 3;
}

int cmpOf(const Token &T, bool Flip) {
  int C = T.is(tok::less)           ? PROACT__CMP_LT
          : T.is(tok::lessequal)    ? PROACT__CMP_LE
          : T.is(tok::greater)      ? PROACT__CMP_GT
          : T.is(tok::greaterequal) ? PROACT__CMP_GE
                                    : -1;
  if (C < 0 || !Flip)
    return C;
  static const int Flipped[] = {PROACT__CMP_GT, PROACT__CMP_GE,
                                PROACT__CMP_LT, PROACT__CMP_LE};
  return Flipped[C];
}

// Whether S[I] stands where a binary operator would: after an operand.
bool afterOperand(const Tokens &S, size_t B, size_t I) {
  if (I == B)
    return false;
  const Token &P = S[I - 1];
  return P.isOneOf(tok::identifier, tok::numeric_constant,
                   tok::char_constant, tok::string_literal, tok::r_paren,
                   tok::r_square, tok::plusplus, tok::minusminus) ||
         P.isLiteral();
}

// The first operator of [B, E), outside brackets, that binds less tightly
// than Level: C then reads the tokens as a different tree than a loop
// header's `i < bound` or `i = i + step` (`i < n && f` is `(i < n) && f`).
// E when there is none.
size_t looserOperator(const Tokens &S, size_t B, size_t E, prec::Level Level) {
  int Depth = 0;
  for (size_t I = B; I < E; ++I) {
    const int D = bracketDelta(S[I]);
    if (D > 0 || Depth > 0) {
      Depth += D;
      continue;
    }
    Depth += D;
    const prec::Level P = getBinOpPrecedence(S[I].getKind(), true, false);
    if (P != prec::Unknown && P < Level &&
        (S[I].isNot(tok::amp) || afterOperand(S, B, I)))
      return I;
  }
  return E;
}

// The first token of [B, E) that changes a variable (++, --, an
// assignment), at any depth; E when there is none.
size_t sideEffect(const Tokens &S, size_t B, size_t E) {
  for (size_t I = B; I < E; ++I)
    if (S[I].isOneOf(tok::plusplus, tok::minusminus) || isAssignOp(S[I]))
      return I;
  return E;
}

} // namespace

bool parseCanonicalFor(Preprocessor &PP, const Tokens &S, size_t Begin,
                       CanonicalLoop &L, std::string &Why,
                       SourceLocation &Where) {
  Where = S[Begin].getLocation();
  if (Begin + 1 >= S.size() || S[Begin + 1].isNot(tok::l_paren)) {
    Why = "expected '(' after 'for'";
    return false;
  }
  size_t Close = matchingClose(S, Begin + 1);
  if (Close >= S.size()) {
    Why = "unbalanced parentheses";
    return false;
  }
  L.BodyBegin = Close + 1;
  std::vector<std::pair<size_t, size_t>> P;
  if (!splitHeader(S, Begin + 2, Close, P)) {
    Why = "expected 'init; condition; increment'";
    return false;
  }
  // init: [type] var = first
  size_t IB = P[0].first, IE = P[0].second, Eq = IE;
  for (size_t I = IB; I < IE; ++I)
    if (S[I].is(tok::equal)) {
      Eq = I;
      break;
    }
  if (Eq == IE || Eq == IB || S[Eq - 1].isNot(tok::identifier) ||
      Eq + 1 == IE) {
    Where = IB < IE ? S[IB].getLocation() : Where;
    Why = "the initialisation must be 'i = first' or 'int i = first'";
    return false;
  }
  for (size_t I = IB; I + 1 < Eq; ++I)
    if (S[I].isOneOf(tok::star, tok::comma, tok::l_square)) {
      Where = S[I].getLocation();
      Why = "the loop variable must be a single integer";
      return false;
    }
  for (size_t I = Eq + 1, Depth = 0; I < IE; ++I) {
    Depth += bracketDelta(S[I]);
    if (Depth == 0 && S[I].is(tok::comma)) {
      Where = S[I].getLocation();
      Why = "the initialisation must declare a single variable";
      return false;
    }
  }
  L.Var = S[Eq - 1];
  L.VarName = spelling(PP, L.Var);
  // `register` says nothing the lowering's casts and copies may repeat.
  for (size_t I = IB; I + 1 < Eq; ++I)
    if (S[I].isNot(tok::kw_register))
      L.Type.push_back(S[I]);
  L.First.assign(S.begin() + Eq + 1, S.begin() + IE);

  // condition: var CMP bound, or bound CMP var
  size_t CB = P[1].first, CE = P[1].second, BB = CE, BE = CE;
  if (CE - CB >= 3 && sameVar(PP, S[CB], L.VarName) &&
      cmpOf(S[CB + 1], false) >= 0) {
    L.Cmp = cmpOf(S[CB + 1], false);
    BB = CB + 2;
  } else if (CE - CB >= 3 && sameVar(PP, S[CE - 1], L.VarName) &&
             cmpOf(S[CE - 2], true) >= 0) {
    L.Cmp = cmpOf(S[CE - 2], true);
    BB = CB;
    BE = CE - 2;
  } else {
    Where = CB < CE ? S[CB].getLocation() : Where;
    Why = "the condition must compare '" + L.VarName +
          "' with <, <=, > or >=";
    return false;
  }
  L.Bound.assign(S.begin() + BB, S.begin() + BE);
  for (const Token &T : L.Bound)
    if (sameVar(PP, T, L.VarName)) {
      Where = T.getLocation();
      Why = "the bound must not depend on '" + L.VarName + "'";
      return false;
    }
  const size_t Looser = looserOperator(S, BB, BE, prec::Shift);
  if (Looser < BE) {
    Where = S[Looser].getLocation();
    const std::string Op = spelling(PP, S[Looser]);
    Why = "the condition must be one comparison of '" + L.VarName +
          "' with a bound, but '" + Op + "' here joins it with more (C reads " +
          (BB == CB ? "'a " + Op + " b > i' as '(a " + Op + " b) > i'"
                    : "'i < a " + Op + " b' as '(i < a) " + Op + " b'") +
          "); compute a single bound before the loop";
    return false;
  }
  const size_t Effect = sideEffect(S, BB, BE);
  if (Effect < BE) {
    Where = S[Effect].getLocation();
    Why = "the bound must not change a variable ('" +
          spelling(PP, S[Effect]) +
          "' here): C evaluates it before every iteration, PROACT once";
    return false;
  }

  // increment
  size_t NB = P[2].first, NE = P[2].second, N = NE - NB;
  auto Var = [&](size_t I) { return sameVar(PP, S[I], L.VarName); };
  Where = NB < NE ? S[NB].getLocation() : Where;
  size_t SB = NE, SE = NE; // the step expression, when there is one
  // Minus: the increment subtracts (`i -= s`, `i = i - s`). Grouped: what
  // follows the operator is one operand (`i -= s + 1` subtracts s + 1;
  // `i = i - s + 1` adds 1 - s).
  bool Minus = false, Grouped = true;
  L.OpenMPStep = true;
  if (N == 2 && ((Var(NB) && S[NB + 1].is(tok::plusplus)) ||
                 (S[NB].is(tok::plusplus) && Var(NB + 1)))) {
    L.Step = Code("1");
    L.StepSign = 1;
  } else if (N == 2 && ((Var(NB) && S[NB + 1].is(tok::minusminus)) ||
                        (S[NB].is(tok::minusminus) && Var(NB + 1)))) {
    L.Step = Code("-1");
    L.StepSign = -1;
  } else if (N >= 3 && Var(NB) &&
             S[NB + 1].isOneOf(tok::plusequal, tok::minusequal)) {
    SB = NB + 2;
    Minus = S[NB + 1].is(tok::minusequal);
  } else if (N >= 5 && Var(NB) && S[NB + 1].is(tok::equal) && Var(NB + 2) &&
             S[NB + 3].isOneOf(tok::plus, tok::minus)) {
    SB = NB + 4;
    Minus = S[NB + 3].is(tok::minus);
    Grouped = false;
    // OpenMP's increment is i = i + s or i - s with s not a sum.
    L.OpenMPStep = looserOperator(S, SB, NE, prec::Multiplicative) == NE;
  } else if (N >= 5 && Var(NB) && S[NB + 1].is(tok::equal) && Var(NE - 1) &&
             S[NE - 2].is(tok::plus)) {
    SB = NB + 2;
    SE = NE - 2;
  } else {
    Why = "the increment must be " + L.VarName + "++, " + L.VarName +
          "--, " + L.VarName + " += step or " + L.VarName + " -= step";
    return false;
  }
  if (SB < SE) {
    for (size_t I = SB; I < SE; ++I)
      if (Var(I)) {
        Where = S[I].getLocation();
        Why = "the step must not depend on '" + L.VarName + "'";
        return false;
      }
    // `i += s, j++` or `i = i + s << 1` is not `i` plus a step; in
    // `i += step` only a comma can split it.
    const size_t Looser = looserOperator(
        S, SB, SE, SB == NB + 2 && SE == NE ? prec::Assignment : prec::Additive);
    if (Looser < SE) {
      Where = S[Looser].getLocation();
      Why = "the increment must add a step to '" + L.VarName + "', but '" +
            spelling(PP, S[Looser]) + "' here applies to more than the step";
      return false;
    }
    const size_t Effect = sideEffect(S, SB, SE);
    if (Effect < SE) {
      Where = S[Effect].getLocation();
      Why = "the step must not change a variable ('" +
            spelling(PP, S[Effect]) +
            "' here): C evaluates it after every iteration, PROACT once";
      return false;
    }
    // The step is what the increment adds to i, computed in the type C
    // computes `i + s` in ((T)0 + s, for i of type T; `i = i - s + 1`
    // adds (T)0 - s + 1; `i = s + i`, s + (T)0) and taken as T holds it,
    // modulo T's width as a signed number (PROACT__STEP): `unsigned i;
    // i = i - 1` steps by -1, `long i; i -= 3u` by -3. The type is text
    // where i is declared before the loop, so that the checks of the
    // step's names do not meet i.
    Code Type;
    if (L.Type.empty())
      Type = Code("__typeof__(" + L.VarName + ")");
    else
      Type.add(L.Type);
    const Tokens Rest(S.begin() + SB, S.begin() + SE);
    // A literal step's sign, where the increment adds it alone.
    if (Rest.size() == 1 && Rest[0].is(tok::numeric_constant) &&
        spelling(PP, Rest[0]) != "0")
      L.StepSign = Minus ? -1 : 1;
    L.Step = Code("PROACT__STEP(").add(Type).add(", ");
    if (SE != NE) // i = s + i
      L.Step.add("(").add(Rest).add(") + (").add(Type).add(")0");
    else
      L.Step.add("(").add(Type).add(std::string(")0 ") + (Minus ? "-" : "+") +
                                    (Grouped ? " (" : " "))
          .add(Rest)
          .add(Grouped ? ")" : "");
    L.Step.add(")");
  }
  if (L.BodyBegin >= S.size()) {
    Why = "the loop has no body";
    return false;
  }
  return true;
}

bool hasIndexedLoop(const Tokens &Toks) {
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    if (Toks[I].isNot(tok::kw_for) || Toks[I + 1].isNot(tok::l_paren))
      continue;
    const size_t Close = matchingClose(Toks, I + 1);
    for (size_t J = I + 2; J < Close; ++J)
      if (Toks[J].is(tok::l_square))
        return true;
  }
  return false;
}

} // namespace proact
