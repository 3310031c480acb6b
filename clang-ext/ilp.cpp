#include "ilp.h"
#include "loop_syntax.h"

using namespace clang;

namespace proact {
namespace {

unsigned IlpOverride = 0;

bool isAssignOp(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                   tok::slashequal, tok::percentequal) ||
         T.isOneOf(tok::ampequal, tok::pipeequal, tok::caretequal,
                   tok::lesslessequal, tok::greatergreaterequal);
}

// The binary operator of a compound assignment ("+" for "+=").
std::string binaryOf(const Token &Op) {
  switch (Op.getKind()) {
  case tok::plusequal: return "+";
  case tok::minusequal: return "-";
  case tok::starequal: return "*";
  case tok::slashequal: return "/";
  case tok::percentequal: return "%";
  case tok::ampequal: return "&";
  case tok::pipeequal: return "|";
  case tok::caretequal: return "^";
  case tok::lesslessequal: return "<<";
  default: return ">>";
  }
}

// Toks with the loop variable (not a member named like it) renamed.
Code renamed(const Tokens &Toks, const std::string &Var, const std::string &To) {
  Code C;
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    bool Member = I > 0 && Toks[I - 1].isOneOf(tok::period, tok::arrow);
    if (T.is(tok::identifier) && !Member &&
        T.getIdentifierInfo()->getName() == Var)
      C << To;
    else
      C << T;
  }
  return C;
}

} // namespace

bool splitAssignment(const Tokens &Body, Assignment &Out) {
  size_t B = 0, E = Body.size();
  while (B < E && Body[B].is(tok::l_brace) && Body[E - 1].is(tok::r_brace) &&
         matchingClose(Body, B) == E - 1) {
    ++B;
    --E;
  }
  if (B == E || Body[E - 1].isNot(tok::semi))
    return false;
  --E; // the ';'
  if (Body[B].isNot(tok::identifier))
    return false; // keywords (if, for, return, types...), '*p = ...', '(...)'
  size_t OpAt = E;
  int Depth = 0;
  for (size_t I = B; I < E; ++I) {
    const Token &T = Body[I];
    if (T.isOneOf(tok::semi, tok::comma, tok::question) && Depth == 0)
      return false;
    if (T.is(tok::l_paren) && I + 1 < E && Body[I + 1].is(tok::l_brace))
      return false; // a statement expression
    if (T.isOneOf(tok::l_brace, tok::r_brace) || T.is(tok::semi))
      return false;
    if (T.isOneOf(tok::plusplus, tok::minusminus) && Depth == 0)
      return false;
    Depth += bracketDelta(T);
    if (Depth < 0)
      return false;
    if (Depth == 0 && OpAt == E && isAssignOp(T))
      OpAt = I;
  }
  if (Depth != 0 || OpAt == E || OpAt == B || OpAt + 1 == E ||
      Body[OpAt - 1].isNot(tok::r_square))
    return false; // an array element: no bit-field, whose address or type
                  // the grouped form could not take
  Out.Lhs.assign(Body.begin() + B, Body.begin() + OpAt);
  Out.Op = Body[OpAt];
  Out.Rhs.assign(Body.begin() + OpAt + 1, Body.begin() + E);
  return true;
}

unsigned ilpFactor(size_t NumReads) {
  if (IlpOverride > 0)
    return IlpOverride;
  return NumReads <= 2 ? 4 : NumReads <= 4 ? 2 : 1;
}

void setIlpOverride(unsigned U) { IlpOverride = U; }

void emitIlpWalk(Code &C, const CanonicalLoop &L, const Assignment &A,
                 unsigned U, bool UnitStep, int ForwardArray) {
  const std::string Us = std::to_string(U);
  C << "for (; __proact_k + " + std::to_string(U - 1) +
           " * __proact_s0 < __proact_bhi; __proact_k += " + Us +
           " * __proact_s0) {";
  // The loop variable of each of the U iterations.
  Code VarType;
  if (!L.Type.empty())
    VarType << L.Type;
  else
    VarType << "__typeof__(" << L.Var << ")";
  for (unsigned u = 0; u < U; ++u) {
    std::string K = "(__proact_k + " + std::to_string(u) + " * __proact_s0)";
    std::string Value = UnitStep ? "(__proact_first + " + K + ")"
                                 : "(__proact_first + " + K +
                                       " * __proact_step)";
    C << "const " << VarType << " __proact_i" + std::to_string(u) + " = ("
      << VarType << ")" + Value + ";";
  }
  const bool Compound = A.Op.isNot(tok::equal);
  // All right-hand sides (with a compound assignment, the old value too).
  for (unsigned u = 0; u < U; ++u) {
    const std::string Iu = "__proact_i" + std::to_string(u);
    const std::string Vu = "__proact_v" + std::to_string(u);
    Code Lhs = renamed(A.Lhs, L.VarName, Iu);
    if (Compound) {
      const std::string Pu = "__proact_p" + std::to_string(u);
      C << "__typeof__(" << Lhs << ") *const " + Pu + " = &(" << Lhs << ");";
      C << "const __typeof__(" << Lhs << ") " + Vu + " = *" + Pu + " " +
               binaryOf(A.Op) + " ("
        << renamed(A.Rhs, L.VarName, Iu) << ");";
    } else {
      C << "const __typeof__(" << Lhs << ") " + Vu + " = ("
        << renamed(A.Rhs, L.VarName, Iu) << ");";
    }
  }
  // Then the stores.
  for (unsigned u = 0; u < U; ++u) {
    const std::string Iu = "__proact_i" + std::to_string(u);
    const std::string Vu = "__proact_v" + std::to_string(u);
    Code Lhs = Compound ? Code("(*__proact_p" + std::to_string(u) + ")")
                        : renamed(A.Lhs, L.VarName, Iu);
    C << Lhs << " = " + Vu + ";";
    if (ForwardArray >= 0)
      C << "proact__ready_forward(__proact_rd, " +
               std::to_string(ForwardArray) + ", (const void *)&(" << Lhs
        << "), sizeof(" << Lhs << "));";
  }
  C << "}";
}

} // namespace proact
