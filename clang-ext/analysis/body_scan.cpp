// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "body_scan.h"
#include "bounds.h"
#include "diagnostics.h"
#include "name_lookup.h"
#include "reduction_types.h"
#include <algorithm>
#include "clang/Basic/OperatorPrecedence.h"

using namespace clang;

namespace proact {
namespace {

struct ScopedLoop {
  CanonicalLoop Loop;
  size_t Begin, End; // token range of the whole inner 'for' statement
};

// A scalar declared in the body, `long c = i * n + j;`: an index naming it
// is analysed with its initializer in its place, when nothing assigns it
// afterwards (its value is then the initializer's at every use).
struct LocalDecl {
  std::string Name;
  size_t At = 0;                 // the declarator's name
  size_t InitBegin = 0, InitEnd = 0; // the initializer; empty: none
  size_t ScopeEnd = 0;           // uses before this token see it
  bool Substitutable = false;    // an integer scalar, never assigned again
  bool InForHeader = false;      // `for (long j = 0; ...)`
  bool Scalar = false;           // not a pointer, an array or a function
  bool Narrow = false;           // an integer type narrower than int: its
                                 // initializer's value may wrap
  bool Unsigned = false;         // unsigned, at least int's width
  // The initializer's form, analysed once where the declaration stands
  // (Failed: why it is not affine).
  bool Analysed = false, Failed = false;
  LinearForm Form;
  std::string Why;
  std::map<std::string, const ScopedLoop *> Loops; // its inner variables'
};


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
      : PP(PP), DE(PP.getDiagnostics()), D(D), Outer(O), Body(B) {
    for (const Section &S : D.Arrays)
      RegionNames.insert(S.Spelling);
  }

  bool run(BodyAccesses &Out);

private:
  // The member named at I (indexed, or used whole) of a variable from
  // before the loop: an error where it is a pointer.
  void checkPointerMember(size_t I, bool Indexed);
  // Finds the inner loops' variables declared before the loop
  // (PrivateVar), reporting those that cannot have a copy per thread.
  void findPrivateLoopVars(BodyAccesses &Out);
  // Whether the statement that starts at S is at the body's top level,
  // governed by no condition or loop of the body.
  bool topLevelStatement(size_t S) const;
  Preprocessor &PP;
  DiagnosticsEngine &DE;
  const Directive &D;
  const CanonicalLoop &Outer;
  const Tokens &Body;
  std::vector<ScopedLoop> Loops;
  std::set<std::string> Varying;  // assigned or declared in the body
  std::set<std::string> Declared; // declared in the body
  // Names the body changes where they mean the variable declared before
  // the loop (or whose locals' scopes are unknown).
  std::set<std::string> OuterVarying;
  // Declared names with a declaration whose scope is not known.
  std::set<std::string> ScopeUnknown;
  std::set<std::string> RegionNames; // the region arrays' spellings
  std::vector<LocalDecl> Locals;  // every declarator of the body, in order
  std::set<std::string> Private;  // findPrivateLoopVars' names (and those
                                  // it reported)
  size_t SpecEnd = 0; // end of the declaration specifiers being read
  // Why a declared name cannot stand for its initializer, and how to
  // write the index instead.
  std::map<std::string, std::string> WhyVarying;
  bool Ok = true;

  std::string spell(const Token &T) const { return spelling(PP, T); }
  int arrayIndex(const std::string &Name) const {
    for (size_t A = 0; A < D.Arrays.size(); ++A)
      if (D.Arrays[A].Spelling == Name)
        return (int)A;
    return -1;
  }
  // The array (or scalar) reduction of Name, nullptr when Name is not one.
  const Reduction *arrayReduction(const std::string &Name,
                                  bool Array = true) const {
    for (const Reduction &R : D.Reductions)
      if (R.IsArray == Array && R.Spelling == Name)
        return &R;
    return nullptr;
  }
  // Narrows Body[B, E) to what its enclosing parentheses hold.
  void dropParens(size_t &B, size_t &E) const {
    while (E > B + 1 && Body[B].is(tok::l_paren) &&
           matchingClose(Body, B) == E - 1) {
      ++B;
      --E;
    }
  }
  // Whether Body[B, E), its redundant parentheses dropped, is spelled as
  // Body[C, F) so dropped.
  bool sameOperand(size_t B, size_t E, size_t C, size_t F) const;
  // Whether `s = <Body[B, E)>` is a max / min update of s (Body[S]):
  // fmax(s, e) and its kin, or a conditional choosing s or e.
  bool maxMinUpdate(const Reduction &R, size_t S, size_t B, size_t E) const;
  // Positions of the reduction arrays' names that are part of an update in
  // the operator's form (markReductionUpdates); any other use is an error.
  std::set<size_t> ReductionUpdates;
  void markReductionUpdates();
  // Reduction variables whose clause was an error: their uses are not.
  std::set<std::string> BadReductions;
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
  // The reduction(...) operator that fits that update, for the fix-it note;
  // empty where the update accumulates nothing a reduction could take.
  std::string updateOperator(size_t I, size_t Close) const;
  void collectLoopsAndNames();
  // The closing ')' of a parenthesised type name at Open (a cast, or
  // sizeof's operand), else 0: its words declare nothing.
  size_t typeNameClose(size_t Open) const;
  // What an expression at Body[At] sees (analyseAffine's names): the
  // locals that stand for their forms there, and Base (the names that
  // change) without them. Filled in place: Names points into it.
  struct ScopeAt {
    std::map<std::string, LinearForm> Forms;
    std::map<std::string, std::string> Notes;
    std::set<std::string> Changing;
    AffineNames Names;
  };
  void scopeAt(size_t At, const std::set<std::string> &Base, ScopeAt &Out);
  // Whether a local named Name is in scope at token I.
  bool localAt(const std::string &Name, size_t I) const;
  // Whether the name Name at token I means one the body declares (not the
  // variable from before the loop); where a declaration's scope is not
  // known, any declaration counts.
  bool declaredAt(const std::string &Name, size_t I) const {
    return Declared.count(Name) &&
           (ScopeUnknown.count(Name) || localAt(Name, I));
  }
  // The '}' closing the members of a struct, union or enum defined at I
  // (`struct [tag] {`), else 0: the names there are no variables.
  size_t aggregateBodyEnd(size_t I) const {
    if (!Body[I].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum))
      return 0;
    size_t B = I + 1;
    if (B < Body.size() && Body[B].is(tok::identifier))
      ++B;
    if (B >= Body.size() || Body[B].isNot(tok::l_brace))
      return 0;
    const size_t Close = matchingClose(Body, B);
    return Close < Body.size() ? Close : 0;
  }
  // Whether the identifier at I is a struct, union or enum tag.
  bool tagAt(size_t I) const {
    return I && Body[I].is(tok::identifier) &&
           Body[I - 1].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum);
  }
  // Whether the address of the variable named at I is taken (`&x`,
  // `&(x)`, not of an element or a member of it; addressAt), or in
  // Body[B, E) that of the variable Name.
  bool addressTakenAt(size_t I) const;
  bool addressTakenIn(const std::string &Name, size_t B, size_t E) const;
  // Records the declarator named at I (declaration specifiers from
  // DeclStart; Open: the innermost bracket open there).
  void recordLocal(size_t I, size_t DeclStart, size_t Open);
  // Whether the declaration specifiers Body[B, E) name an integer type.
  bool integerSpecifiers(size_t B, size_t E) const;
  // Decides which recorded locals may stand for their initializer.
  void classifyLocals();
  // Visible loops at token I: the canonical inner loops enclosing it, by
  // variable (the innermost for a reused name).
  std::map<std::string, const ScopedLoop *> enclosingLoops(size_t I) const;
  // The locals visible at token I that stand for their initializer, and
  // their forms; WhyNot gets the reasons of those that cannot.
  void visibleLocals(size_t I, std::map<std::string, LinearForm> &Forms,
                     std::map<std::string, std::string> &WhyNot);
  void analyseLocal(LocalDecl &L);
  // Whether tokens [B, E) of the body assign Name (=, op=, ++, --).
  bool assignsIn(const std::string &Name, size_t B, size_t E,
                 SourceLocation *At = nullptr);
  // The token that stores the operand Body[B, E): an assignment operator,
  // ++ or -- right after it, or ++ / -- right before it, also through
  // parentheses around it ('(a[i]) = v', '++(a[i])', '(p[i]).x = v', as
  // an accessor macro writes them); Body.size(): none.
  size_t storeOpAt(size_t B, size_t E) const {
    for (;;) {
      if (E < Body.size() && (isAssignOp(Body[E]) ||
                              Body[E].isOneOf(tok::plusplus, tok::minusminus)))
        return E;
      if (B && Body[B - 1].isOneOf(tok::plusplus, tok::minusminus))
        return B - 1;
      if (!(B && E < Body.size() && Body[B - 1].is(tok::l_paren) &&
            Body[E].is(tok::r_paren) && matchingClose(Body, B - 1) == E) ||
          !groupingParen(B - 1))
        return Body.size();
      --B;
      ++E;
      while (E + 1 < Body.size() && Body[E].isOneOf(tok::period, tok::arrow) &&
             Body[E + 1].is(tok::identifier))
        E += 2;
    }
  }
  // Whether the '(' at Body[Open] only groups an expression: not a call's,
  // a cast's or a statement's parentheses ('f(x)', '(T)(x)', 'if (x)'),
  // though it may follow a statement's header ('if (c) (a[i]) = v').
  bool groupingParen(size_t Open) const {
    if (Open == 0)
      return true;
    const Token &P = Body[Open - 1];
    if (P.is(tok::r_paren)) {
      const size_t K = openOf(Open - 1);
      return K < Body.size() && K &&
             Body[K - 1].isOneOf(tok::kw_if, tok::kw_while, tok::kw_for,
                                 tok::kw_switch);
    }
    if (P.isOneOf(tok::identifier, tok::r_square))
      return false;
    return !P.isOneOf(tok::kw_if, tok::kw_while, tok::kw_switch, tok::kw_for,
                      tok::kw_sizeof, tok::kw_typeof, tok::kw_alignof,
                      tok::kw__Alignof, tok::kw__Generic) &&
           !P.isOneOf(tok::kw___attribute, tok::kw__Static_assert,
                      tok::kw_typeof_unqual);
  }
  bool storedAt(size_t B, size_t E) const {
    return storeOpAt(B, E) < Body.size();
  }
  // Whether Body[I - 1] is the prefix operator K (`*p`, `&x`): nothing
  // that ends an operand stands before it, so it is not a binary * or &.
  bool prefixAt(size_t I, tok::TokenKind K) const {
    return I && Body[I - 1].is(K) && !followsOperand(Body, I - 1);
  }
  // The unary '&' that takes the address of the operand starting at I,
  // also through parentheses around it ('&(x)') and after a cast
  // ('(double *)&x'); Body.size(): none. prefixAt alone takes a '&' after
  // any ')' for the binary one.
  size_t addressAt(size_t I) const {
    size_t K = I;
    while (K && Body[K - 1].is(tok::l_paren) &&
           (K < 2 || !Body[K - 2].isOneOf(tok::identifier, tok::r_square)))
      --K; // '&(x)', not 'f(x)'
    if (K == 0 || Body[K - 1].isNot(tok::amp))
      return Body.size();
    const size_t A = K - 1;
    if (A == 0 || prefixAt(K, tok::amp))
      return A;
    return Body[A - 1].is(tok::r_paren) && castCloses(A - 1) ? A
                                                             : Body.size();
  }
  // Whether token I is under sizeof, typeof or alignof, which evaluate
  // nothing, or starts _Generic's controlling expression.
  bool unevaluatedAt(size_t I) const {
    size_t K = I;
    while (K && Body[K - 1].isOneOf(tok::l_paren, tok::star))
      --K;
    // (_Generic's first operand, its controlling expression, is never
    // evaluated.)
    return K && Body[K - 1].isOneOf(tok::kw_sizeof, tok::kw_typeof,
                                    tok::kw_alignof, tok::kw__Alignof,
                                    tok::kw___alignof, tok::kw__Generic);
  }
  // The '(' that the ')' at R closes; Body.size(): none.
  size_t openOf(size_t R) const {
    long Depth = 0;
    for (size_t L = R + 1; L-- > 0;) {
      Depth += Body[L].is(tok::r_paren) - Body[L].is(tok::l_paren);
      if (Depth == 0)
        return L;
    }
    return Body.size();
  }
  // Whether the ')' at R closes a cast, '(T *)': a type name inside.
  bool castCloses(size_t R) const {
    const size_t L = openOf(R);
    if (L >= Body.size() || L + 1 >= R)
      return false;
    bool Type = false;
    for (size_t K = L + 1; K < R; ++K) {
      const Token &T = Body[K];
      if (T.isOneOf(tok::star, tok::kw_const, tok::kw_volatile,
                    tok::kw_restrict))
        continue;
      if (T.isOneOf(tok::kw_void, tok::kw_char, tok::kw_short, tok::kw_int,
                    tok::kw_long, tok::kw_float, tok::kw_double,
                    tok::kw_signed, tok::kw_unsigned, tok::kw__Bool,
                    tok::kw_struct, tok::kw_union, tok::kw_enum) ||
          (T.is(tok::identifier) &&
           (lookupName(T) == NameKind::Type ||
            (K > L + 1 && Body[K - 1].isOneOf(tok::kw_struct, tok::kw_union,
                                              tok::kw_enum))))) {
        Type = true;
        continue;
      }
      return false;
    }
    return Type;
  }
  // Whether identifier I is what a unary '*' reads or writes through: '*p'
  // or '*(p + k)', outside sizeof and typeof, which read nothing. A store
  // '*p = v' has its own error (checkOuterStores); '*(p + k) = v' has
  // this one.
  bool dereferencedAt(size_t I) const {
    size_t Star;
    if (prefixAt(I, tok::star)) {
      Star = I - 1;
      if (storedAt(Star, I + 1))
        return false;
    } else if (I >= 2 && Body[I - 1].is(tok::l_paren) &&
               prefixAt(I - 1, tok::star)) {
      Star = I - 2;
    } else {
      return false;
    }
    return !unevaluatedAt(Star);
  }
  // Whether identifier I is a pointer or array variable declared before
  // the loop, used whole (passed to a function, assigned to a local,
  // offset): what the body reaches through it no copy follows. sizeof and
  // typeof read nothing; a call through a function pointer, '->', '*p'
  // and a reduction's variable have errors of their own.
  bool outerPointerAt(size_t I) const {
    if (lookupName(Body[I]) != NameKind::Variable ||
        lookupArrayShape(Body[I]).Rank < 1 ||
        (I + 1 < Body.size() &&
         Body[I + 1].isOneOf(tok::l_paren, tok::arrow, tok::period)) ||
        prefixAt(I, tok::star) ||
        (I >= 2 && Body[I - 1].is(tok::l_paren) && prefixAt(I - 1, tok::star)))
      return false;
    for (const Reduction &R : D.Reductions)
      if (R.Spelling == spell(Body[I]))
        return false; // reduction(...) says what is wrong with it
    // Only tested: `p != 0`, `p == q`, `!p`, `if (p)`, `p ? x : y`,
    // `p && ...` read the pointer's value, not what it points to.
    const bool Next = I + 1 < Body.size();
    if ((Next && Body[I + 1].isOneOf(tok::exclaimequal, tok::equalequal,
                                      tok::ampamp, tok::pipepipe,
                                      tok::question)) ||
        (I && Body[I - 1].isOneOf(tok::exclaimequal, tok::equalequal,
                                  tok::exclaim, tok::ampamp,
                                  tok::pipepipe)) ||
        (I >= 2 && Next && Body[I - 1].is(tok::l_paren) &&
         Body[I - 2].isOneOf(tok::kw_if, tok::kw_while) &&
         Body[I + 1].is(tok::r_paren)))
      return false;
    return !unevaluatedAt(I);
  }
  // Whether the operand Body[B, E) is a whole argument of a call to a
  // function whose parameter there points to const (Sema says).
  bool constPointerArgument(size_t B, size_t E) const;
  void applyReadsClause(BodyAccesses &Out);
  // Whether a condition or jump of the body comes before token I: an access
  // there may not run at every iteration (`i > 0 ? a[i - 1] : 0`), so the
  // runtime does not check it against the sections.
  bool guardedAt(size_t I) const;
  // Whether the store at I may not run at every iteration of the loops
  // around it: a statement governs it (if, else, while, do, switch, a for
  // that is no canonical inner loop), a ?:, && or || comes before it in its
  // own statement, or a jump (return, break, continue, goto) anywhere
  // before it. Finer than guardedAt, which also counts conditions of
  // earlier, complete statements: a store after `d = x > y ? x : y;` runs.
  bool storeConditionalAt(size_t I) const;
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
  // Bounds on the index F of the store at NameAt from the `if`s whose
  // then-branch holds it: each comparison of a top-level && chain that
  // compares a form with F's coefficients to an invariant bounds F.
  // Changing: the names that change in the loop, before the store's
  // visible locals stand for their forms (each `if` has its own).
  void guardBounds(size_t NameAt, const LinearForm &F,
                   const std::set<std::string> &Vars,
                   const std::set<std::string> &Changing, Access &W);
};

void BodyScanner::guardBounds(size_t NameAt, const LinearForm &F,
                              const std::set<std::string> &Vars,
                              const std::set<std::string> &Changing,
                              Access &W) {
  auto SameCoefs = [&](const LinearForm &G) {
    if (G.Coef.size() != F.Coef.size())
      return false;
    for (const auto &KV : G.Coef) {
      auto It = F.Coef.find(KV.first);
      if (It == F.Coef.end() || !sameCoef(PP, It->second, KV.second))
        return false;
    }
    return true;
  };
  auto Tighten = [](Code &Bound, const Code &V, bool Upper) {
    Bound = Bound.empty() ? V
                          : Code(Upper ? "proact__min(" : "proact__max(")
                                .add(Bound)
                                .add(", ")
                                .add(V)
                                .add(")");
  };
  const auto AtStore = enclosingLoops(NameAt);
  for (size_t K = 0; K + 1 < NameAt; ++K) {
    if (Body[K].isNot(tok::kw_if) || Body[K + 1].isNot(tok::l_paren))
      continue;
    const size_t C = matchingClose(Body, K + 1);
    if (C >= NameAt || NameAt >= statementEnd(Body, C + 1))
      continue; // not in its then-branch
    bool Entered = false; // by a switch's label inside the branch
    for (size_t X = C + 1; X < NameAt; ++X)
      Entered |= Body[X].isOneOf(tok::kw_case, tok::kw_default);
    if (Entered)
      continue;
    const auto AtIf = enclosingLoops(K);
    // The condition's names as the `if` sees them: a local the branch
    // declares is not yet in scope there.
    ScopeAt AtTest;
    scopeAt(K, Changing, AtTest);
    const std::set<std::string> &IfChanging = AtTest.Changing;
    const AffineNames &Names = AtTest.Names;
    // The && chain's comparisons at the condition's top level.
    for (size_t B = K + 2; B < C;) {
      size_t E = B, Op = 0;
      bool Other = false;
      for (int Depth = 0; E < C; ++E) {
        Depth += bracketDelta(Body[E]);
        if (Depth != 0)
          continue;
        if (Body[E].is(tok::ampamp))
          break;
        if (Body[E].isOneOf(tok::less, tok::lessequal, tok::greater,
                            tok::greaterequal))
          Other |= Op != 0, Op = E;
        else if (Body[E].isOneOf(tok::pipepipe, tok::question,
                                 tok::equalequal, tok::exclaimequal,
                                 tok::exclaim, tok::comma))
          Other = true;
      }
      const size_t Next = E + 1;
      // A cast or a local of a narrow type may wrap the value the
      // condition tests, and an unsigned operand makes the comparison
      // unsigned (i > 10u holds for i = -5), where the forms below would
      // not: such a condition bounds nothing. An unsigned loop or local
      // variable wraps only through a subtraction.
      bool Minus = false;
      for (size_t X = B; X < E; ++X)
        Minus |= Body[X].is(tok::minus);
      // No digit of any base is a u: one in a literal is its suffix.
      auto UnsignedLiteral = [&](const Token &T) {
        return T.is(tok::numeric_constant) &&
               spell(T).find_first_of("uU") != std::string::npos;
      };
      for (size_t X = B; X < E && !Other; ++X) {
        const Token &T = Body[X];
        if (T.is(tok::l_paren) && typeNameClose(X) != 0) {
          Other = true;
        } else if (T.is(tok::kw_sizeof) || UnsignedLiteral(T)) {
          Other = true;
        } else if (T.is(tok::identifier) && X + 1 < E &&
                   Body[X + 1].isOneOf(tok::period, tok::arrow,
                                       tok::l_square, tok::l_paren)) {
          // A member, an element or a call: its type as declared (one of
          // the body's own names is not looked up).
          size_t End = X + 1;
          if (Declared.count(spell(T)) ||
              lookupPostfixUnsigned(Body, X, &End) != 0 || End > E)
            Other = true;
          else
            X = End - 1;
        } else if (T.is(tok::identifier)) {
          const std::string S = spell(T);
          bool Local = false;
          for (const LocalDecl &L : Locals)
            if (L.Name == S && L.At < X && X < L.ScopeEnd) {
              Local = true;
              Other |= L.Narrow || (L.Unsigned && Minus);
            }
          if (S == Outer.VarName) {
            bool U = false;
            for (const Token &Ty : Outer.Type)
              U |= Ty.is(tok::kw_unsigned) ||
                   (Ty.is(tok::identifier) && lookupIntegerUnsigned(Ty));
            Other |= U && Minus;
          } else if (!Local && lookupIntegerUnsigned(T)) {
            Other = true;
          }
        }
      }
      if (Op == 0 || Other) {
        B = Next;
        continue;
      }
      Tokens Lt(Body.begin() + B, Body.begin() + Op),
          Rt(Body.begin() + Op + 1, Body.begin() + E);
      LinearForm L, R;
      std::string Why;
      SourceLocation Where;
      if (!analyseAffine(PP, Lt, Vars, IfChanging, L, Why, Where, Names) ||
          !analyseAffine(PP, Rt, Vars, IfChanging, R, Why, Where, Names)) {
        B = Next;
        continue;
      }
      // `form op invariant`, or the other way round (op reversed).
      bool Less = Body[Op].isOneOf(tok::less, tok::lessequal);
      const bool Strict = Body[Op].isOneOf(tok::less, tok::greater);
      const LinearForm *Form = &L, *Inv = &R;
      if (L.Coef.empty() && !R.Coef.empty()) {
        std::swap(Form, Inv);
        Less = !Less;
      }
      // The condition speaks of the store's inner-loop variables only
      // inside their loops (a C89 `j` tested before its loop is another
      // value).
      bool Scoped = Inv->Coef.empty();
      for (const auto &KV : Form->Coef)
        Scoped &= KV.first == Outer.VarName ||
                  (AtIf.count(KV.first) && AtStore.count(KV.first) &&
                   AtIf.at(KV.first) == AtStore.at(KV.first));
      if (!Scoped) {
        B = Next;
        continue;
      }
      // Base - form's constant, and one more or less for < and >: the
      // bound of the value whose form is Base's.
      // A floating side bounds nothing: its integer conversion would cut
      // off the iteration the comparison lets through (i < 3.5).
      auto Bound = [&](const Code &Base) {
        return Code("(__builtin_classify_type((")
            .add(Inv->K)
            .add(") - (")
            .add(Form->K)
            .add(")) == 8 ? ")
            .add(Less ? "PROACT__LL_MAX" : "PROACT__LL_MIN")
            .add(" : proact__add(")
            .add(Base)
            .add(", -")
            .add(Code::asLongLong(Form->K))
            .add(Strict ? (Less ? " - 1LL))" : " + 1LL))") : "))");
      };
      // A loop's variable alone (coefficient 1): its range (for the
      // annotated loop's, a bound on the index: lowering.cpp).
      if (Form->Coef.size() == 1 &&
          sameCoef(PP, Form->Coef.begin()->second, Code("1"))) {
        auto &G = W.VarGuard[Form->Coef.begin()->first];
        Tighten(Less ? G.second : G.first, Bound(Code::asLongLong(Inv->K)),
                Less);
      }
      // index = form + (F.K - form.K), and form op invariant.
      if (SameCoefs(*Form))
        Tighten(Less ? W.GuardHi : W.GuardLo,
                Bound(Code("proact__add(")
                          .add(Code::asLongLong(Inv->K))
                          .add(", ")
                          .add(Code::asLongLong(F.K))
                          .add(")")),
                Less);
      B = Next;
    }
  }
}

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
    const bool Binary = Depth == 0 && K > B && followsOperand(Body, K);
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
  // Whether Body[I] names reduction array R with a subscript (*Close: its
  // ']'), or reduction scalar R (*Close: I).
  auto elementAt = [&](size_t I, const Reduction *&R, size_t *Close) {
    if (I >= Body.size() || Body[I].isNot(tok::identifier) ||
        (I && Body[I - 1].isOneOf(tok::period, tok::arrow)) ||
        Declared.count(spell(Body[I])))
      return false;
    const bool Subscripted =
        I + 1 < Body.size() && Body[I + 1].is(tok::l_square);
    R = arrayReduction(spell(Body[I]), Subscripted);
    *Close = Subscripted ? matchingClose(Body, I + 1) : I;
    return R != nullptr && *Close < Body.size();
  };
  // An update is a whole statement: its value would be the thread's
  // partial one (`x = h[k]++`).
  // A ')' only where it closes an if, for, while or switch head (a cast's
  // would make `(double)c++` a statement); a ':' only after a case or
  // default label.
  auto startsStatement = [&](size_t I) {
    if (I == 0 || Body[I - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace,
                                      tok::kw_else, tok::kw_do))
      return true;
    const Token &P = Body[I - 1];
    if (P.is(tok::r_paren)) {
      for (size_t O = 0; O + 1 < I; ++O)
        if (Body[O].is(tok::l_paren) && matchingClose(Body, O) == I - 1)
          return O > 0 && Body[O - 1].isOneOf(tok::kw_if, tok::kw_for,
                                              tok::kw_while, tok::kw_switch);
      return false;
    }
    if (P.is(tok::colon)) {
      size_t K = I - 1;
      int Depth = 0;
      while (K > 0) {
        const Token &T = Body[K - 1];
        Depth += bracketDelta(T);
        if (Depth > 0 ||
            (Depth == 0 && T.isOneOf(tok::semi, tok::l_brace, tok::r_brace)))
          break;
        --K;
      }
      return Body[K].isOneOf(tok::kw_case, tok::kw_default);
    }
    return false;
  };
  auto endsStatement = [&](size_t E) {
    return E < Body.size() && Body[E].is(tok::semi);
  };
  for (size_t I = 0; I < Body.size(); ++I) {
    const Reduction *R;
    size_t Close;
    // (h[x]) op= e and (s)++: the parentheses change nothing.
    if (Body[I].is(tok::l_paren) && startsStatement(I)) {
      size_t J = I, K = 0;
      while (J < Body.size() && Body[J].is(tok::l_paren))
        ++J, ++K;
      size_t End = 0;
      if (elementAt(J, R, &Close) && Close + K + 1 < Body.size()) {
        End = Close + 1;
        for (size_t P = 0; P < K && End; ++P, ++End)
          if (Body[End].isNot(tok::r_paren) ||
              matchingClose(Body, J - 1 - P) != End)
            End = 0;
      }
      if (End > 0 && End < Body.size()) {
        const Token &Op = Body[End];
        if ((R->Op == "+" && Op.isOneOf(tok::plusplus, tok::minusminus) &&
             endsStatement(End + 1)) ||
            (compoundOf(R->Op, Op) && endsStatement(expressionEnd(End + 1))))
          ReductionUpdates.insert(J);
      }
      continue;
    }
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
    const size_t J = Close + 2;
    if (!R->IsArray) {
      size_t E = expressionEnd(J);
      // s = (s op e): the parentheses change nothing.
      size_t JB = J, JE = E;
      dropParens(JB, JE);
      if (JB > J && endsStatement(E) && JE > JB + 2 &&
          Body[JB].is(tok::identifier) && spell(Body[JB]) == R->Spelling &&
          binaryOf(R->Op, Body[JB + 1]) &&
          operandBindsTighter(JB + 2, JE, Body[JB + 1])) {
        ReductionUpdates.insert(I);
        ReductionUpdates.insert(JB);
        continue;
      }
      // s = e op s (op commutative), s = fmax(s, e), s = s > e ? s : e
      if (endsStatement(E) && E > J + 2 && Body[E - 1].is(tok::identifier) &&
          spell(Body[E - 1]) == R->Spelling && binaryOf(R->Op, Body[E - 2]) &&
          Body[E - 2].isNot(tok::minus) &&
          operandBindsTighter(J, E - 2, Body[E - 2])) {
        ReductionUpdates.insert(I);
        ReductionUpdates.insert(E - 1);
        continue;
      }
      if (endsStatement(E) && maxMinUpdate(*R, I, J, E)) {
        for (size_t K = J; K < E; ++K)
          if (Body[K].is(tok::identifier) && spell(Body[K]) == R->Spelling)
            ReductionUpdates.insert(K);
        ReductionUpdates.insert(I);
        continue;
      }
    }
    // h[x] = h[x] op e
    const Reduction *R2;
    size_t Close2;
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
    // `if (c) { s = e; }` as `if (c) s = e;`
    const bool Braced = P + 1 < Body.size() && Body[P + 1].is(tok::l_brace);
    if (Braced) {
      const size_t Stmt = P + 2, End = matchingClose(Body, P + 1);
      const size_t Semi = expressionEnd(Stmt);
      if (End >= Body.size() || Semi + 1 != End)
        continue;
    }
    if (P >= Body.size() || !elementAt(P + 1 + Braced, R, &Close) ||
        (R->Op != "max" && R->Op != "min") || Close + 1 >= Body.size() ||
        Body[Close + 1].isNot(tok::equal))
      continue;
    const size_t XB = Close + 2, XE = expressionEnd(XB);
    if (XE >= Body.size() || Body[XE].isNot(tok::semi) || XE == XB)
      continue;
    // An else would run on the test of the thread's partial value.
    const size_t After = Braced ? matchingClose(Body, P + 1) + 1 : XE + 1;
    if (After < Body.size() && Body[After].is(tok::kw_else))
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
    const size_t H = P + 1 + Braced;     // h[x] stored
    const size_t N = Close - H + 1;      // tokens of h[x]
    const bool Greater = Body[Cmp].isOneOf(tok::greater, tok::greaterequal);
    size_t ElementAt;
    bool NewIsGreater; // the condition holds when e is above h[x]
    if (Cmp - (K + 2) == XE - XB && sameTokens(K + 2, XB, XE - XB) &&
        P - (Cmp + 1) == N && sameTokens(Cmp + 1, H, N)) {
      ElementAt = Cmp + 1; // e cmp h[x]
      NewIsGreater = Greater;
    } else if (Cmp - (K + 2) == N && sameTokens(K + 2, H, N) &&
               P - (Cmp + 1) == XE - XB && sameTokens(Cmp + 1, XB, XE - XB)) {
      ElementAt = K + 2; // h[x] cmp e
      NewIsGreater = !Greater;
    } else {
      continue;
    }
    if (NewIsGreater != (R->Op == "max"))
      continue;
    ReductionUpdates.insert(ElementAt);
    ReductionUpdates.insert(H);
  }
}

bool BodyScanner::sameOperand(size_t B, size_t E, size_t C, size_t F) const {
  dropParens(B, E);
  dropParens(C, F);
  return E > B && E - B == F - C && sameTokens(B, C, E - B);
}

bool BodyScanner::maxMinUpdate(const Reduction &R, size_t S, size_t B,
                               size_t E) const {
  if (R.Op != "max" && R.Op != "min")
    return false;
  const bool Max = R.Op == "max";
  dropParens(B, E);
  // (T)(s > e ? s : e): the choice converted back to s's type (a short s's
  // arms are compared and chosen as ints); the type check
  // (reduction_types.cpp) makes sure that the arms fit.
  if (const size_t Close = typeNameClose(B);
      Close != 0 && Close + 1 < E && Body[Close + 1].is(tok::l_paren) &&
      matchingClose(Body, Close + 1) == E - 1) {
    B = Close + 1;
    dropParens(B, E);
  }
  // fmax(s, e) / fmax(e, s), fmaxf, fmaxl (fmin... for min)
  if (E > B + 3 && Body[B].is(tok::identifier) &&
      Body[B + 1].is(tok::l_paren) && matchingClose(Body, B + 1) == E - 1) {
    const std::string F = spell(Body[B]);
    const std::string Want = Max ? "fmax" : "fmin";
    if (F != Want && F != Want + "f" && F != Want + "l")
      return false;
    size_t Comma = 0;
    int Depth = 0, Commas = 0;
    for (size_t K = B + 2; K < E - 1; ++K) {
      Depth += bracketDelta(Body[K]);
      if (Depth == 0 && Body[K].is(tok::comma))
        Comma = K, ++Commas;
    }
    if (Commas != 1)
      return false;
    const bool First = sameOperand(B + 2, Comma, S, S + 1);
    const bool Second = sameOperand(Comma + 1, E - 1, S, S + 1);
    if (First == Second)
      return false;
    const size_t OB = First ? Comma + 1 : B + 2, OE = First ? E - 1 : Comma;
    for (size_t K = OB; K < OE; ++K)
      if (Body[K].is(tok::identifier) && spell(Body[K]) == R.Spelling)
        return false;
    return true;
  }
  // a cmp b ? x : y, with {a, b} = {x, y} = {s, e}
  size_t Q = 0, Colon = 0, Cmp = 0;
  int Depth = 0;
  for (size_t K = B; K < E; ++K) {
    Depth += bracketDelta(Body[K]);
    if (Depth == 0 && Body[K].is(tok::question) && Q == 0)
      Q = K;
    else if (Depth == 0 && Body[K].is(tok::colon) && Q != 0 && Colon == 0)
      Colon = K;
  }
  if (Q == 0 || Colon == 0)
    return false;
  size_t CB = B, CE = Q; // the condition, its parentheses dropped
  dropParens(CB, CE);
  Depth = 0;
  for (size_t K = CB; K < CE; ++K) {
    Depth += bracketDelta(Body[K]);
    if (Depth == 0 && Body[K].isOneOf(tok::less, tok::lessequal,
                                      tok::greater, tok::greaterequal)) {
      if (Cmp != 0)
        return false;
      Cmp = K;
    }
  }
  if (Cmp == 0)
    return false;
  const bool SLeft = sameOperand(CB, Cmp, S, S + 1);
  const bool SRight = sameOperand(Cmp + 1, CE, S, S + 1);
  const bool SThen = sameOperand(Q + 1, Colon, S, S + 1);
  const bool SElse = sameOperand(Colon + 1, E, S, S + 1);
  if (SLeft == SRight || SThen == SElse)
    return false;
  // The other operand, the same on both sides.
  const size_t OB = SLeft ? Cmp + 1 : CB, OE = SLeft ? CE : Cmp;
  const size_t VB = SThen ? Colon + 1 : Q + 1, VE = SThen ? E : Colon;
  if (!sameOperand(OB, OE, VB, VE))
    return false;
  for (size_t K = OB; K < OE; ++K)
    if (Body[K].is(tok::identifier) && spell(Body[K]) == R.Spelling)
      return false;
  // The condition holds when the left side is the greater (> or >=).
  const bool LeftGreater = Body[Cmp].isOneOf(tok::greater, tok::greaterequal);
  // Chosen when true: the greater side when Then is the left's operand.
  const bool ThenIsLeft = SThen == SLeft;
  const bool PicksGreater = LeftGreater == ThenIsLeft;
  return PicksGreater == Max;
}

bool BodyScanner::readModifyWrite(size_t I, size_t Close) const {
  // The stored lvalue: the element, or a member of it (`a[k].m`).
  const size_t After = std::max(Close + 1, lvalueEnd(I));
  const size_t Op = storeOpAt(I, After);
  if (Op < Body.size() && Body[Op].isNot(tok::equal))
    return true; // op=, ++, --
  if (Op >= Body.size())
    return false;
  const size_t E = expressionEnd(Op + 1), N = After - I;
  for (size_t K = Op + 1; K + N <= E; ++K)
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
  if (After->isNot(tok::equal))
    return "+"; // +=, -=, ++, --
  // a[x] = a[x] op rest, the rest binding tighter than op: an update that
  // a reduction could take. Another right side (a[x] = a[x] * s + 1,
  // a[x] = a[x] < 1 ? 1 : a[x]) accumulates nothing: no operator.
  if (sameTokens(I, Close + 2, N) && Close + 3 + N < Body.size()) {
    const Token &Op = Body[Close + 2 + N];
    const size_t Rest = Close + 3 + N;
    if (!Op.isOneOf(tok::plus, tok::minus, tok::star, tok::amp, tok::pipe,
                    tok::caret, tok::ampamp, tok::pipepipe) ||
        !operandBindsTighter(Rest, expressionEnd(Rest), Op))
      return "";
    if (Op.isOneOf(tok::plus, tok::minus))
      return "+";
    return spelling(PP, Op);
  }
  return "";
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

bool BodyScanner::addressTakenAt(size_t I) const {
  return Body[I].is(tok::identifier) && addressAt(I) < Body.size() &&
         !(I + 1 < Body.size() &&
           Body[I + 1].isOneOf(tok::l_square, tok::period, tok::arrow));
}

bool BodyScanner::addressTakenIn(const std::string &Name, size_t B,
                                 size_t E) const {
  for (size_t I = B; I < E && I < Body.size(); ++I)
    if (Body[I].is(tok::identifier) && spell(Body[I]) == Name &&
        addressTakenAt(I))
      return true;
  return false;
}

size_t BodyScanner::typeNameClose(size_t Open) const {
  if (Body[Open].isNot(tok::l_paren))
    return 0;
  bool Words = false;
  for (size_t I = Open + 1; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (T.is(tok::r_paren))
      return Words ? I : 0;
    if (T.isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum)) {
      if (I + 1 < Body.size() && Body[I + 1].is(tok::identifier))
        ++I; // the tag
    } else if (T.is(tok::identifier)) {
      if (!isTypeStart(PP, T) || lookupName(T) == NameKind::Variable)
        return 0;
    } else if (!isTypeStart(PP, T) &&
               !T.isOneOf(tok::star, tok::kw_void, tok::kw_volatile,
                          tok::kw_restrict, tok::kw__Complex)) {
      return 0;
    }
    Words = true;
  }
  return 0;
}

bool BodyScanner::integerSpecifiers(size_t B, size_t E) const {
  bool Type = false;
  for (size_t I = B; I < E; ++I) {
    const Token &T = Body[I];
    if (T.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short, tok::kw_char,
                  tok::kw_unsigned, tok::kw_signed)) {
      Type = true;
    } else if (T.is(tok::identifier)) {
      // A typedef: Sema knows its type; without it (clang -E) the C
      // library's integer names ending in _t.
      const std::string S = spell(T);
      const ValueKind K = lookupKind(T);
      if (K != ValueKind::Integer &&
          !(K == ValueKind::Unknown && lookupName(T) == NameKind::Unknown &&
            S.size() > 2 && S.compare(S.size() - 2, 2, "_t") == 0 &&
            S != "float_t" && S != "double_t"))
        return false;
      Type = true;
    } else if (!T.isOneOf(tok::kw_const, tok::kw_register)) {
      return false; // static, volatile, floating, struct, ...
    }
  }
  return Type;
}

void BodyScanner::recordLocal(size_t I, size_t DeclStart, size_t Open) {
  LocalDecl L;
  L.Name = spell(Body[I]);
  L.At = I;
  // `long *p`, `long * const p`: a pointer, not an index.
  size_t B = I;
  bool Pointer = false;
  while (B > DeclStart &&
         Body[B - 1].isOneOf(tok::star, tok::kw_const, tok::kw_volatile,
                             tok::kw_restrict)) {
    Pointer |= Body[B - 1].is(tok::star);
    --B;
  }
  // The specifiers end at the declaration's first declarator; later ones
  // (after a comma) share them.
  if (!(I && Body[I - 1].is(tok::comma)))
    SpecEnd = B;
  const bool Integer = !Pointer && integerSpecifiers(DeclStart, std::min(SpecEnd, I)) &&
                       (DeclStart == 0 ||
                        !Body[DeclStart - 1].isOneOf(tok::kw_static,
                                                     tok::kw_extern,
                                                     tok::kw_typedef));
  if (I + 2 < Body.size() && Body[I + 1].is(tok::equal) &&
      Body[I + 2].isNot(tok::l_brace)) {
    L.InitBegin = I + 2;
    int Depth = 0;
    size_t E = L.InitBegin;
    for (; E < Body.size(); ++E) {
      if (Depth == 0 && Body[E].isOneOf(tok::comma, tok::semi))
        break;
      Depth += bracketDelta(Body[E]);
      if (Depth < 0)
        break;
    }
    L.InitEnd = E;
  }
  // Its scope: to the end of the enclosing block, or of the 'for' whose
  // header declares it.
  bool Scoped = true;
  if (Open == Body.size())
    L.ScopeEnd = Body.size();
  else if (Body[Open].is(tok::l_brace))
    L.ScopeEnd = matchingClose(Body, Open);
  else if (Body[Open].is(tok::l_paren) && Open > 0 &&
           Body[Open - 1].is(tok::kw_for)) {
    L.ScopeEnd = statementEnd(Body, Open - 1);
    L.InForHeader = true;
  }
  else
    Scoped = false;
  L.Scalar = !Pointer && !(I + 1 < Body.size() &&
                           Body[I + 1].isOneOf(tok::l_square, tok::l_paren));
  L.Substitutable = L.Scalar && Integer && Scoped && L.InitEnd > L.InitBegin;
  for (size_t K = DeclStart; K < std::min(SpecEnd, I); ++K) {
    const unsigned Bits =
        Body[K].is(tok::identifier) ? lookupIntegerBits(Body[K]) : 0;
    L.Narrow |= Body[K].isOneOf(tok::kw_char, tok::kw_short, tok::kw_bool) ||
                (Bits > 0 && Bits < 32);
    L.Unsigned |= Body[K].is(tok::kw_unsigned) ||
                  (Body[K].is(tok::identifier) &&
                   lookupIntegerUnsigned(Body[K]));
  }
  L.Unsigned &= !L.Narrow;
  if (L.Scalar && !Integer)
    WhyVarying[L.Name] = "'" + L.Name + "' is declared in the body without "
                         "an integer type";
  Locals.push_back(std::move(L));
}

void BodyScanner::classifyLocals() {
  std::map<std::string, int> Count;
  for (const LocalDecl &L : Locals)
    ++Count[L.Name];
  // Where each declared name is used (not as a member).
  std::map<std::string, std::vector<size_t>> Uses;
  for (size_t I = 0; I < Body.size(); ++I)
    if (Body[I].is(tok::identifier) &&
        !(I && Body[I - 1].isOneOf(tok::period, tok::arrow))) {
      auto It = Count.find(spell(Body[I]));
      if (It != Count.end())
        Uses[It->first].push_back(I);
    }
  const std::string Rewrite = "; declare the index in the body with its "
                              "initializer and do not assign it afterwards";
  for (LocalDecl &L : Locals) {
    if (Count[L.Name] > 1) {
      L.Substitutable = false;
      WhyVarying[L.Name] = "'" + L.Name + "' is declared more than once in "
                           "the body; give each declaration its own name";
      continue;
    }
    if (L.Scalar && L.InitEnd == L.InitBegin && !WhyVarying.count(L.Name))
      WhyVarying[L.Name] = "'" + L.Name + "' is declared in the body "
                           "without an initializer" + Rewrite;
    for (size_t I : Uses[L.Name]) {
      if (I == L.At)
        continue;
      const bool Address = addressAt(I) < Body.size();
      if (Address || storedAt(I, I + 1)) {
        // (A loop's own variable changes as it should: no advice.)
        if (L.Scalar && !L.InForHeader &&
            (L.Substitutable || !WhyVarying.count(L.Name)))
          WhyVarying[L.Name] =
              (Address ? "the address of '" + L.Name + "' is taken"
                       : "'" + L.Name + "' is assigned") +
              " in the body after its declaration" + Rewrite;
        L.Substitutable = false;
        break;
      }
    }
  }
}

std::map<std::string, const ScopedLoop *>
BodyScanner::enclosingLoops(size_t I) const {
  std::map<std::string, const ScopedLoop *> Enclosing;
  for (const ScopedLoop &L : Loops)
    if (L.Begin < I && I < L.End)
      Enclosing[L.Loop.VarName] = &L; // later loops are nested deeper
  return Enclosing;
}

void BodyScanner::analyseLocal(LocalDecl &L) {
  L.Analysed = true;
  std::set<std::string> Vars = {Outer.VarName};
  L.Loops = enclosingLoops(L.At);
  for (const auto &KV : L.Loops)
    Vars.insert(KV.first);
  std::set<std::string> Changing = Varying;
  for (const auto &KV : L.Loops)
    Changing.erase(KV.first);
  Changing.insert(Outer.VarName);
  ScopeAt AtInit;
  scopeAt(L.At, Changing, AtInit);
  const AffineNames &Names = AtInit.Names;
  Tokens Init(Body.begin() + L.InitBegin, Body.begin() + L.InitEnd);
  std::string Why;
  SourceLocation Where = Body[L.At].getLocation();
  bool Invalid = false;
  if (!analyseAffine(PP, Init, Vars, AtInit.Changing, L.Form, Why, Where, Names,
                     &Invalid)) {
    L.Failed = true;
    L.Why = Invalid ? "'" + L.Name + "' is initialized with a floating value"
                    : "the initializer of '" + L.Name + "' is not affine: " +
                          Why;
  }
}

void BodyScanner::scopeAt(size_t At, const std::set<std::string> &Base,
                          ScopeAt &Out) {
  Out.Notes = WhyVarying;
  visibleLocals(At, Out.Forms, Out.Notes);
  Out.Changing = Base;
  for (const auto &KV : Out.Forms)
    Out.Changing.erase(KV.first);
  for (const std::string &N : Declared)
    if (N != Outer.VarName && !OuterVarying.count(N) && !declaredAt(N, At))
      Out.Changing.erase(N);
  Out.Names.Locals = &Out.Forms;
  Out.Names.WhyVarying = &Out.Notes;
  Out.Names.RegionArrays = &RegionNames;
}

void BodyScanner::visibleLocals(size_t I,
                                std::map<std::string, LinearForm> &Forms,
                                std::map<std::string, std::string> &WhyNot) {
  const std::map<std::string, const ScopedLoop *> Here = enclosingLoops(I);
  for (LocalDecl &L : Locals) {
    if (!L.Substitutable || L.InitEnd >= I || I >= L.ScopeEnd)
      continue;
    if (!L.Analysed)
      analyseLocal(L);
    if (L.Failed) {
      WhyNot[L.Name] = L.Why;
      continue;
    }
    // An inner loop's variable of the initializer must be the same loop's
    // at the use (not one of a deeper loop reusing the name).
    bool Same = true;
    for (const auto &KV : L.Form.Coef)
      if (KV.first != Outer.VarName) {
        auto It = Here.find(KV.first);
        Same &= It != Here.end() && L.Loops.count(KV.first) &&
                It->second == L.Loops.at(KV.first);
      }
    if (!Same) {
      WhyNot[L.Name] = "the initializer of '" + L.Name + "' names a loop "
                       "variable that an inner loop declares again";
      continue;
    }
    Forms[L.Name] = L.Form;
  }
}

void BodyScanner::collectLoopsAndNames() {
  bool InDecl = false; // inside a declaration statement, after its type
  bool InInit = false; // in a declarator's initializer (after its '=')
  int DeclDepth = 0;    // bracket depth of the declaration's statement
  size_t DeclStart = 0; // the declaration's first specifier
  int Depth = 0;
  std::vector<size_t> Open; // the brackets open at the token
  size_t AggregateEnd = Body.size(); // the '}' of a struct's members
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    // `struct { double a, w; } q;`: the members are no variables of the
    // body; the declarator after the '}' is.
    if (const size_t Close = aggregateBodyEnd(I)) {
      if (!InDecl) {
        InDecl = true;
        InInit = false;
        DeclDepth = Depth;
        DeclStart = I;
      }
      AggregateEnd = Close;
      I = Close;
      continue;
    }
    if (T.is(tok::kw_for)) {
      ScopedLoop S;
      std::string Why;
      SourceLocation Where;
      // An inner loop whose body changes its variable has no known range:
      // its variable then counts as one that changes (not canonical).
      if (parseCanonicalFor(PP, Body, I, S.Loop, Why, Where)) {
        S.Begin = I;
        S.End = statementEnd(Body, I);
        if (!assignsIn(S.Loop.VarName, S.Loop.BodyBegin, S.End) &&
            !addressTakenIn(S.Loop.VarName, S.Loop.BodyBegin, S.End))
          Loops.push_back(S);
      } else if (I + 1 < Body.size() && Body[I + 1].is(tok::l_paren)) {
        // Its variable has no known range: say why where it is blamed.
        for (size_t K = I + 2; K + 1 < Body.size(); ++K) {
          if (Body[K].isOneOf(tok::semi, tok::r_paren))
            break;
          if (Body[K].is(tok::identifier) && Body[K + 1].is(tok::equal)) {
            const std::string V = spell(Body[K]);
            bool And = false; // `j <= i && j < n`: two bounds in one test
            for (size_t C = K, Semis = 0; C < Body.size() && Semis < 2; ++C) {
              Semis += Body[C].is(tok::semi);
              And |= Semis == 1 && Body[C].is(tok::ampamp);
            }
            if (!WhyVarying.count(V))
              WhyVarying[V] =
                  "'" + V + "' is the variable of an inner loop whose header "
                  "PROACT cannot read: " + Why +
                  (And ? " (write two bounds as one, with a MIN ternary: "
                         "'j < (i + 1 < n ? i + 1 : n)')"
                       : "");
            break;
          }
        }
      }
    }
    // `__typeof__(x) x;`, the copy private(x) gives the body in spread
    // mode, declares x (the x inside reads nothing).
    if (T.is(tok::kw_typeof) && I + 1 < Body.size() &&
        Body[I + 1].is(tok::l_paren)) {
      const size_t Close = matchingClose(Body, I + 1);
      if (Close + 2 < Body.size() && Body[Close + 1].is(tok::identifier) &&
          Body[Close + 2].is(tok::semi)) {
        Declared.insert(spell(Body[Close + 1]));
        I = Close + 1;
        continue;
      }
    }
    // `(size_t)i * n`, `(double)(i * n)`: a cast's type declares nothing,
    // and the '*' after it multiplies.
    if (size_t Close = typeNameClose(I)) {
      I = Close;
      continue;
    }
    Depth += bracketDelta(T);
    if (bracketDelta(T) > 0)
      Open.push_back(I);
    else if (bracketDelta(T) < 0 && !Open.empty())
      Open.pop_back();
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
        DeclStart = I;
      }
      continue;
    }
    // `struct pt t`: pt is a tag, in a namespace of its own; t is declared.
    if (tagAt(I)) {
      if (!InDecl) {
        InDecl = true;
        DeclDepth = Depth;
        DeclStart = I - 1;
      }
      continue;
    }
    std::string S = spell(T);
    const Token *Prev = I ? &Body[I - 1] : nullptr;
    const Token *Next = I + 1 < Body.size() ? &Body[I + 1] : nullptr;
    bool AfterType = Prev && (isTypeStart(PP, *Prev) ||
                              (Prev->is(tok::star) && InDecl && !InInit) ||
                              (Prev->is(tok::comma) && InDecl &&
                               Depth == DeclDepth) ||
                              (InDecl && !InInit &&
                               (tagAt(I - 1) || AggregateEnd + 1 == I)));
    if (isTypeStart(PP, T) && !(Next && Next->isOneOf(tok::equal, tok::semi,
                                                      tok::comma))) {
      if (!InDecl) { // a typedef name like size_t starts a declaration
        DeclDepth = Depth;
        DeclStart = I;
      }
      InDecl = true;
    }
    else if (AfterType) {
      Declared.insert(S);
      if (InDecl)
        recordLocal(I, DeclStart, Open.empty() ? Body.size() : Open.back());
    }
    if (storedAt(I, I + 1))
      Varying.insert(S);
    // Its address taken: a store through it may change it.
    if (addressTakenAt(I)) {
      Varying.insert(S);
      if (!WhyVarying.count(S))
        WhyVarying[S] = "the body takes the address of '" + S +
                        "', through which it may change";
    }
  }
  Varying.insert(Declared.begin(), Declared.end());
  classifyLocals();
  // Which names the body changes where they mean the variable declared
  // before the loop, not a local of the same name (`for (int c ...)`).
  std::set<std::string> Recorded;
  for (const LocalDecl &L : Locals) {
    Recorded.insert(L.Name);
    if (L.ScopeEnd == 0)
      ScopeUnknown.insert(L.Name);
  }
  for (const std::string &N : Declared)
    if (!Recorded.count(N))
      ScopeUnknown.insert(N);
  // No scope known: always the changing one.
  OuterVarying = ScopeUnknown;
  for (size_t I = 0; I < Body.size(); ++I) {
    if (Body[I].isNot(tok::identifier) ||
        (I && Body[I - 1].isOneOf(tok::period, tok::arrow)) || tagAt(I))
      continue;
    const std::string S = spell(Body[I]);
    if ((storedAt(I, I + 1) || addressTakenAt(I)) && !localAt(S, I))
      OuterVarying.insert(S);
  }
}

bool BodyScanner::localAt(const std::string &Name, size_t I) const {
  for (const LocalDecl &L : Locals)
    if (L.Name == Name && L.At <= I && I < L.ScopeEnd)
      return true;
  return false;
}

bool BodyScanner::storeConditionalAt(size_t I) const {
  for (size_t K = 0; K < I && K < Body.size(); ++K) {
    const Token &T = Body[K];
    if (T.isOneOf(tok::kw_return, tok::kw_break, tok::kw_continue,
                  tok::kw_goto))
      return true;
    if (T.isOneOf(tok::kw_if, tok::kw_while, tok::kw_switch, tok::kw_do,
                  tok::kw_for, tok::kw_else)) {
      bool Canonical = false;
      for (const ScopedLoop &L : Loops)
        Canonical |= L.Begin == K;
      size_t E = T.is(tok::kw_else) ? statementEnd(Body, K + 1)
                                    : statementEnd(Body, K);
      if (!Canonical && I < E)
        return true;
    }
  }
  // The statement holding I starts after the last ';', '{' or '}'.
  for (size_t K = I; K-- > 0;) {
    if (Body[K].isOneOf(tok::semi, tok::l_brace, tok::r_brace))
      break;
    if (Body[K].isOneOf(tok::question, tok::ampamp, tok::pipepipe))
      return true;
  }
  return false;
}

bool BodyScanner::guardedAt(size_t I) const {
  for (size_t K = 0; K < I && K < Body.size(); ++K) {
    // A MIN / MAX in a canonical inner loop's header bounds the loop, whose
    // range the analysis follows: it guards nothing.
    bool InHeader = false;
    for (const ScopedLoop &L : Loops)
      InHeader |= L.Begin < K && K < L.Loop.BodyBegin;
    if (InHeader)
      continue;
    if (Body[K].isOneOf(tok::kw_if, tok::kw_else, tok::kw_switch,
                        tok::kw_case, tok::kw_while, tok::kw_do) ||
        Body[K].isOneOf(tok::question, tok::ampamp, tok::pipepipe,
                        tok::kw_return, tok::kw_break, tok::kw_continue,
                        tok::kw_goto))
      return true;
  }
  return false;
}

void BodyScanner::analyseAccess(int Array, size_t NameAt, size_t Close,
                                bool Store, BodyAccesses &Out, bool Rmw) {
  const Section &Sec = D.Arrays[Array];
  Tokens Index(Body.begin() + NameAt + 2, Body.begin() + Close);
  Access W;
  W.Array = Array;
  W.At = Body[NameAt];
  {
    size_t M = Close + 1; // past the subscripts, `.m` or `->m`
    while (M < Body.size() && Body[M].is(tok::l_square))
      M = matchingClose(Body, M) + 1;
    if (M + 1 < Body.size() && Body[M].isOneOf(tok::period, tok::arrow) &&
        Body[M + 1].is(tok::identifier))
      W.Member = spell(Body[M + 1]);
  }
  W.Guarded = Store ? storeConditionalAt(NameAt) : guardedAt(NameAt);
  auto Unanalysable = [&](SourceLocation Where, const std::string &Why) {
    // Checked on the device; a store to a member (`a[k].m = v`) is no load.
    if (!Store && !storedAt(NameAt, lvalueEnd(NameAt)))
      Out.Checked.push_back({Array, Body[NameAt], true, -1});
    if (Store && Rmw) {
      // Two iterations may update one element, each on its own thread.
      report(DE, Where, Diag::RacingUpdate)
          << Sec.Spelling << Outer.VarName << Why;
      if (const std::string Op = updateOperator(NameAt, Close); !Op.empty())
        report(DE, D.Loc, Diag::RacingUpdateFix) << Op << Sec.Written;
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
  const std::map<std::string, const ScopedLoop *> Enclosing =
      enclosingLoops(NameAt);
  for (const auto &KV : Enclosing)
    Vars.insert(KV.first);
  std::set<std::string> Changing = Varying;
  for (const auto &KV : Enclosing)
    Changing.erase(KV.first);
  Changing.insert(Outer.VarName);
  ScopeAt AtIndex; // locals stand for forms
  scopeAt(NameAt, Changing, AtIndex);
  const std::set<std::string> &IndexChanging = AtIndex.Changing;

  LinearForm F;
  std::string Why;
  SourceLocation Where = Body[NameAt].getLocation();
  const AffineNames &Names = AtIndex.Names;
  bool Invalid = false;
  if (!analyseAffine(PP, Index, Vars, IndexChanging, F, Why, Where, Names,
                     &Invalid)) {
    if (Invalid) { // not C: the compiler reports the subscript
      W.Whole = true;
      (Store ? Out.Writes : Out.Reads).push_back(W);
      return;
    }
    return Unanalysable(Where, Why);
  }
  W.Coef = F.Coef.count(Outer.VarName) ? F.Coef[Outer.VarName] : Code("0");
  W.Offset = F.K;
  if (Store && W.Guarded)
    guardBounds(NameAt, F, Vars, Changing, W);
  // The enclosing loops, outermost first (Loops is in source order).
  std::vector<const ScopedLoop *> Chain;
  for (const ScopedLoop &L : Loops)
    if (Enclosing.count(L.Loop.VarName) && Enclosing.at(L.Loop.VarName) == &L)
      Chain.push_back(&L);
  // A bound may use the annotated variable and the variables of the loops
  // around its own loop; it is then parsed (bounds.h) and its ranges are
  // computed before the outer loop runs.
  // Only the loops whose variables the index uses matter, and the loops
  // their bounds use (a CSR row's `for (e = rowptr[v]; ...)` around a
  // store `y[v]` does not).
  std::vector<bool> Needed(Chain.size(), false);
  for (size_t M = Chain.size(); M-- > 0;) {
    const CanonicalLoop &L = Chain[M]->Loop;
    Needed[M] = Needed[M] || F.Coef.count(L.VarName);
    if (!Needed[M])
      continue;
    for (size_t K = 0; K < M; ++K)
      for (const Tokens *Part : {&L.First, &L.Bound})
        for (const Token &T : *Part)
          Needed[K] = Needed[K] || (T.is(tok::identifier) &&
                                    spell(T) == Chain[K]->Loop.VarName);
  }
  std::set<std::string> Around = {Outer.VarName};
  std::vector<InnerTerm> All;
  for (size_t M = 0; M < Chain.size(); ++M) {
    const ScopedLoop *SL = Chain[M];
    const CanonicalLoop &L = SL->Loop;
    if (!Needed[M]) {
      // One whose bounds and step the host can compute before the loop
      // still tells whether the access runs at all (none: no iteration).
      auto Moves = [&](const Token &T) {
        if (T.isNot(tok::identifier))
          return false;
        const std::string S = spell(T);
        return Around.count(S) || Changing.count(S) || Enclosing.count(S) ||
               RegionNames.count(S);
      };
      bool Invariant = true;
      for (const Tokens *Part : {&L.First, &L.Bound})
        for (const Token &T : *Part)
          Invariant &= !Moves(T);
      for (const Piece &P : L.Step.pieces())
        Invariant &= P.IsText || !Moves(P.Tok);
      // One whose bounds move (j < i - 5) may run in some iterations and
      // not in others: the access runs under a condition.
      if (Invariant)
        W.Idle.push_back(L);
      else
        W.Guarded = true;
      Around.insert(L.VarName);
      continue;
    }
    InnerTerm Term;
    Term.Loop = L;
    Term.Coef = F.Coef.count(L.VarName) ? F.Coef[L.VarName] : Code("0");
    std::set<std::string> Others = Changing;
    for (const std::string &V : Around)
      Others.erase(V);
    for (const Tokens *Part : {&L.First, &L.Bound})
      for (const Token &T : *Part)
        if (T.is(tok::identifier)) {
          const std::string S = spell(T);
          if (Around.count(S))
            Term.Dependent = true;
          else if (Others.count(S) || Enclosing.count(S))
            return Unanalysable(T.getLocation(),
                                "the bounds of the inner loop over '" +
                                    L.VarName + "' depend on '" + S +
                                    "', which changes inside the loop");
        }
    for (const Piece &P : L.Step.pieces())
      if (!P.IsText && P.Tok.is(tok::identifier) &&
          (Around.count(spell(P.Tok)) || Others.count(spell(P.Tok))))
        return Unanalysable(P.Tok.getLocation(),
                            "the step of the inner loop over '" + L.VarName +
                                "' changes inside the loop; make it "
                                "loop-invariant");
    if (Term.Dependent) {
      for (const std::pair<const Tokens *, BoundExpr *> &PB :
           {std::make_pair(&L.First, &Term.First),
            std::make_pair(&L.Bound, &Term.Bound)}) {
        std::string BWhy;
        SourceLocation BWhere = PB.first->empty()
                                    ? Body[SL->Begin].getLocation()
                                    : (*PB.first)[0].getLocation();
        bool Element = false;
        for (const Token &T : *PB.first)
          Element |= T.is(tok::l_square);
        if (Element) // data-dependent: no form to rewrite it into
          return Unanalysable(BWhere, "the bounds of the inner loop over '" +
                                          L.VarName +
                                          "' are read from an array");
        if (!parseBound(PP, *PB.first, Around, Others, *PB.second, BWhy,
                        BWhere))
          return Unanalysable(
              BWhere, "the bounds of the inner loop over '" + L.VarName +
                          "' are not of a supported form (" + BWhy +
                          "); write each as an affine expression of the "
                          "enclosing loop variables, optionally inside "
                          "MIN/MAX with a loop-invariant expression or plus "
                          "'e % c' / 'e & c' with a constant c");
      }
      W.Dependent = true;
    }
    // Computed by the host before the loop: an element of a region array
    // there may be older than the devices' copy.
    for (const Tokens *Part : {&L.First, &L.Bound})
      if (const Token *R = regionElementIn(PP, *Part, RegionNames))
        return Unanalysable(R->getLocation(),
                            "the bounds of the inner loop over '" +
                                L.VarName + "' read the region array '" +
                                spell(*R) +
                                "', whose newest elements the devices may "
                                "hold");
    for (const Piece &P : L.Step.pieces())
      if (!P.IsText && P.Tok.is(tok::identifier) &&
          RegionNames.count(spell(P.Tok)))
        return Unanalysable(P.Tok.getLocation(),
                            "the step of the inner loop over '" + L.VarName +
                                "' reads the region array '" + spell(P.Tok) +
                                "'");
    Around.insert(L.VarName);
    All.push_back(Term);
  }
  if (W.Dependent)
    W.Inner = All;
  else
    for (const InnerTerm &Term : All)
      if (F.Coef.count(Term.Loop.VarName))
        W.Inner.push_back(Term);
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
  // A _Bool's + and * saturate: a thread's partial sum is not the sum.
  if ((R.Op == "+" || R.Op == "*") && (*Type == "_Bool" || *Type == "bool"))
    return "arithmetic variables other than _Bool (use || or && for flags)";
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
    if (Declared.count(R.Spelling) && K == NameKind::Variable) {
      report(DE, R.Var.getLocation(), Diag::ReductionShadowed) << R.Spelling;
      BadReductions.insert(R.Spelling);
      Ok = false;
    } else if (Declared.count(R.Spelling) ||
               (K != NameKind::Variable && K != NameKind::Unknown)) {
      report(DE, R.Var.getLocation(), Diag::ReductionNotOuterVariable)
          << R.Spelling;
      BadReductions.insert(R.Spelling);
      Ok = false;
    } else if (std::string Type; const char *Takes =
                                      R.IsArray
                                          ? arrayReductionTypeProblem(R, &Type)
                                          : reductionTypeProblem(R, &Type)) {
      report(DE, R.Var.getLocation(), Diag::ReductionBadType)
          << R.Spelling << Type << R.Op << Takes;
      BadReductions.insert(R.Spelling);
      Ok = false;
    }
    Reported.insert(R.Spelling);
  }
  for (size_t I = 0; I < Body.size(); ++I) {
    if (const size_t Close = aggregateBodyEnd(I)) {
      I = Close;
      continue;
    }
    const Token &T = Body[I];
    if (T.isNot(tok::identifier) ||
        (I && Body[I - 1].isOneOf(tok::period, tok::arrow)))
      continue;
    std::string S = spell(T);
    if (S == Outer.VarName || declaredAt(S, I) || arrayIndex(S) >= 0 ||
        Reported.count(S) || Private.count(S))
      continue;
    // An element of an array missing from region(...): the scan of the
    // arrays says so, which is the fix the user needs.
    if (I + 1 < Body.size() && Body[I + 1].is(tok::l_square))
      continue;
    size_t E = lvalueEnd(I);
    // `f(&x)`, `p = &x.m`: whatever receives the address may store
    // through it, into the device's or thread's copy of x.
    const bool Element = E < Body.size() && Body[E].is(tok::l_square);
    const size_t Amp = addressAt(I);
    if (Amp < Body.size() && !Element &&
        lookupName(T) == NameKind::Variable &&
        !(Amp + 1 == I && constPointerArgument(I - 1, E))) {
      Reported.insert(S);
      report(DE, Body[Amp].getLocation(), Diag::AddressOfOuterVariable)
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
    report(DE, T.getLocation(),
           Deref ? Diag::StoreThroughOuterPointer
                 : Diag::OuterVariableAssigned)
        << S;
    Ok = false;
  }
}

// Body[I] is a member name, indexed (base.m1.m2[...]) or used whole. A
// pointer member of a variable from before the loop points to host memory
// (the kernel gets the struct's bytes, not what its pointers point to).
void BodyScanner::checkPointerMember(size_t I, bool Indexed) {
  std::vector<std::string> Members;
  size_t J = I;
  for (;;) {
    if (J >= 2 && Body[J - 1].is(tok::period) &&
        Body[J - 2].is(tok::identifier)) {
      Members.insert(Members.begin(), spell(Body[J]));
      J -= 2;
      continue;
    }
    // `o.arr[0].data`: through an element of an array member.
    if (J >= 4 && Body[J - 1].is(tok::period) &&
        Body[J - 2].is(tok::r_square)) {
      size_t K = J - 2;
      for (int Depth = 0; K > 0; --K) {
        Depth += Body[K].is(tok::r_square) - Body[K].is(tok::l_square);
        if (Depth == 0)
          break;
      }
      if (K >= 3 && Body[K].is(tok::l_square) &&
          Body[K - 1].is(tok::identifier) && Body[K - 2].is(tok::period)) {
        Members.insert(Members.begin(), spell(Body[J]));
        J = K - 1;
        continue;
      }
    }
    break;
  }
  // `(s).data[k]`: a variable in parentheses is the variable.
  if (Members.empty() && J >= 4 && Body[J - 1].is(tok::period) &&
      Body[J - 2].is(tok::r_paren) && Body[J - 3].is(tok::identifier) &&
      Body[J - 4].is(tok::l_paren)) {
    Members.push_back(spell(Body[J]));
    J -= 3;
  }
  if (Members.empty() || (J > 0 && Body[J - 1].isOneOf(tok::period, tok::arrow)))
    return; // the base is not a plain variable: (*p).m, f().m, a[k].m
  if (!Indexed && unevaluatedAt(J))
    return; // sizeof(s.p) reads nothing
  const std::string Base = spell(Body[J]);
  std::string Type;
  if (declaredAt(Base, J) || !memberIsPointer(Body[J], Members, &Type))
    return;
  // As written (`(s).data`, `o.arr[0].data`), and a local's name made of
  // its words.
  std::string Chain, Local;
  for (size_t K = J; K <= I; ++K) {
    const std::string W = spell(Body[K]);
    if (Body[K].isOneOf(tok::l_paren, tok::r_paren))
      continue;
    Chain += W;
    if (Body[K].is(tok::period))
      Local += "_";
    else if (Body[K].isNot(tok::l_square) && Body[K].isNot(tok::r_square))
      Local += W;
  }
  report(DE, Body[I].getLocation(),
         Indexed ? Diag::PointerMemberInBody : Diag::PointerMemberUsed)
      << Chain << Type << Local;
  Ok = false;
}

bool BodyScanner::topLevelStatement(size_t S) const {
  const bool Braced = !Body.empty() && Body[0].is(tok::l_brace) &&
                      matchingClose(Body, 0) + 1 == Body.size();
  if (!Braced)
    return S == 0;
  int Depth = 0;
  for (size_t K = 0; K < S; ++K)
    Depth += bracketDelta(Body[K]);
  return Depth == 1 &&
         Body[S - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace);
}

void BodyScanner::findPrivateLoopVars(BodyAccesses &Out) {
  // The `for (j = ...)` headers of each candidate, in order of the first.
  std::map<std::string, std::vector<size_t>> Headers;
  std::vector<std::string> Order;
  for (size_t I = 0; I + 3 < Body.size(); ++I) {
    if (Body[I].isNot(tok::kw_for) || Body[I + 1].isNot(tok::l_paren) ||
        Body[I + 2].isNot(tok::identifier) || Body[I + 3].isNot(tok::equal))
      continue;
    const std::string V = spell(Body[I + 2]);
    const NameKind K = lookupName(Body[I + 2]);
    bool Reduced = false;
    for (const Reduction &R : D.Reductions)
      Reduced |= R.Spelling == V;
    if (V == Outer.VarName || Declared.count(V) || arrayIndex(V) >= 0 ||
        Reduced || (K != NameKind::Variable && K != NameKind::Unknown))
      continue;
    if (!Headers.count(V))
      Order.push_back(V);
    Headers[V].push_back(I);
  }
  auto IsUse = [&](size_t I, const std::string &V) {
    return Body[I].is(tok::identifier) && spell(Body[I]) == V &&
           !(I && Body[I - 1].isOneOf(tok::period, tok::arrow));
  };
  for (const std::string &V : Order) {
    const Token &Var = Body[Headers[V][0] + 2];
    Private.insert(V);
    const ArrayShape Shape = lookupArrayShape(Var);
    if (Shape.Known && !Shape.Local) {
      // A global's value after the loop may be read anywhere.
      report(DE, Var.getLocation(), Diag::InnerLoopVariableOutside) << V;
      Ok = false;
      continue;
    }
    // Whether the assignment `j = e` at I (j's token) reads j in e.
    auto ReadsItself = [&](size_t I) {
      int Depth = 0;
      for (size_t K = I + 2; K < Body.size(); ++K) {
        Depth += bracketDelta(Body[K]);
        if (Depth < 0 || (Depth == 0 && Body[K].isOneOf(tok::semi,
                                                         tok::comma)))
          return false;
        if (IsUse(K, V))
          return true;
      }
      return false;
    };
    // The statements of the headers `for (j = e; ...)` with a single
    // assignment whose e does not read j: each may declare its own j.
    std::vector<std::pair<size_t, size_t>> Stmts;
    bool Shadow = false;
    for (size_t F : Headers[V]) {
      bool Comma = false;
      int Depth = 0;
      for (size_t K = F + 4; K < Body.size(); ++K) {
        Depth += bracketDelta(Body[K]);
        if (Depth < 0 || (Depth == 0 && Body[K].is(tok::semi)))
          break;
        Comma |= Depth == 0 && Body[K].is(tok::comma);
      }
      if (!Comma && !ReadsItself(F + 2))
        Stmts.push_back({F, statementEnd(Body, F)});
    }
    size_t FirstUse = Body.size();
    for (size_t I = 0; I < Body.size(); ++I) {
      if (!IsUse(I, V))
        continue;
      FirstUse = std::min(FirstUse, I);
      bool Inside = false;
      for (const auto &St : Stmts)
        Inside |= St.first < I && I < St.second;
      Shadow |= !Inside;
    }
    if (Shadow) {
      // One copy for the iteration: its first use must assign it, without
      // reading it, in a statement that every iteration runs first.
      const bool ForInit = FirstUse >= 2 &&
                           Body[FirstUse - 1].is(tok::l_paren) &&
                           Body[FirstUse - 2].is(tok::kw_for);
      const bool Assigns = FirstUse + 1 < Body.size() &&
                           Body[FirstUse + 1].is(tok::equal);
      if (!Assigns || ReadsItself(FirstUse) ||
          !topLevelStatement(ForInit ? FirstUse - 2 : FirstUse)) {
        report(DE, Body[FirstUse].getLocation(),
               Diag::InnerLoopVariableReadFirst)
            << V;
        Ok = false;
        continue;
      }
    }
    PrivateVar P;
    P.Var = Var;
    P.Name = V;
    P.Shadow = Shadow;
    if (!Shadow)
      for (const auto &St : Stmts)
        P.Headers.push_back(Body[St.first + 2].getLocation().getRawEncoding());
    Out.Private.push_back(P);
  }
}

bool BodyScanner::run(BodyAccesses &Out) {
  SourceLocation At;
  collectLoopsAndNames();
  // `{ long i = n - 1 - k; a[i] = ...; }`: every `i` after it is the
  // body's own, which the analysis would take for the loop's. A
  // declarator right after a type (`long i`, `double *i`), not a tag
  // (`sizeof(struct i)`).
  for (size_t I = 1; Declared.count(Outer.VarName) && I < Body.size(); ++I) {
    if (Body[I].isNot(tok::identifier) || spell(Body[I]) != Outer.VarName)
      continue;
    size_t P = I - 1;
    while (P > 0 && Body[P].is(tok::star))
      --P;
    if (!isTypeStart(PP, Body[P]) ||
        Body[P].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum) ||
        (P > 0 && Body[P - 1].isOneOf(tok::kw_struct, tok::kw_union,
                                      tok::kw_enum)) ||
        (Body[P].is(tok::identifier) && lookupName(Body[P]) ==
                                            NameKind::Variable))
      continue;
    report(DE, Body[I].getLocation(), Diag::LoopVariableHidden)
        << Outer.VarName;
    return false;
  }
  if (assignsIn(Outer.VarName, 0, Body.size(), &At)) {
    report(DE, At, Diag::LoopVariableAssigned) << Outer.VarName;
    return false;
  }
  findPrivateLoopVars(Out);
  // A body local named like a region array would make its subscripts look
  // like the array's: one name, one array.
  for (const Section &S : D.Arrays)
    if (Declared.count(S.Spelling)) {
      report(DE, S.Name.getLocation(), Diag::RegionArrayShadowed)
          << S.Spelling;
      return false;
    }
  checkOuterStores();
  markReductionUpdates();
  // An OpenMP reduction combines threads' copies as PROACT does: a spread
  // construct keeps OpenMP's meaning.
  for (size_t I : ReductionUpdates)
    if (!inSpreadTrial() && Body[I].is(tok::identifier))
      if (const Reduction *R = arrayReduction(
              spell(Body[I]),
              I + 1 < Body.size() && Body[I + 1].is(tok::l_square)))
        noteReductionUpdate(Body[I].getLocation(), R->Op, R->Spelling);
  // Every update of a reduced array's copy is checked against the reduced
  // section: outside it, it would land in another thread's copy.
  for (size_t I : ReductionUpdates)
    if (Body[I].is(tok::identifier) && I + 1 < Body.size() &&
        Body[I + 1].is(tok::l_square))
      if (const Reduction *R = arrayReduction(spell(Body[I])))
        Out.Checked.push_back(
            {-1, Body[I], false, -1, (int)(R - D.Reductions.data())});
  std::vector<bool> Used(D.Arrays.size(), false);
  for (size_t I = 0; I < Body.size(); ++I) {
    if (const size_t Close = aggregateBodyEnd(I)) {
      I = Close;
      continue;
    }
    const Token &T = Body[I];
    if (T.isAnnotation() || T.is(tok::hash)) {
      report(DE, T.getLocation(), Diag::PragmaInBody);
      return false;
    }
    if (T.is(tok::kw_goto)) {
      report(DE, T.getLocation(), Diag::GotoInBody);
      Ok = false;
      continue;
    }
    if (T.isOneOf(tok::kw_static, tok::kw__Thread_local,
                  tok::kw_thread_local)) {
      report(DE, T.getLocation(), Diag::StaticInBody) << spell(T);
      Ok = false;
      continue;
    }
    if (T.is(tok::identifier) && I + 1 < Body.size() &&
        Body[I + 1].is(tok::l_paren) &&
        !(I && Body[I - 1].isOneOf(tok::period, tok::arrow))) {
      const std::string S = spell(T);
      if ((S == "exit" || S == "_Exit" || S == "quick_exit") &&
          lookupName(T) != NameKind::Variable && !declaredAt(S, I)) {
        report(DE, T.getLocation(), Diag::ExitInBody) << S;
        Ok = false;
        continue;
      }
    }
    if (T.is(tok::arrow)) {
      report(DE, T.getLocation(), Diag::PointerInBody);
      Ok = false;
      continue;
    }
    if (T.isNot(tok::identifier))
      continue;
    if (I && Body[I - 1].isOneOf(tok::period, tok::arrow)) {
      if (I + 1 < Body.size() && Body[I + 1].is(tok::l_square))
        checkPointerMember(I, true);
      else if (!(I + 1 < Body.size() &&
                 Body[I + 1].isOneOf(tok::period, tok::arrow, tok::l_paren)))
        checkPointerMember(I, false);
      continue; // a member name
    }
    if (tagAt(I))
      continue;
    if (I + 1 < Body.size() && Body[I + 1].is(tok::colon) &&
        (I == 0 || Body[I - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace,
                                       tok::colon, tok::kw_else,
                                       tok::kw_do))) {
      report(DE, T.getLocation(), Diag::LabelInBody) << spell(T);
      Ok = false;
      continue;
    }
    std::string S = spell(T);
    bool Subscripted = I + 1 < Body.size() && Body[I + 1].is(tok::l_square);
    int A = arrayIndex(S);
    if (const Reduction *R = A < 0 && !Subscripted && !declaredAt(S, I)
                                 ? arrayReduction(S, false)
                                 : nullptr) {
      if (ReductionUpdates.count(I) || unevaluatedAt(I) ||
          BadReductions.count(S))
        continue;
      const char *Forms =
          R->Op == "max" || R->Op == "min"
              ? "'if (e > s) s = e;' (no else), 's = fmax(s, e)' or 's = s "
                "> e ? s : e' (for max; < and fmin for min)"
          : R->Op == "+" ? "'s += e', 's -= e', 's = s + e', 's = e + s' or "
                           "'s++'"
                         : "'s op= e', 's = s op e' or 's = e op s'";
      report(DE, T.getLocation(), Diag::ReductionScalarMisuse)
          << S << R->Op << Forms;
      Ok = false;
      continue;
    }
    if (const Reduction *R = A < 0 ? arrayReduction(S) : nullptr) {
      // sizeof(h[0]) reads nothing.
      if (ReductionUpdates.count(I) || unevaluatedAt(I))
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
      // A type's brackets (`(real[]){...}`, `sizeof(real[4])`) index
      // nothing.
      if (Subscripted && !declaredAt(S, I) &&
          lookupName(T) != NameKind::Type) {
        report(DE, T.getLocation(), Diag::ArrayNotInRegion) << S;
        Ok = false;
      } else if (!declaredAt(S, I) && dereferencedAt(I)) {
        std::string Type;
        const ValueKind K = lookupElementKind(T, &Type);
        // `(*fp)(x)` calls a function; calls are checked on their own.
        const bool Call =
            (I + 1 < Body.size() && Body[I + 1].is(tok::l_paren)) ||
            (I + 2 < Body.size() && Body[I + 1].is(tok::r_paren) &&
             Body[I + 2].is(tok::l_paren));
        if (K != ValueKind::Unknown && K != ValueKind::Other) {
          report(DE, T.getLocation(), Diag::DerefNotInRegion) << S;
          Ok = false;
        } else if (K == ValueKind::Other && !Call &&
                   lookupName(T) == NameKind::Variable) {
          // A struct or a pointer it points to: `(*p).v[i]`, `**pp`.
          report(DE, T.getLocation(), Diag::DerefOuterPointer) << S;
          Ok = false;
        }
      } else if (!Subscripted && !declaredAt(S, I) && outerPointerAt(I)) {
        report(DE, T.getLocation(), Diag::PointerNotInRegion) << S;
        Ok = false;
      } else if (!Subscripted && !declaredAt(S, I) &&
                 !(I + 1 < Body.size() &&
                   Body[I + 1].isOneOf(tok::period, tok::arrow,
                                       tok::l_paren)) &&
                 !(I && I + 2 < Body.size() && Body[I - 1].is(tok::l_paren) &&
                   Body[I + 1].is(tok::r_paren) &&
                   Body[I + 2].isOneOf(tok::period, tok::arrow)) &&
                 !unevaluatedAt(I) && !storedAt(I, I + 1) &&
                 lookupName(T) == NameKind::Variable &&
                 structHoldsPointer(T, false)) {
        // `struct S loc = s;`: loc's pointers are s's host addresses.
        report(DE, T.getLocation(), Diag::StructPointersCopied)
            << ("'" + S + "'");
        Ok = false;
      }
      continue;
    }
    Used[A] = true;
    // sizeof(a[0]), __typeof__(a[i]): nothing is read or stored.
    if (unevaluatedAt(I))
      continue;
    if (!Subscripted) {
      report(DE, T.getLocation(), Diag::ArrayWithoutSubscript) << S;
      Ok = false;
      continue;
    }
    if (const size_t Amp = addressAt(I); Amp < Body.size()) {
      report(DE, Body[Amp].getLocation(), Diag::AddressOfElement) << S;
      Ok = false;
      continue;
    }
    size_t Close = matchingClose(Body, I + 1);
    if (Close >= Body.size())
      continue; // unbalanced: the parser will report it
    // `*rows[i]`, `p = rows[i]`: an element that is a pointer holds a host
    // address; only a store of it copies nothing through it.
    // (`pp[i][j]` has an error of its own.)
    if (elementIsPointer(T) && !storedAt(I, Close + 1) &&
        !(Close + 1 < Body.size() && Body[Close + 1].is(tok::l_square))) {
      report(DE, T.getLocation(), Diag::ElementPointerRead) << S;
      Ok = false;
      continue;
    }
    // An array member of the element used whole (`f(p[i].v)`, `q =
    // p[i].v`) is a pointer into it, as the array itself would be.
    {
      std::vector<std::string> Members;
      size_t M = Close + 1;
      while (M + 1 < Body.size() && Body[M].is(tok::period) &&
             Body[M + 1].is(tok::identifier)) {
        Members.push_back(spell(Body[M + 1]));
        M += 2;
      }
      if (!Members.empty() &&
          !(M < Body.size() && Body[M].isOneOf(tok::l_square, tok::period)) &&
          elementMemberIsArray(T, Members) && !elementMemberIsPointer(T, Members)) {
        report(DE, Body[M - 1].getLocation(), Diag::MemberArrayWhole)
            << S << Members.back();
        Ok = false;
        continue;
      }
      // `struct P el = e[i];`: el's pointers are host addresses.
      if (Members.empty() &&
          !(M < Body.size() && Body[M].isOneOf(tok::l_square, tok::arrow)) &&
          !storedAt(I, M) && structHoldsPointer(T, true)) {
        report(DE, T.getLocation(), Diag::StructPointersCopied)
            << ("an element of '" + S + "'");
        Ok = false;
        continue;
      }
      // `e[i].ptr[0]`, `*e[i].ptr`, `p = e[i].ptr`: a host address.
      if (!Members.empty() && elementMemberIsPointer(T, Members) &&
          !storedAt(I, M)) {
        report(DE, Body[M - 1].getLocation(), Diag::ElementMemberPointerRead)
            << S << Members.back();
        Ok = false;
        continue;
      }
    }
    const Token *After = Close + 1 < Body.size() ? &Body[Close + 1] : nullptr;
    if (After && After->is(tok::l_square)) {
      // Arrays of arrays were flattened (multidim.h): this one is a
      // pointer to pointers, or clang -E has no types to tell.
      if (lookupName(T) == NameKind::Unknown)
        report(DE, T.getLocation(), Diag::MultiSubscriptNoTypes) << S;
      else
        report(DE, T.getLocation(), Diag::MultiSubscript)
            << S << lookupArrayShape(T).Type;
      Ok = false;
      continue;
    }
    // A store to a member of an element (`a[k].m = v`) stores the
    // element: the device holds its other members' current values too (a
    // store range is brought up to date before the loop).
    bool Store = storedAt(I, std::max(Close + 1, lvalueEnd(I)));
    // A compound store (+=, ++) also loads: the runtime treats every store
    // range as needed before the loop, so it is not listed as a read.
    analyseAccess(A, I, Close, Store, Out,
                  Store && readModifyWrite(I, Close));
  }
  applyReadsClause(Out);
  // Different members of a struct never share a byte: a load of one that
  // no store writes meets no store of another iteration.
  for (Access &R : Out.Reads) {
    if (R.Member.empty() || R.Whole || R.Array < 0 ||
        !elementIsStruct(D.Arrays[R.Array].Name))
      continue;
    bool Apart = false;
    for (const Access &W : Out.Writes)
      if (W.Array == R.Array) {
        Apart = !W.Member.empty() && W.Member != R.Member;
        if (!Apart)
          break;
      }
    R.MemberApart = Apart;
  }
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

std::set<std::string> namesDeclaredIn(Preprocessor &PP, const Tokens &Toks) {
  std::set<std::string> Out;
  for (size_t I = 1; I < Toks.size(); ++I) {
    if (Toks[I].isNot(tok::identifier) || isTypeStart(PP, Toks[I]))
      continue;
    size_t P = I - 1;
    while (P > 0 && Toks[P].is(tok::star))
      --P;
    if (isTypeStart(PP, Toks[P]) && (P + 1 == I || Toks[P + 1].is(tok::star)))
      Out.insert(spelling(PP, Toks[I]));
  }
  return Out;
}

} // namespace proact
