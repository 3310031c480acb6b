// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ilp.h"
#include "loop_syntax.h"
#include "name_lookup.h"

using namespace clang;

namespace proact {
namespace {

unsigned IlpOverride = 0;
bool IlpGpuEverywhere = false;

// A CPU device's pass that writes its own kernels (no groups, one kernel
// per loop), not the GPUs' (-fplugin-arg-proact-ilp=gpu).
bool leanCpuPass() { return !IlpGpuEverywhere && cpuDevicePass(); }

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

// The body without its enclosing braces, [B, E); false unless it ends in
// a ';' (a statement, not a block or nothing).
bool unbracedStatements(const Tokens &Body, size_t &B, size_t &E) {
  B = 0;
  E = Body.size();
  while (B < E && Body[B].is(tok::l_brace) && Body[E - 1].is(tok::r_brace) &&
         matchingClose(Body, B) == E - 1) {
    ++B;
    --E;
  }
  return B < E && Body[E - 1].is(tok::semi);
}

// Whether the prefix can run U times in nested scopes, loads first: no
// jump out of or back into the iteration, no loop (U rows of a loop run
// one after another: registers, no loads in flight), no switch (its
// `break`), no static (one object for all copies) and no label (a
// function's labels are unique).
bool groupablePrefix(const Tokens &P) {
  for (size_t I = 0; I < P.size(); ++I) {
    const Token &T = P[I];
    if (T.isOneOf(tok::kw_continue, tok::kw_break, tok::kw_return,
                  tok::kw_goto, tok::kw_for, tok::kw_while) ||
        T.isOneOf(tok::kw_do, tok::kw_switch, tok::kw_case, tok::kw_default,
                  tok::kw_static, tok::kw__Thread_local) ||
        T.isAnnotation() || T.is(tok::hash))
      return false;
    if (T.is(tok::colon) && I >= 1 && P[I - 1].is(tok::identifier) &&
        (I == 1 || P[I - 2].isOneOf(tok::semi, tok::l_brace, tok::r_brace) ||
         P[I - 2].isOneOf(tok::r_paren, tok::kw_else)))
      return false; // `name:` where a statement starts: a label
  }
  return true;
}

} // namespace

bool splitAssignment(const Tokens &Body, Assignment &Out) {
  size_t B, E;
  if (!unbracedStatements(Body, B, E))
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

bool splitTrailingAssignment(const Tokens &Body, Assignment &Out) {
  size_t B, E;
  if (!unbracedStatements(Body, B, E))
    return false;
  // The last statement starts after the last top-level ';' or '}' before
  // its own ';' (walking back, ')' and ']' open a level).
  size_t Start = B;
  int Depth = 0;
  for (size_t I = E - 1; I-- > B;) {
    const Token &T = Body[I];
    if (Depth == 0 && T.isOneOf(tok::semi, tok::r_brace)) {
      Start = I + 1;
      break;
    }
    Depth -= bracketDelta(T);
    if (Depth < 0)
      return false;
  }
  Tokens Last(Body.begin() + Start, Body.begin() + E);
  Assignment A;
  if (!splitAssignment(Last, A))
    return false;
  A.Prefix.assign(Body.begin() + B, Body.begin() + Start);
  if (!groupablePrefix(A.Prefix))
    return false;
  Out = std::move(A);
  return true;
}

unsigned ilpFactor(size_t NumReads) {
  if (IlpOverride > 0)
    return IlpOverride;
  if (leanCpuPass())
    return 1;
  return NumReads <= 2 ? 4 : NumReads <= 4 ? 2 : 1;
}

unsigned columnFactor(ColumnKernel K, bool Prefix, bool Bare) {
  if (IlpOverride > 0)
    return IlpOverride;
  if (leanCpuPass())
    return 1;
  return K == ColumnKernel::Instrumented ? 8
         : K == ColumnKernel::Forwarding ? 4
         : Prefix && !Bare               ? 4
                                         : 2;
}

bool mergedRows(ColumnKernel K) { return K != ColumnKernel::Plain; }

void setIlpOverride(unsigned U) { IlpOverride = U; }

void setIlpGpuEverywhere() { IlpGpuEverywhere = true; }

bool cpuOneKernel() { return leanCpuPass(); }

// The marker's name; its global in the host IR is <function>.<name>.
const char *const OneKernelName = "__proact_one_kernel";

bool oneKernelPerLoop() {
  if (IlpGpuEverywhere)
    return false;
  return hostPassForCpusOnly() ||
         (leanCpuPass() && hostPassMarked(OneKernelName));
}

std::string oneKernelMarker() {
  return std::string("static const char ") + OneKernelName +
         " __attribute__((used)) = 1;";
}

bool partItersByPointer() { return oneKernelPerLoop(); }

const char *kernelTileWidth() {
  return partItersByPointer() ? "__proact_itk.tile" : "__proact_itw";
}

const char *oneKernelRoute() {
  return !IlpGpuEverywhere && lowersForCompile() ? "__proact_fwd >> 1" : "0";
}

void emitIlpWalk(Code &C, const CanonicalLoop &L, const Assignment &A,
                 const std::vector<std::string> &Values, int ForwardArray,
                 const std::string &Spacing, const Code *First) {
  const unsigned U = (unsigned)Values.size();
  // Consecutive groups (Spacing 1) test k < bhi - (U - 1): written as
  // k + (U - 1) < bhi, the sum is shared with the last copy's index, whose
  // address then no longer continues the others' and LLVM 22's vectorizer
  // splits the group's loads and stores. bhi is a block's end, far from the
  // lowest long long.
  if (Spacing == "1")
    C << "for (; __proact_k < __proact_bhi - " + std::to_string(U - 1) +
             " * 1; __proact_k += " + std::to_string(U) + " * __proact_s0) {";
  else
    C << "for (; __proact_k + " + std::to_string(U - 1) + " * " + Spacing +
             " < __proact_bhi; __proact_k += " + std::to_string(U) +
             " * __proact_s0) {";
  // Iteration u's loop variable, declared again in a scope of its own
  // (the body's tokens stay as written: no renaming, so tags, members
  // and offsetof designators named like it are untouched, and `&i` keeps
  // its type). An outer-declared variable's type is the outer one's.
  Code VarType;
  if (!L.Type.empty())
    VarType << L.Type;
  else
    VarType << "__typeof__(" << L.Var << ")";
  auto declareVar = [&](unsigned u) {
    C << VarType << L.Var << " = (" << VarType << ")" + Values[u] + ";";
  };
  const bool Compound = A.Op.isNot(tok::equal);
  // The element's address is taken in its copy's scope: a compound
  // assignment reads it, and a prefix's locals, which the index may name,
  // are shadowed by the next copy's.
  const bool ByAddress = Compound || !A.Prefix.empty();
  // The U right-hand sides (with ByAddress, the element's address, and
  // with a compound assignment its old value too), each in a scope nested
  // in the previous one, so that the innermost sees every value.
  for (unsigned u = 0; u < U; ++u) {
    const std::string Vu = "__proact_v" + std::to_string(u);
    C << "{";
    declareVar(u);
    if (u == 0 && First != nullptr)
      C << *First;
    if (!A.Prefix.empty())
      C << "{" << A.Prefix; // a scope of the copy's own, as the body's
    const std::string Pu = "__proact_p" + std::to_string(u);
    if (ByAddress)
      C << "__typeof__(" << A.Lhs << ") *const " + Pu + " = &(" << A.Lhs
        << ");";
    const std::string Old = Compound ? "*" + Pu + " " + binaryOf(A.Op) + " "
                                     : std::string();
    C << "const __typeof__(" << A.Lhs << ") " + Vu + " = " + Old + "("
      << A.Rhs << ");";
  }
  // Then the U stores.
  for (unsigned u = 0; u < U; ++u) {
    const std::string Vu = "__proact_v" + std::to_string(u);
    Code Lhs;
    C << "{";
    if (ByAddress) {
      Lhs << "(*__proact_p" + std::to_string(u) + ")";
    } else {
      declareVar(u);
      Lhs << A.Lhs;
    }
    C << Lhs << " = " + Vu + ";";
    if (ForwardArray >= 0)
      C << "proact__ready_forward(__proact_rb, " +
               std::to_string(ForwardArray) + ", (const void *)&(" << Lhs
        << "), sizeof(" << Lhs << "));";
    C << "}";
  }
  C << std::string(A.Prefix.empty() ? U : 2 * U, '}') << "}";
}

} // namespace proact
