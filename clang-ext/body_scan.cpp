#include "body_scan.h"
#include "diagnostics.h"
#include "name_lookup.h"

using namespace clang;

namespace proact {
namespace {

struct ScopedLoop {
  CanonicalLoop Loop;
  size_t Begin, End; // token range of the whole inner 'for' statement
};

bool isAssignOp(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal,
                   tok::starequal, tok::slashequal, tok::percentequal) ||
         T.isOneOf(tok::lesslessequal, tok::greatergreaterequal,
                   tok::ampequal, tok::pipeequal, tok::caretequal);
}

bool isTypeStart(Preprocessor &PP, const Token &T) {
  if (T.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short, tok::kw_char,
                tok::kw_float, tok::kw_double, tok::kw_unsigned,
                tok::kw_signed) ||
      T.isOneOf(tok::kw__Bool, tok::kw_const, tok::kw_struct))
    return true;
  if (T.is(tok::identifier)) {
    std::string S = spelling(PP, T);
    if (S.size() > 2 && S.compare(S.size() - 2, 2, "_t") == 0)
      return true;
    return lookupName(T) == NameKind::Type;
  }
  return false;
}

class BodyScanner {
public:
  BodyScanner(Preprocessor &PP, const Directive &D, const CanonicalLoop &O,
              const Tokens &B)
      : PP(PP), DE(PP.getDiagnostics()), D(D), Outer(O), Body(B) {}

  bool run(BodyAccesses &Out);

private:
  Preprocessor &PP;
  DiagnosticsEngine &DE;
  const Directive &D;
  const CanonicalLoop &Outer;
  const Tokens &Body;
  std::vector<ScopedLoop> Loops;
  std::set<std::string> Varying;  // assigned or declared in the body
  std::set<std::string> Declared; // declared in the body
  bool Ok = true;

  std::string spell(const Token &T) { return spelling(PP, T); }
  int arrayIndex(const std::string &Name) const {
    for (size_t A = 0; A < D.Arrays.size(); ++A)
      if (D.Arrays[A].Spelling == Name)
        return (int)A;
    return -1;
  }
  void collectLoopsAndNames();
  // Whether tokens [B, E) of the body assign Name (=, op=, ++, --).
  bool assignsIn(const std::string &Name, size_t B, size_t E,
                 SourceLocation *At = nullptr);
  // Whether the operand Body[B, E) is stored: an assignment operator, ++
  // or -- right after it, or ++ / -- right before it.
  bool storedAt(size_t B, size_t E) const {
    return (E < Body.size() &&
            (isAssignOp(Body[E]) ||
             Body[E].isOneOf(tok::plusplus, tok::minusminus))) ||
           (B && Body[B - 1].isOneOf(tok::plusplus, tok::minusminus));
  }
  // Whether Body[I - 1] is the prefix operator K (`*p`, `&x`): nothing
  // that ends an operand stands before it, so it is not a binary * or &.
  bool prefixAt(size_t I, tok::TokenKind K) const {
    return I && Body[I - 1].is(K) &&
           (I < 2 || !Body[I - 2].isOneOf(tok::identifier,
                                          tok::numeric_constant,
                                          tok::r_paren, tok::r_square));
  }
  // Whether the operand Body[B, E) is a whole argument of a call to a
  // function whose parameter there points to const (Sema says).
  bool constPointerArgument(size_t B, size_t E) const;
  void applyReadsClause(BodyAccesses &Out);
  // Whether a condition or jump of the body comes before token I: an access
  // there may not run at every iteration (`i > 0 ? a[i - 1] : 0`), so the
  // runtime does not check it against the sections.
  bool guardedAt(size_t I) const;
  // The token after the lvalue that starts at identifier I: past member
  // and subscript suffixes (`s.f`, `s.v[k]`), where an assignment would
  // follow.
  size_t lvalueEnd(size_t I) const;
  // Rejects stores to variables declared before the loop: each device and
  // thread would update its own copy, and the value after the loop would
  // not be the sequential program's.
  void checkOuterStores();
  // Decomposes the subscript of Body[NameAt] (closing ']' at Close). For a
  // store an index that cannot be analysed is an error; for a load it makes
  // the access Whole.
  void analyseAccess(int Array, size_t NameAt, size_t Close, bool Store,
                     BodyAccesses &Out);
};

bool BodyScanner::assignsIn(const std::string &Name, size_t B, size_t E,
                            SourceLocation *At) {
  for (size_t I = B; I < E && I < Body.size(); ++I) {
    if (Body[I].isNot(tok::identifier) || spell(Body[I]) != Name)
      continue;
    if (I && Body[I - 1].isOneOf(tok::period, tok::arrow))
      continue; // a member of the same name
    if (storedAt(I, I + 1)) {
      if (At)
        *At = Body[I].getLocation();
      return true;
    }
  }
  return false;
}

void BodyScanner::collectLoopsAndNames() {
  bool InDecl = false; // inside a declaration statement, after its type
  bool InInit = false; // in a declarator's initializer (after its '=')
  int DeclDepth = 0;    // bracket depth of the declaration's statement
  int Depth = 0;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (T.is(tok::kw_for)) {
      ScopedLoop S;
      std::string Why;
      SourceLocation Where;
      // An inner loop whose body changes its variable has no known range:
      // its variable then counts as one that changes (not canonical).
      if (parseCanonicalFor(PP, Body, I, S.Loop, Why, Where)) {
        S.Begin = I;
        S.End = statementEnd(Body, I);
        if (!assignsIn(S.Loop.VarName, I + S.Loop.BodyBegin, S.End))
          Loops.push_back(S);
      }
    }
    Depth += bracketDelta(T);
    if (T.isOneOf(tok::semi, tok::l_brace, tok::r_brace))
      InDecl = InInit = false;
    // `float t = u[i * n]`: the '*' of an initializer multiplies, it does
    // not declare n a pointer (which made n "change inside the loop").
    if (InDecl && Depth == DeclDepth && T.isOneOf(tok::equal, tok::comma))
      InInit = T.is(tok::equal);
    if (T.isNot(tok::identifier)) {
      if (isTypeStart(PP, T) && !InDecl) {
        InDecl = true;
        DeclDepth = Depth;
      }
      continue;
    }
    std::string S = spell(T);
    const Token *Prev = I ? &Body[I - 1] : nullptr;
    const Token *Next = I + 1 < Body.size() ? &Body[I + 1] : nullptr;
    bool AfterType = Prev && (isTypeStart(PP, *Prev) ||
                              (Prev->is(tok::star) && InDecl && !InInit) ||
                              (Prev->is(tok::comma) && InDecl &&
                               Depth == DeclDepth));
    if (isTypeStart(PP, T) && !(Next && Next->isOneOf(tok::equal, tok::semi,
                                                      tok::comma))) {
      if (!InDecl) // a typedef name like size_t starts a declaration
        DeclDepth = Depth;
      InDecl = true;
    }
    else if (AfterType)
      Declared.insert(S);
    if (storedAt(I, I + 1))
      Varying.insert(S);
  }
  Varying.insert(Declared.begin(), Declared.end());
}

bool BodyScanner::guardedAt(size_t I) const {
  for (size_t K = 0; K < I && K < Body.size(); ++K)
    if (Body[K].isOneOf(tok::kw_if, tok::kw_else, tok::kw_switch,
                        tok::kw_case, tok::kw_while, tok::kw_do) ||
        Body[K].isOneOf(tok::question, tok::ampamp, tok::pipepipe,
                        tok::kw_return, tok::kw_break, tok::kw_continue,
                        tok::kw_goto))
      return true;
  return false;
}

void BodyScanner::analyseAccess(int Array, size_t NameAt, size_t Close,
                                bool Store, BodyAccesses &Out) {
  const Section &Sec = D.Arrays[Array];
  Tokens Index(Body.begin() + NameAt + 2, Body.begin() + Close);
  Access W;
  W.Array = Array;
  W.At = Body[NameAt];
  W.Guarded = guardedAt(NameAt);
  auto Unanalysable = [&](SourceLocation Where, const std::string &Why) {
    // Checked on the device; a store to a member (`a[k].m = v`) is no load.
    if (!Store && !storedAt(NameAt, lvalueEnd(NameAt)))
      Out.Checked.push_back({Array, Body[NameAt], true, -1});
    if (Store) {
      // The loop then runs on one device with the memcpy mechanism: which
      // elements it writes is known only after it ran (lowering.h).
      bool Warned = false;
      for (const Access &S : Out.Writes)
        Warned |= S.Array == Array && S.Whole;
      if (!Warned)
        report(DE, Where, Diag::NonAffineWrite)
            << Sec.Spelling << Outer.VarName << Why;
      W.Whole = true;
      Out.Writes.push_back(W);
      return;
    }
    // One whole-section read (and one remark) per array is enough; a
    // reads(...) clause for the array replaces it, so no remark then.
    for (const Access &R : Out.Reads)
      if (R.Array == Array && R.Whole)
        return;
    bool Declared = false;
    for (const Section &R : D.Reads)
      Declared |= R.Spelling == Sec.Spelling;
    if (!Declared)
      report(DE, Where, Diag::WholeArrayRead)
          << Sec.Spelling << Outer.VarName << Why;
    W.Whole = true;
    Out.Reads.push_back(W);
  };
  // Loop variables visible at the access: the outer one and the canonical
  // inner loops that enclose it (innermost wins for a reused name).
  std::set<std::string> Vars = {Outer.VarName};
  std::map<std::string, const ScopedLoop *> Enclosing;
  for (const ScopedLoop &L : Loops)
    if (L.Begin < NameAt && NameAt < L.End)
      Enclosing[L.Loop.VarName] = &L; // later loops are nested deeper
  for (const auto &KV : Enclosing)
    Vars.insert(KV.first);
  std::set<std::string> Changing = Varying;
  for (const auto &KV : Enclosing)
    Changing.erase(KV.first);
  Changing.insert(Outer.VarName);

  LinearForm F;
  std::string Why;
  SourceLocation Where = Body[NameAt].getLocation();
  if (!analyseAffine(PP, Index, Vars, Changing, F, Why, Where))
    return Unanalysable(Where, Why);
  W.Coef = F.Coef.count(Outer.VarName) ? F.Coef[Outer.VarName] : Code("0");
  W.Offset = F.K;
  for (const auto &KV : Enclosing) {
    if (!F.Coef.count(KV.first))
      continue;
    const CanonicalLoop &L = KV.second->Loop;
    // The inner loop's bounds are evaluated before the outer loop runs, so
    // they must not change inside it.
    for (const Tokens *Part : {&L.First, &L.Bound})
      for (const Token &T : *Part)
        if (T.is(tok::identifier) && Changing.count(spell(T)))
          return Unanalysable(T.getLocation(),
                              "the bounds of the inner loop over '" +
                                  L.VarName + "' depend on '" + spell(T) +
                                  "', which changes inside the loop");
    W.Inner.push_back({F.Coef[KV.first], L});
  }
  // The host's hull check skips it; a store to a member (`a[k].m = v`)
  // is no load.
  if (!Store && W.Guarded && !storedAt(NameAt, lvalueEnd(NameAt)))
    Out.Checked.push_back({Array, Body[NameAt], false, -1});
  (Store ? Out.Writes : Out.Reads).push_back(W);
}

// reads(a[lo:len]) says that iteration i reads a[lo(i) .. lo(i) + len - 1]:
// it replaces what was inferred for a (the user knows better, e.g. for an
// indirect index whose values stay near i).
void BodyScanner::applyReadsClause(BodyAccesses &Out) {
  for (const Section &R : D.Reads) {
    int A = arrayIndex(R.Spelling);
    std::vector<Access> Kept;
    for (const Access &X : Out.Reads)
      if (X.Array != A)
        Kept.push_back(X);
      else if (!X.Whole)
        Out.Implied.push_back(X);
    Out.Reads = Kept;
    LinearForm F;
    std::string Why;
    SourceLocation Where = R.Name.getLocation();
    Tokens Lo = R.Lo.empty() ? Tokens() : R.Lo;
    std::set<std::string> Changing = Varying;
    Changing.insert(Outer.VarName);
    bool LoOk = Lo.empty() || analyseAffine(PP, Lo, {Outer.VarName}, Changing,
                                             F, Why, Where);
    LinearForm Len;
    std::string LenWhy;
    SourceLocation LenWhere = Where;
    bool LenOk = LoOk && analyseAffine(PP, R.Len, {Outer.VarName}, Changing,
                                       Len, LenWhy, LenWhere);
    if (LenOk && !Len.Coef.empty()) {
      LenOk = false;
      LenWhy = "the length depends on '" + Outer.VarName + "'";
    }
    if (!LoOk || !LenOk) {
      report(DE, LoOk ? LenWhere : Where, Diag::BadReadsSection)
          << R.Spelling << Outer.VarName << (LoOk ? LenWhy : Why);
      Ok = false;
      continue;
    }
    Access X;
    X.Array = A;
    X.At = R.Name;
    X.Coef = F.Coef.count(Outer.VarName) ? F.Coef[Outer.VarName] : Code("0");
    X.Offset = Lo.empty() ? Code("0") : F.K;
    X.Len = Code().add(R.Len);
    for (CheckedLoad &K : Out.Checked)
      if (K.Array == A)
        K.Clause = (int)Out.Reads.size();
    Out.Reads.push_back(X);
  }
}

size_t BodyScanner::lvalueEnd(size_t I) const {
  size_t E = I + 1;
  while (E < Body.size()) {
    if (Body[E].is(tok::period) && E + 1 < Body.size() &&
        Body[E + 1].is(tok::identifier))
      E += 2;
    else if (Body[E].is(tok::l_square))
      E = matchingClose(Body, E) + 1;
    else
      break;
  }
  return E;
}

bool BodyScanner::constPointerArgument(size_t B, size_t E) const {
  if (B == 0 || !Body[B - 1].isOneOf(tok::l_paren, tok::comma) ||
      E >= Body.size() || !Body[E].isOneOf(tok::comma, tok::r_paren))
    return false;
  unsigned Index = 0;
  int Depth = 0;
  for (size_t K = B; K-- > 0;) {
    if (Body[K].isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      ++Depth;
    } else if (Body[K].isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
      if (Depth-- > 0)
        continue;
      // The call's '(' after the function's name.
      return Body[K].is(tok::l_paren) && K > 0 &&
             Body[K - 1].is(tok::identifier) &&
             paramPointsToConst(Body[K - 1], Index);
    } else if (Depth == 0 && Body[K].is(tok::comma)) {
      ++Index;
    } else if (Depth == 0 && Body[K].is(tok::semi)) {
      return false;
    }
  }
  return false;
}

// What R's operator takes when its variable's type (spelled in *Type) is
// not that, else nullptr (and when Sema cannot tell: the C compiler then
// reports the generated fold).
const char *reductionTypeProblem(const Reduction &R, std::string *Type) {
  const ValueKind K = lookupValueKind(R.Var, Type);
  const bool Bitwise = R.Op == "&" || R.Op == "|" || R.Op == "^";
  const bool Ordered = R.Op == "max" || R.Op == "min";
  if (K == ValueKind::Other)
    return Bitwise ? "integer variables" : Ordered ? "integer or real variables"
                                                   : "arithmetic variables";
  if (Bitwise && (K == ValueKind::Real || K == ValueKind::Complex))
    return "integer variables";
  if (Ordered && K == ValueKind::Complex)
    return "integer or real variables";
  return nullptr;
}

void BodyScanner::checkOuterStores() {
  std::set<std::string> Reported; // and the reduction variables
  for (const Reduction &R : D.Reductions) {
    NameKind K = lookupName(R.Var);
    if (Declared.count(R.Spelling) ||
        (K != NameKind::Variable && K != NameKind::Unknown)) {
      report(DE, R.Var.getLocation(), Diag::ReductionNotOuterVariable)
          << R.Spelling;
      Ok = false;
    } else if (std::string Type; const char *Takes =
                                      reductionTypeProblem(R, &Type)) {
      report(DE, R.Var.getLocation(), Diag::ReductionBadType)
          << R.Spelling << Type << R.Op << Takes;
      Ok = false;
    }
    Reported.insert(R.Spelling);
  }
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (T.isNot(tok::identifier) ||
        (I && Body[I - 1].isOneOf(tok::period, tok::arrow)))
      continue;
    std::string S = spell(T);
    if (S == Outer.VarName || Declared.count(S) || arrayIndex(S) >= 0 ||
        Reported.count(S))
      continue;
    size_t E = lvalueEnd(I);
    // `f(&x)`, `p = &x.m`: whatever receives the address may store
    // through it, into the device's or thread's copy of x.
    const bool Element = E < Body.size() && Body[E].is(tok::l_square);
    if (prefixAt(I, tok::amp) && !Element &&
        lookupName(T) == NameKind::Variable &&
        !constPointerArgument(I - 1, E)) {
      Reported.insert(S);
      report(DE, Body[I - 1].getLocation(), Diag::AddressOfOuterVariable)
          << S;
      Ok = false;
      continue;
    }
    // `*p = v` stores through p, `p = v` into it: both outlive the
    // iteration. (A read `x = *p` has no operand before its '*'.)
    bool Deref = prefixAt(I, tok::star);
    if (!storedAt(Deref ? I - 1 : I, E) ||
        lookupName(T) != NameKind::Variable)
      continue;
    Reported.insert(S);
    bool ForHeader = !Deref && I >= 2 && Body[I - 1].is(tok::l_paren) &&
                     Body[I - 2].is(tok::kw_for);
    report(DE, T.getLocation(),
           ForHeader ? Diag::InnerLoopVariableOutside
                     : Deref ? Diag::StoreThroughOuterPointer
                             : Diag::OuterVariableAssigned)
        << S;
    Ok = false;
  }
}

bool BodyScanner::run(BodyAccesses &Out) {
  SourceLocation At;
  if (assignsIn(Outer.VarName, 0, Body.size(), &At)) {
    report(DE, At, Diag::LoopVariableAssigned) << Outer.VarName;
    return false;
  }
  collectLoopsAndNames();
  checkOuterStores();
  std::vector<bool> Used(D.Arrays.size(), false);
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (T.isAnnotation() || T.is(tok::hash)) {
      report(DE, T.getLocation(), Diag::PragmaInBody);
      return false;
    }
    if (T.is(tok::arrow)) {
      report(DE, T.getLocation(), Diag::PointerInBody);
      Ok = false;
      continue;
    }
    if (T.isNot(tok::identifier))
      continue;
    if (I && Body[I - 1].isOneOf(tok::period, tok::arrow))
      continue; // a member name
    std::string S = spell(T);
    bool Subscripted = I + 1 < Body.size() && Body[I + 1].is(tok::l_square);
    int A = arrayIndex(S);
    if (A < 0) {
      if (Subscripted && !Declared.count(S)) {
        report(DE, T.getLocation(), Diag::ArrayNotInRegion) << S;
        Ok = false;
      }
      continue;
    }
    Used[A] = true;
    if (!Subscripted) {
      report(DE, T.getLocation(), Diag::ArrayWithoutSubscript) << S;
      Ok = false;
      continue;
    }
    if (prefixAt(I, tok::amp)) {
      report(DE, Body[I - 1].getLocation(), Diag::AddressOfElement) << S;
      Ok = false;
      continue;
    }
    size_t Close = matchingClose(Body, I + 1);
    if (Close >= Body.size())
      continue; // unbalanced: the parser will report it
    const Token *After = Close + 1 < Body.size() ? &Body[Close + 1] : nullptr;
    if (After && After->is(tok::l_square)) {
      report(DE, T.getLocation(), Diag::MultiSubscript) << S;
      Ok = false;
      continue;
    }
    bool Store = storedAt(I, Close + 1);
    // A compound store (+=, ++) also loads: the runtime treats every store
    // range as needed before the loop, so it is not listed as a read.
    analyseAccess(A, I, Close, Store, Out);
  }
  applyReadsClause(Out);
  for (size_t A = 0; A < D.Arrays.size(); ++A)
    if (!Used[A])
      report(DE, D.Arrays[A].Name.getLocation(), Diag::RegionArrayUnused)
          << D.Arrays[A].Spelling;
  return Ok;
}

} // namespace

bool scanBody(Preprocessor &PP, const Directive &D, const CanonicalLoop &Outer,
              const Tokens &Body, BodyAccesses &Out) {
  BodyScanner S(PP, D, Outer, Body);
  return S.run(Out);
}

} // namespace proact
