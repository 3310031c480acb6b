#include "body_scan.h"
#include "diagnostics.h"
#include "name_lookup.h"
#include "clang/Basic/OperatorPrecedence.h"

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
  // The array reduction of Name, nullptr when Name is not one.
  const Reduction *arrayReduction(const std::string &Name) const {
    for (const Reduction &R : D.Reductions)
      if (R.IsArray && R.Spelling == Name)
        return &R;
    return nullptr;
  }
  // Positions of the reduction arrays' names that are part of an update in
  // the operator's form (markReductionUpdates); any other use is an error.
  std::set<size_t> ReductionUpdates;
  void markReductionUpdates();
  // Whether Body[A, A + N) and Body[B, B + N) are spelled the same.
  bool sameTokens(size_t A, size_t B, size_t N) const;
  // The end of the expression that starts at B: the first ';' or ',' at
  // its depth, or the bracket that closes around it.
  size_t expressionEnd(size_t B) const;
  // Whether `h[idx] = h[idx] Op <Body[B, E)>` means h[idx] Op= (...): no
  // operator of E's top level binds less tightly than Op.
  bool operandBindsTighter(size_t B, size_t E, const Token &Op) const;
  // Whether the store to a region array named at I (subscript closing at
  // Close) reads the element it stores: op=, ++, --, or `a[x] = ... a[x]`.
  bool readModifyWrite(size_t I, size_t Close) const;
  // The reduction(...) operator that fits that update, for the fix-it note.
  std::string updateOperator(size_t I, size_t Close) const;
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
                     BodyAccesses &Out, bool Rmw = false);
};

bool BodyScanner::sameTokens(size_t A, size_t B, size_t N) const {
  if (A + N > Body.size() || B + N > Body.size())
    return false;
  for (size_t K = 0; K < N; ++K)
    if (spelling(PP, Body[A + K]) != spelling(PP, Body[B + K]))
      return false;
  return true;
}

size_t BodyScanner::expressionEnd(size_t B) const {
  int Depth = 0;
  size_t K = B;
  for (; K < Body.size(); ++K) {
    Depth += bracketDelta(Body[K]);
    if (Depth < 0 ||
        (Depth == 0 && Body[K].isOneOf(tok::semi, tok::comma)))
      break;
  }
  return K;
}

bool BodyScanner::operandBindsTighter(size_t B, size_t E,
                                      const Token &Op) const {
  const prec::Level Level = getBinOpPrecedence(Op.getKind(), true, false);
  int Depth = 0;
  for (size_t K = B; K < E; ++K) {
    const Token &T = Body[K];
    if (Depth == 0 && T.is(tok::question))
      return false;
    // A binary operator follows an operand; anything else is unary.
    const bool Binary =
        Depth == 0 && K > B &&
        Body[K - 1].isOneOf(tok::identifier, tok::numeric_constant,
                            tok::r_paren, tok::r_square, tok::char_constant);
    const prec::Level L =
        Binary ? getBinOpPrecedence(T.getKind(), true, false) : prec::Unknown;
    // The same associative operator (and - after +) may repeat.
    if (L != prec::Unknown && L <= Level &&
        !(L == Level && (T.getKind() == Op.getKind() ||
                         (Op.is(tok::plus) && T.is(tok::minus)))))
      return false;
    Depth += bracketDelta(T);
  }
  return true;
}

void BodyScanner::markReductionUpdates() {
  // The update token of each operator: h[x] op= e, h[x] = h[x] op e.
  auto compoundOf = [](const std::string &Op, const Token &T) {
    return (Op == "+" && T.isOneOf(tok::plusequal, tok::minusequal)) ||
           (Op == "*" && T.is(tok::starequal)) ||
           (Op == "&" && T.is(tok::ampequal)) ||
           (Op == "|" && T.is(tok::pipeequal)) ||
           (Op == "^" && T.is(tok::caretequal));
  };
  auto binaryOf = [](const std::string &Op, const Token &T) {
    return (Op == "+" && T.isOneOf(tok::plus, tok::minus)) ||
           (Op == "*" && T.is(tok::star)) || (Op == "&" && T.is(tok::amp)) ||
           (Op == "|" && T.is(tok::pipe)) ||
           (Op == "^" && T.is(tok::caret)) ||
           (Op == "&&" && T.is(tok::ampamp)) ||
           (Op == "||" && T.is(tok::pipepipe));
  };
  // Whether Body[I] names reduction array R with a subscript: *Close is
  // its ']'.
  auto elementAt = [&](size_t I, const Reduction *&R, size_t *Close) {
    if (I + 1 >= Body.size() || Body[I].isNot(tok::identifier) ||
        Body[I + 1].isNot(tok::l_square) ||
        (I && Body[I - 1].isOneOf(tok::period, tok::arrow)))
      return false;
    R = arrayReduction(spell(Body[I]));
    *Close = matchingClose(Body, I + 1);
    return R != nullptr && *Close < Body.size();
  };
  // An update is a whole statement: its value would be the thread's
  // partial one (`x = h[k]++`).
  auto startsStatement = [&](size_t I) {
    return I == 0 || Body[I - 1].isOneOf(tok::semi, tok::l_brace,
                                         tok::r_brace, tok::r_paren,
                                         tok::kw_else);
  };
  auto endsStatement = [&](size_t E) {
    return E < Body.size() && Body[E].is(tok::semi);
  };
  for (size_t I = 0; I < Body.size(); ++I) {
    const Reduction *R;
    size_t Close;
    if (!elementAt(I, R, &Close))
      continue;
    const Token *After = Close + 1 < Body.size() ? &Body[Close + 1] : nullptr;
    const bool Prefix =
        I && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus);
    const bool Postfix =
        After && After->isOneOf(tok::plusplus, tok::minusminus);
    if (R->Op == "+" && Prefix && startsStatement(I - 1) &&
        endsStatement(Close + 1)) {
      ReductionUpdates.insert(I);
      continue;
    }
    if (!startsStatement(I))
      continue;
    if ((R->Op == "+" && Postfix && endsStatement(Close + 2)) ||
        (After && compoundOf(R->Op, *After) &&
         endsStatement(expressionEnd(Close + 2)))) {
      ReductionUpdates.insert(I);
      continue;
    }
    if (!After || After->isNot(tok::equal))
      continue;
    // h[x] = h[x] op e
    const Reduction *R2;
    size_t Close2;
    const size_t J = Close + 2;
    if (elementAt(J, R2, &Close2) && R2 == R && Close2 - J == Close - I &&
        sameTokens(I, J, Close - I + 1) && Close2 + 1 < Body.size() &&
        binaryOf(R->Op, Body[Close2 + 1])) {
      const size_t E = expressionEnd(Close2 + 2);
      if (E > Close2 + 2 && endsStatement(E) &&
          operandBindsTighter(Close2 + 2, E, Body[Close2 + 1])) {
        ReductionUpdates.insert(I);
        ReductionUpdates.insert(J);
      }
    }
  }
  // max / min: if (e > h[x]) h[x] = e; and the other spellings of it.
  for (size_t K = 0; K + 1 < Body.size(); ++K) {
    if (Body[K].isNot(tok::kw_if) || Body[K + 1].isNot(tok::l_paren))
      continue;
    const size_t P = matchingClose(Body, K + 1);
    const Reduction *R;
    size_t Close;
    if (P >= Body.size() || !elementAt(P + 1, R, &Close) ||
        (R->Op != "max" && R->Op != "min") || Close + 1 >= Body.size() ||
        Body[Close + 1].isNot(tok::equal))
      continue;
    const size_t XB = Close + 2, XE = expressionEnd(XB);
    if (XE >= Body.size() || Body[XE].isNot(tok::semi) || XE == XB)
      continue;
    // The condition's one comparison at its top level.
    size_t Cmp = 0;
    int Depth = 0, Count = 0;
    for (size_t C = K + 2; C < P; ++C) {
      Depth += bracketDelta(Body[C]);
      if (Depth == 0 && Body[C].isOneOf(tok::less, tok::lessequal,
                                        tok::greater, tok::greaterequal)) {
        Cmp = C;
        ++Count;
      }
    }
    if (Count != 1)
      continue;
    const size_t N = Close - (P + 1) + 1; // tokens of h[x]
    const bool Greater = Body[Cmp].isOneOf(tok::greater, tok::greaterequal);
    size_t ElementAt;
    bool NewIsGreater; // the condition holds when e is above h[x]
    if (Cmp - (K + 2) == XE - XB && sameTokens(K + 2, XB, XE - XB) &&
        P - (Cmp + 1) == N && sameTokens(Cmp + 1, P + 1, N)) {
      ElementAt = Cmp + 1; // e cmp h[x]
      NewIsGreater = Greater;
    } else if (Cmp - (K + 2) == N && sameTokens(K + 2, P + 1, N) &&
               P - (Cmp + 1) == XE - XB && sameTokens(Cmp + 1, XB, XE - XB)) {
      ElementAt = K + 2; // h[x] cmp e
      NewIsGreater = !Greater;
    } else {
      continue;
    }
    if (NewIsGreater != (R->Op == "max"))
      continue;
    ReductionUpdates.insert(ElementAt);
    ReductionUpdates.insert(P + 1);
  }
}

bool BodyScanner::readModifyWrite(size_t I, size_t Close) const {
  if (storedAt(I, Close + 1) && !(Close + 1 < Body.size() &&
                                  Body[Close + 1].is(tok::equal)))
    return true; // op=, ++, --
  if (Close + 1 >= Body.size() || Body[Close + 1].isNot(tok::equal))
    return false;
  const size_t E = expressionEnd(Close + 2), N = Close - I + 1;
  for (size_t K = Close + 2; K + N <= E; ++K)
    if (sameTokens(I, K, N) &&
        !(K && Body[K - 1].isOneOf(tok::period, tok::arrow)))
      return true;
  return false;
}

std::string BodyScanner::updateOperator(size_t I, size_t Close) const {
  const Token *After = Close + 1 < Body.size() ? &Body[Close + 1] : nullptr;
  if (After == nullptr)
    return "+";
  if (After->is(tok::starequal))
    return "*";
  if (After->is(tok::ampequal))
    return "&";
  if (After->is(tok::pipeequal))
    return "|";
  if (After->is(tok::caretequal))
    return "^";
  const size_t N = Close - I + 1;
  if (After->is(tok::equal) && sameTokens(I, Close + 2, N) &&
      Close + 2 + N < Body.size()) {
    const Token &Op = Body[Close + 2 + N];
    if (Op.is(tok::star))
      return "*";
    if (Op.isOneOf(tok::amp, tok::pipe, tok::caret, tok::ampamp,
                   tok::pipepipe))
      return spelling(PP, Op);
  }
  return "+";
}

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
                                bool Store, BodyAccesses &Out, bool Rmw) {
  const Section &Sec = D.Arrays[Array];
  Tokens Index(Body.begin() + NameAt + 2, Body.begin() + Close);
  Access W;
  W.Array = Array;
  W.At = Body[NameAt];
  W.Guarded = guardedAt(NameAt);
  auto Unanalysable = [&](SourceLocation Where, const std::string &Why) {
    if (Store && Rmw) {
      // Two iterations may update one element, each on its own thread.
      report(DE, Where, Diag::RacingUpdate)
          << Sec.Spelling << Outer.VarName << Why;
      std::string Text = Sec.Spelling + "[";
      for (const Token &T : Sec.Lo)
        Text += spell(T);
      Text += ":";
      for (const Token &T : Sec.Len)
        Text += spell(T);
      report(DE, D.Loc, Diag::RacingUpdateFix)
          << updateOperator(NameAt, Close) << Text + "]";
      Ok = false;
      return;
    }
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

// The same for an array reduction's elements.
const char *arrayReductionTypeProblem(const Reduction &R, std::string *Type) {
  const ValueKind K = lookupElementKind(R.Var, Type);
  const bool Bitwise = R.Op == "&" || R.Op == "|" || R.Op == "^";
  const bool Ordered = R.Op == "max" || R.Op == "min";
  if (K == ValueKind::Other || (Bitwise && K == ValueKind::Real) ||
      K == ValueKind::Complex)
    return Bitwise   ? "arrays of integers"
           : Ordered ? "arrays of integers or reals"
                     : "arrays of integers or reals (not complex)";
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
                                      R.IsArray
                                          ? arrayReductionTypeProblem(R, &Type)
                                          : reductionTypeProblem(R, &Type)) {
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
  markReductionUpdates();
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
    if (const Reduction *R = A < 0 ? arrayReduction(S) : nullptr) {
      if (ReductionUpdates.count(I))
        continue;
      const bool Store = Subscripted && storedAt(I, matchingClose(Body, I + 1) + 1);
      const char *Forms =
          R->Op == "max" || R->Op == "min"
              ? "'if (e > h[x]) h[x] = e;' (for max; < for min)"
          : R->Op == "+" ? "'h[x] += e', 'h[x] = h[x] + e' or 'h[x]++'"
                         : "'h[x] op= e' or 'h[x] = h[x] op e'";
      report(DE, T.getLocation(), Diag::ReductionArrayMisuse)
          << S << R->Op << Forms
          << (!Subscripted ? "use of the array"
              : Store      ? "store"
                           : "read");
      Ok = false;
      continue;
    }
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
    analyseAccess(A, I, Close, Store, Out,
                  Store && readModifyWrite(I, Close));
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
