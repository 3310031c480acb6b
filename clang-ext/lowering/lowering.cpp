// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "lowering.h"
#include <cstdio>
#include <map>
#include <set>
#include <utility>
#include "bounds.h"
#include "build_options.h"
#include "collapse.h"
#include "diagnostics.h"
#include "inner_split.h"
#include "inject.h"
#include "inner_vars.h"
#include "forward.h"
#include "ilp.h"
#include "kernel_ids.h"
#include "lang_compat.h"
#include "name_lookup.h"
#include "read_check.h"
#include "reduction.h"
#include "store_runs.h"
#include "update_place.h"
#include "vector_walk.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace proact {

std::string quoted(const std::string &S) {
  std::string R = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      R += '\\';
    R += C;
  }
  return R + "\"";
}

namespace {

struct Where {
  std::string File;
  unsigned Line = 0, Col = 0;
};

Where whereOf(Preprocessor &PP, SourceLocation L) {
  PresumedLoc P = PP.getSourceManager().getPresumedLoc(L);
  Where W;
  if (P.isValid()) {
    W.File = P.getFilename();
    W.Line = P.getLine();
    W.Col = P.getColumn();
  }
  return W;
}

std::string num(long long V) { return std::to_string(V); }

// Fills `<var>[k]` proact__array_t fields for every section.
void emitArrays(Code &C, const std::vector<Section> &Arrays,
                const std::string &Var, const std::string &Field) {
  for (size_t A = 0; A < Arrays.size(); ++A) {
    const Section &S = Arrays[A];
    std::string Slot = Var + "[" + num(A) + "]" + Field;
    std::string Lo = "__proact_lo" + num(A), Len = "__proact_len" + num(A);
    C << "const long long " << Lo << " = ";
    C << (S.Lo.empty() ? Code("0LL") : Code::asLongLong(Code().add(S.Lo)));
    C << "; const long long " << Len << " = "
      << Code::asLongLong(Code().add(S.Len)) << ";";
    C << Slot + ".name = " + quoted(S.Spelling) + ";";
    C << Slot + ".base = (void *)(" << S.Name << ");";
    C << Slot + ".elem_size = sizeof((" << S.Name << ")[0]);";
    C << Slot + ".lo = " + Lo + "; " + Slot + ".len = " + Len + ";";
  }
}

std::string devicesInit(const Directive &D) {
  if (!D.HasDevices)
    return "";
  std::string S = "static const int __proact_devices[] = {";
  for (size_t I = 0; I < D.Devices.size(); ++I)
    S += (I ? ", " : "") + num(D.Devices[I]);
  return S + "};";
}

std::string devicesFields(const Directive &D, const std::string &Desc) {
  if (!D.HasDevices)
    return Desc + ".devices = 0; " + Desc + ".ndevices = 0;";
  return Desc + ".devices = __proact_devices; " + Desc +
         ".ndevices = " + num((long long)D.Devices.size()) + ";";
}

// The part's device address of each array's element 0, __proact_pb<A>
// (proact__loop_part_base): the kernels receive it explicitly, since
// OpenMP associates a host address with one device pointer per OpenMP
// device and several PROACT devices may share one. Read checks bound their
// loads by the part's section, __proact_plo<A> / __proact_plen<A>, declared
// for those arrays alone.
void emitPartArrays(Code &C, const Directive &D, const BodyAccesses &A) {
  const std::set<int> Sections = checkedSectionArrays(A);
  for (size_t Ar = 0; Ar < D.Arrays.size(); ++Ar) {
    const std::string T = "__typeof__(&(" + D.Arrays[Ar].CName + ")[0])";
    C << T + " __proact_pb" + num(Ar) + " = (" + T +
             ")proact__loop_part_base(__proact_loop, __proact_p, " +
             num(Ar) + ");";
    if (!Sections.count((int)Ar))
      continue;
    std::string Lo = "__proact_plo" + num(Ar), Len = "__proact_plen" + num(Ar);
    C << "long long " + Lo + ", " + Len +
             "; proact__loop_part_section(__proact_loop, __proact_p, " +
             num(Ar) + ", &" + Lo + ", &" + Len + ");";
  }
}

// The kernel pragma's clause that passes the part's array addresses.
std::string partBasesClause(const Directive &D) {
  if (D.Arrays.empty())
    return "";
  std::string S = " is_device_ptr(";
  for (size_t A = 0; A < D.Arrays.size(); ++A)
    S += (A ? ", __proact_pb" : "__proact_pb") + num(A);
  return S + ")";
}

// First in a kernel's region: each array's name stands for the part's
// device copy, so the body's unchanged `a[i]` indexes it.
void emitArrayShadows(Code &C, const Directive &D) {
  for (size_t A = 0; A < D.Arrays.size(); ++A) {
    const std::string &N = D.Arrays[A].CName;
    C << "__typeof__(__proact_pb" + num(A) + ") " + N + " = __proact_pb" +
             num(A) + "; (void)" + N + ";";
  }
}

// Whether E is A * Var + B with nothing else that varies (no other loop
// variable, no bounded or min/max term).
bool affineIn(const BoundExpr &E, const std::string &Var, Code &A, Code &B) {
  if (E.K != BoundExpr::Sum || !E.Mods.empty() || !E.Nested.empty())
    return false;
  for (const auto &KV : E.Lin.Coef)
    if (KV.first != Var)
      return false;
  const auto It = E.Lin.Coef.find(Var);
  A = It == E.Lin.Coef.end() ? Code("0") : It->second;
  B = E.Lin.K;
  return true;
}

// A loop's first value and bound as the runtime's trip count takes them:
// the first converted to the variable's type (`unsigned u = -3` starts at
// 2^32 - 3), the bound as the sequential loop's comparison, in the common
// type of variable and bound, sees it (loopBound below, PROACT__LOOP_BOUND
// in codegen.h). Type is the variable's type as C text.
Code loopFirst(const CanonicalLoop &L, const Code &Type) {
  Code R("(long long)(");
  R.add(Type).add(")(").add(L.First).add(")");
  return R;
}

// A loop's bound for proact__trip_count, First being its first value (as
// from loopFirst): Decl, `__typeof__((T)0 + (B)) const Name = (...)(B);`,
// converts the bound B to the type C compares the variable of type T and B
// in, evaluating B once, outside any macro, so that a diagnostic about it
// shows the user's code alone; Bound reads Name through PROACT__LOOP_BOUND.
// Decl goes in the block, before Bound.
void loopBound(const CanonicalLoop &L, const Code &Type,
               const std::string &Name, const Code &First, Code &Decl,
               Code &Bound) {
  Code CT("__typeof__((");
  CT.add(Type).add(")0 + (").add(L.Bound).add("))");
  Decl = Code();
  Decl.add(CT).add(" const " + Name + " = (").add(CT).add(")(");
  Decl.add(L.Bound).add(");");
  Bound = Code("PROACT__LOOP_BOUND(" + Name + ", ");
  Bound.add(First).add(", " + num(L.Cmp) + ")");
}

// `proact__loop_fits(...)`: the check that a loop's variable, of type
// Type, holds its values up to the one after the last iteration
// (codegen.h), for First and Bound as loopFirst and loopBound give them.
Code loopFits(const CanonicalLoop &L, const Code &Type, const Code &First,
              const Code &Bound) {
  Code R("proact__loop_fits(");
  R.add(First).add(", ").add(Bound).add(", ").add(Code::asLongLong(L.Step));
  R.add(", " + num(L.Cmp) + ", PROACT__VAR_BITS(").add(Type);
  R.add("), PROACT__VAR_SIGNED(").add(Type);
  R.add("), __proact_desc.file, __proact_desc.line);");
  return R;
}

// The type of a loop's variable as C text: its declaration's, or for a
// variable declared before the loop its own (__typeof__).
Code loopVarType(const CanonicalLoop &L) {
  if (!L.Type.empty())
    return Code().add(L.Type);
  Code R("__typeof__(");
  R.add(L.Var).add(")");
  return R;
}

// Whether an inner loop's type can be named where the annotated loop's
// descriptor is built: builtin integer types, or __typeof__ of a variable
// declared before the annotated loop (inner_vars.cpp). Other names may be
// declared in the body; those loops keep the bound's value, which for
// their spans only widens what is copied.
bool innerTypeNameable(const CanonicalLoop &L) {
  if (L.Type.empty())
    return false;
  if (L.Type.size() == 4 && L.Type[0].getIdentifierInfo() &&
      L.Type[0].getIdentifierInfo()->getName() == "__typeof__")
    return true;
  for (size_t I = 0; I < L.Type.size(); ++I) {
    const Token &T = L.Type[I];
    if (T.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short, tok::kw_char,
                  tok::kw_unsigned, tok::kw_signed) ||
        T.isOneOf(tok::kw__Bool, tok::kw_const, tok::kw_volatile))
      continue;
    // `enum e`: a tag, declared before the loop in any code seen so far.
    if (T.is(tok::kw_enum) && I + 1 < L.Type.size() &&
        L.Type[I + 1].is(tok::identifier)) {
      ++I;
      continue;
    }
    // A typedef the pragma sees (size_t, a program's own).
    if (T.is(tok::identifier) && lookupName(T) == NameKind::Type)
      continue;
    return false;
  }
  return true;
}

// The inner loops' bounds of one annotated loop's accesses, each converted
// and checked once however many accesses it spans: Decls declares them, and
// goes before the accesses' code in the descriptor's block.
struct InnerBounds {
  std::map<unsigned, std::pair<Code, Code>> Known; // by the variable's place
  Code Decls;
};

// An inner loop's first value and bound for its span: exact where its type
// can be named there (above), then the names __proact_sfN and __proact_slN
// that IB.Decls declares, with the check that the loop does not wrap.
void innerFirstBound(const CanonicalLoop &L, InnerBounds &IB, Code &First,
                     Code &Bound) {
  if (!innerTypeNameable(L)) {
    First = Code::asLongLong(Code().add(L.First));
    Bound = Code::asLongLong(Code().add(L.Bound));
    return;
  }
  const unsigned Key = L.Var.getLocation().getRawEncoding();
  auto It = IB.Known.find(Key);
  if (It == IB.Known.end()) {
    const std::string K = num((long long)IB.Known.size());
    const Code Type = loopVarType(L);
    const Code F("__proact_sf" + K), B("__proact_sl" + K);
    Code Decl, Value;
    loopBound(L, Type, "__proact_sb" + K, F, Decl, Value);
    IB.Decls.add(Decl);
    IB.Decls << "const long long __proact_sf" + K + " = " << loopFirst(L, Type)
             << ", __proact_sl" + K + " = " << Value << ";";
    // An inner loop that wraps around writes where no span says.
    IB.Decls.add(loopFits(L, Type, F, B));
    It = IB.Known.emplace(Key, std::make_pair(F, B)).first;
  }
  First = It->second.first;
  Bound = It->second.second;
}

// A guarded store's inner loop L runs, for the store, only where the
// conditions around it let L's variable be (Access::VarGuard): Bound (a
// long long value) shrinks to that, and with a step of 1 or -1 First too
// (another step's values keep First's residue: the runtime finds the last
// one from the bound).
void guardedRange(const Access &X, const CanonicalLoop &L, Code &First,
                  Code &Bound) {
  auto It = X.VarGuard.find(L.VarName);
  if (It == X.VarGuard.end())
    return;
  const bool Unit = L.Step.pieces().size() == 1 && L.Step.pieces()[0].IsText &&
                    (L.Step.pieces()[0].Text == "1" ||
                     L.Step.pieces()[0].Text == "-1");
  const int Sign = Unit ? (L.Step.pieces()[0].Text == "1" ? 1 : -1)
                        : L.StepSign;
  const Code &Lo = It->second.first, &Hi = It->second.second;
  auto Clamp = [](const char *F, const Code &A, const Code &B) {
    return Code(F).add(A).add(", ").add(B).add(")");
  };
  // Ascending (< or <=) or descending (> or >=): the guard's near end
  // clamps the first value, its far end the bound (one past it for a
  // strict comparison).
  const bool Up = Sign > 0 &&
                  (L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_LE);
  const bool Down = Sign < 0 &&
                    (L.Cmp == PROACT__CMP_GT || L.Cmp == PROACT__CMP_GE);
  if (!Up && !Down)
    return;
  const Code &Near = Up ? Lo : Hi, &Far = Up ? Hi : Lo;
  const bool Strict = L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_GT;
  if (!Near.empty() && Unit)
    First = Clamp(Up ? "proact__max(" : "proact__min(", First, Near);
  if (!Far.empty())
    Bound = Clamp(Up ? "proact__min(" : "proact__max(", Bound,
                  Strict ? Code("proact__add(")
                               .add(Far)
                               .add(Up ? ", 1LL)" : ", -1LL)")
                         : Far);
}

// The spans of access Slot whose inner loops' bounds move (X.Dependent):
// each enclosing loop's range, in order, from the annotated variable's
// (__proact_ilo, __proact_ihi) and the outer loops' (bounds.h). A loop whose
// bounds move with the annotated variable i alike (a tile, a window) is
// A * i + u: its coefficient joins i's and u's range is added; a clamp
// (MIN/MAX) is kept in a second form over the loops' whole ranges, and the
// runtime intersects both (proact__access_t.bounded). A loop whose bounds
// are affine in i alone records them (proact__span_add_dep). Any other
// loop adds its whole range. Returns how exact the form is: 0, a hull
// (inexact 1); 1, every moving loop recorded so with a step of 1, so that
// one iteration's elements are known exactly (inexact 2); 2, every moving
// loop a window shifted whole (no MIN, MAX or bounded term), whose
// shift joined i's coefficient: the form is each iteration's, moved by
// its coefficient from one to the next, as an access without moving
// loops (inexact 0).
int emitDependentSpans(Preprocessor &PP, Code &C, const std::string &Slot,
                       const Access &X, const std::string &OuterVar,
                       InnerBounds &IB) {
  RangeNames R;
  R[OuterVar] = {"__proact_ilo", "__proact_ihi"};
  Code CoefA = Code::asLongLong(X.Coef);
  Code Spans;
  bool AnyClamped = false, ExactEach = true, AnyDep = false;
  C << "{";
  for (size_t M = 0; M < X.Inner.size(); ++M) {
    const InnerTerm &T = X.Inner[M];
    const CanonicalLoop &L = T.Loop;
    const std::string Rl = "__proact_rl" + num((long long)M),
                      Rh = "__proact_rh" + num((long long)M);
    const Code Coef = Code::asLongLong(T.Coef);
    const Code Step = Code::asLongLong(L.Step);
    const bool Asc = L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_LE;
    if (!T.Dependent) {
      Code First, Bound;
      innerFirstBound(L, IB, First, Bound);
      C << "long long " + Rl + " = 1, " + Rh + " = 0; {"
        << "const long long __proact_t = proact__trip_count("
        << First << ", " << Bound << ", " << Step
        << ", " + num(L.Cmp) +
               ", __proact_desc.file, __proact_desc.line); if (__proact_t > "
               "0) { const long long __proact_v = proact__range_last("
        << First << ", " << Step
        << ", __proact_t); " + Rl + " = proact__min(" << First
        << ", __proact_v); " + Rh + " = proact__max(" << First
        << ", __proact_v); } }";
      Spans << "proact__span_add(&" + Slot + ", " << Coef << ", " << First
            << ", " << Bound << ", " << Step << ", " + num(L.Cmp) + ");";
    } else {
      Code Lo, Hi;
      if (Asc) {
        Lo = boundLow(T.First, R);
        Hi = boundHigh(T.Bound, R);
        if (L.Cmp == PROACT__CMP_LT)
          Hi = Code("proact__add(").add(Hi).add(", -1LL)");
      } else {
        Hi = boundHigh(T.First, R);
        Lo = boundLow(T.Bound, R);
        if (L.Cmp == PROACT__CMP_GT)
          Lo = Code("proact__add(").add(Lo).add(", 1LL)");
      }
      C << "const long long " + Rl + " = " << Lo << ", " + Rh + " = " << Hi
        << ";";
      Shift S;
      if ((mentions(T.First, OuterVar) || mentions(T.Bound, OuterVar)) &&
          shiftOf(PP, OuterVar, T.First, T.Bound, Asc, R, S)) {
        // j = i - 1 .. i + 1 moves with i whole: each iteration's form is
        // the shifted span itself; a clamped one (MIN, MAX) also needs the
        // second form below, and proves nothing about single iterations.
        AnyClamped |= !S.Whole;
        ExactEach &= S.Whole;
        CoefA = Code("proact__add(")
                    .add(CoefA)
                    .add(", proact__mul(")
                    .add(Coef)
                    .add(", ")
                    .add(Code::asLongLong(S.A))
                    .add("))");
        Spans << "proact__span_add(&" + Slot + ", " << Coef << ", " << S.First
              << ", " << S.Bound << ", "
              << (S.Exact ? Step : Code(Asc ? "1LL" : "-1LL"))
              << ", " + num(L.Cmp) + ");";
      } else if (Code LoA, LoB, HiA, HiB;
                 affineIn(Asc ? T.First : T.Bound, OuterVar, LoA, LoB) &&
                 affineIn(Asc ? T.Bound : T.First, OuterVar, HiA, HiB)) {
        // Bounds affine in i alone (a triangle): the runtime narrows the
        // hull to each part's and each block's own iterations.
        if (L.Cmp == PROACT__CMP_LT)
          HiB = Code("proact__add(").add(Code::asLongLong(HiB)).add(", -1LL)");
        if (L.Cmp == PROACT__CMP_GT)
          LoB = Code("proact__add(").add(Code::asLongLong(LoB)).add(", 1LL)");
        ExactEach &= L.Step.pieces().size() == 1 &&
                     L.Step.pieces()[0].IsText &&
                     (L.Step.pieces()[0].Text == "1" ||
                      L.Step.pieces()[0].Text == "-1");
        AnyDep = true;
        Spans << "proact__span_add_dep(&" + Slot + ", " << Coef << ", "
              << Code::asLongLong(LoA) << ", " << Code::asLongLong(LoB)
              << ", " << Code::asLongLong(HiA) << ", "
              << Code::asLongLong(HiB) << ", __proact_ilo, __proact_ihi);";
      } else {
        ExactEach = false;
        Spans << "proact__span_add(&" + Slot + ", " << Coef
              << ", " + Rl + ", " + Rh + ", 1LL, " + num(PROACT__CMP_LE) +
                     ");";
      }
    }
    C << "(void)" + Rl + "; (void)" + Rh + ";";
    R[L.VarName] = {Rl, Rh};
  }
  C << Slot + ".coef = " << CoefA << ";";
  C << Spans;
  if (AnyClamped) {
    // The second form: i's own coefficient, every loop over its range.
    C << "proact__access_t __proact_bf = " + Slot + "; __proact_bf.empty = "
         "0; __proact_bf.coef = "
      << Code::asLongLong(X.Coef) << "; __proact_bf.off_min = "
      << Code::asLongLong(X.Offset) << "; __proact_bf.off_max = "
      << Code::asLongLong(X.Offset) << ";";
    for (size_t M = 0; M < X.Inner.size(); ++M)
      C << "proact__span_add(&__proact_bf, "
        << Code::asLongLong(X.Inner[M].Coef)
        << ", __proact_rl" + num((long long)M) + ", __proact_rh" +
               num((long long)M) + ", 1LL, " + num(PROACT__CMP_LE) + ");";
    C << Slot + ".bounded = 1; " + Slot + ".bcoef = __proact_bf.coef; " +
             Slot + ".boff_min = __proact_bf.off_min; " + Slot +
             ".boff_max = __proact_bf.off_max; if (__proact_bf.empty) " +
             Slot + ".empty = 1;";
  }
  C << "}";
  return !ExactEach ? 0 : AnyDep ? 1 : 2;
}

// Declares and fills `proact__access_t Var[]` for the given accesses.
void emitAccesses(Preprocessor &PP, Code &C, const std::string &Var,
                  const std::vector<Access> &List, const std::string &OuterVar,
                  InnerBounds &IB) {
  // None: the descriptor's pointer is null (a zeroed array per loop was
  // code for nothing).
  if (List.empty())
    return;
  // Zeroed as a whole, then only the fields that are not zero: a run of
  // zero stores per access made LLVM's MemCpyOpt quadratic in a function of
  // hundreds of loops.
  C << "proact__access_t " + Var + "[" + num(List.size()) + "] = {0};";
  for (size_t S = 0; S < List.size(); ++S) {
    const Access &X = List[S];
    Where SW = whereOf(PP, X.At.getLocation());
    std::string Slot = Var + "[" + num(S) + "]";
    C << Slot + ".array = " + num(X.Array) + "; " + Slot +
             ".whole = " + (X.Whole ? "1" : "0") + ";";
    C << Slot + ".line = " + num(SW.Line) + "; " + Slot +
             ".col = " + num(SW.Col) + "; " + Slot +
             ".guarded = " + (X.Guarded ? "1" : "0") + ";";
    if (X.Dependent || !X.Len.empty() || X.MemberApart)
      C << Slot + ".inexact = 1;";
    if (X.Whole)
      continue;
    C << Slot + ".coef = " << Code::asLongLong(X.Coef) << ";";
    C << Slot + ".off_min = " << Code::asLongLong(X.Offset) << ";";
    if (X.Len.empty())
      C << Slot + ".off_max = " + Slot + ".off_min;";
    else // a reads(...) section; an empty one reads nothing
      C << Slot + ".off_max = " + Slot + ".off_min + " << Code::asLongLong(X.Len)
        << " - 1; if (" + Slot + ".off_max < " + Slot + ".off_min) " + Slot +
               ".empty = 1;";
    // Coef times loop L's range (as its guards narrow it) added to the span.
    auto addSpan = [&](const Code &Coef, const CanonicalLoop &L) {
      Code First, Bound;
      innerFirstBound(L, IB, First, Bound);
      guardedRange(X, L, First, Bound);
      C << "proact__span_add(&" + Slot + ", " << Code::asLongLong(Coef)
        << ", " << First << ", " << Bound << ", "
        << Code::asLongLong(L.Step) << ", " + num(L.Cmp) + ");";
    };
    // A loop the index does not use adds no offset, but one that runs no
    // iteration marks the access empty (no false dependence through it).
    for (const CanonicalLoop &L : X.Idle)
      addSpan(Code("0"), L);
    if (X.Dependent) {
      const int Form = emitDependentSpans(PP, C, Slot, X, OuterVar, IB);
      if (Form > 0 && X.Len.empty())
        C << Slot + ".inexact = " + (Form == 2 ? "0" : "2") + ";";
      continue;
    }
    for (const InnerTerm &T : X.Inner)
      addSpan(T.Coef, T.Loop);
    // A guarded store stays within what its conditions allow: the runtime
    // intersects its span with that range (a constant second form). A
    // condition on the loop's variable alone (if (i + 1 < n) b[i + 1][j])
    // bounds the index by coef * [lo, hi] plus the offsets the inner loops
    // gave it.
    const auto Var = X.VarGuard.find(OuterVar);
    if (!X.GuardLo.empty() || !X.GuardHi.empty() ||
        Var != X.VarGuard.end()) {
      C << "{ long long __proact_gl = "
        << (X.GuardLo.empty() ? Code("PROACT__LL_MIN") : X.GuardLo)
        << ", __proact_gh = "
        << (X.GuardHi.empty() ? Code("PROACT__LL_MAX") : X.GuardHi) << ";";
      if (Var != X.VarGuard.end())
        C << "{ const long long __proact_vl = "
          << (Var->second.first.empty() ? Code("PROACT__LL_MIN")
                                        : Var->second.first)
          << ", __proact_vh = "
          << (Var->second.second.empty() ? Code("PROACT__LL_MAX")
                                         : Var->second.second)
          << "; if (__proact_vl <= __proact_vh) { __proact_gl = "
             "proact__max(__proact_gl, proact__add(proact__range_lo(" +
                 Slot + ".coef, __proact_vl, __proact_vh), " + Slot +
                 ".off_min)); __proact_gh = proact__min(__proact_gh, "
                 "proact__add(proact__range_hi(" + Slot +
                 ".coef, __proact_vl, __proact_vh), " + Slot +
                 ".off_max)); } else { " + Slot + ".empty = 1; } }";
      C << Slot + ".bounded = 1; " + Slot + ".boff_min = __proact_gl; " +
               Slot + ".boff_max = __proact_gh; }";
    }
  }
}

// Whether the annotated loop's variable is declared and steps by +1: then
// it is computed as first + k in its own type (32-bit index arithmetic for
// an int loop); otherwise as first + k * step.
// A descending loop by 1 counts as one: its iterations are numbered from
// its lowest index (proact__loop_ascend), so the step is +1 at run time.
bool unitStep(const CanonicalLoop &L) {
  if (L.Type.empty() || L.Step.pieces().size() != 1 ||
      !L.Step.pieces()[0].IsText)
    return false;
  const std::string &S = L.Step.pieces()[0].Text;
  return (S == "1" && (L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_LE)) ||
         (S == "-1" && (L.Cmp == PROACT__CMP_GT || L.Cmp == PROACT__CMP_GE));
}

// The annotated loop's variable at iteration number K (C text).
std::string varValue(const CanonicalLoop &L, const std::string &K) {
  return unitStep(L) ? "(__proact_first + " + K + ")"
                     : "(__proact_first + " + K + " * __proact_step)";
}

// The loop variables of iteration k (and of the collapsed inner loops'
// iteration numbers __proact_j1, __proact_j2), declared (or, for an
// undeclared variable, assigned) before the body.
void emitOuterVar(Code &C, const CanonicalLoop &L,
                  const std::string &K = "__proact_k") {
  const std::string Value = varValue(L, K);
  if (!L.Type.empty())
    C << L.Type << L.Var << "= (" << L.Type << ")" + Value + ";";
  else
    C << L.Var << "= (__typeof__(" << L.Var << "))" + Value + ";";
}

void emitInnerVars(Code &C, const CollapsedNest &Nest) {
  for (size_t M = 0; M < Nest.Loops.size(); ++M) {
    const CanonicalLoop &In = Nest.Loops[M];
    C << In.Type << In.Var << "= (" << In.Type << ")("
      << Code::asLongLong(Code().add(In.First)) << " + __proact_j" +
             num((long long)M + 1) + " * "
      << Code::asLongLong(In.Step) << ");";
  }
}

void emitLoopVars(Code &C, const CanonicalLoop &L, const CollapsedNest &Nest) {
  emitOuterVar(C, L);
  emitInnerVars(C, Nest);
}

// The team's share of block [__proact_blo, __proact_bhi): its iterations
// and the collapsed inner loops' form one flat range, which the team's
// threads walk in turn (thread t takes t, t + T, ..., so neighbouring
// threads take neighbouring innermost iterations: coalesced). The position
// is kept as mixed-radix digits (k, j1, j2) and advanced by T's digits
// with carries, so no division runs per iteration. A plain loop, not an
// OpenMP worksharing loop: that one costs registers and bandwidth.
// `continue` in the body reaches the advance; `break` is rejected by the
// check copy (emitBreakCheck).
// A 1-D walk of a one-assignment body, or of one ending in its one store
// (G; only found when no inner loop is collapsed) runs in groups of G->U
// iterations, loads first (ilp.h), then the remainder one at a time. The
// forwarding body (Forward) forwards each grouped store, so it needs the
// stored array.
struct Grouping {
  Assignment A;
  unsigned U = 1;
  int Array = -1; // the one store's array, -1: unknown
  bool Merged = false; // column rows as the group's first plus u (ilp.h)
  VectorPlan Vec;      // consecutive groups where aligned (vector_walk.h)
};

// The 1-D walk's strided groups (k, k + T, ...), then the remainder.
void emitStridedGroups(Code &C, const CanonicalLoop &L,
                       const CollapsedNest &Nest, const Code &Body,
                       const Grouping &G, bool Forward) {
  std::vector<std::string> Values;
  for (unsigned u = 0; u < G.U; ++u)
    Values.push_back(varValue(
        L, "(__proact_k + " + std::to_string(u) + " * __proact_s0)"));
  C << "{ long long __proact_k = __proact_blo + __proact_t0;";
  emitIlpWalk(C, L, G.A, Values, Forward ? G.Array : -1);
  C << "for (; __proact_k < __proact_bhi; __proact_k += __proact_s0) {";
  emitLoopVars(C, L, Nest);
  C << "{" << Body << "}} }";
}

void emitBlockLoop(Code &C, const CanonicalLoop &L, const CollapsedNest &Nest,
                   const Code &Body, const Grouping *G = nullptr,
                   bool Forward = false, bool Vector = false);

// The 1-D walk's consecutive groups (vector_walk.h): the block's head, one
// iteration at a time, up to the first iteration whose store lies on a
// 16-byte boundary; from there thread t takes groups of U iterations
// t * U, (t + T) * U, ..., each told aligned; the thread whose group
// passes the block's end runs that group's part one at a time. Where some
// access is not aligned with the store, the block one iteration at a time
// (keeping the strided groups as well would cost registers);
// where U elements do not span 16 bytes (a constant condition), the
// strided groups alone.
// The head, the tail and a misaligned block share one loop of single
// iterations (pass 0: the head or the whole block; pass 1: the groups,
// then the tail), so the body is copied U + 1 times, not U + 3.
void emitConsecutiveGroups(Code &C, const CanonicalLoop &L,
                           const CollapsedNest &Nest, const Code &Body,
                           const Grouping &G) {
  const std::string U = std::to_string(G.U);
  // The constant condition goes through a variable: clang's flow analysis
  // then sees no branch it never takes (-Wunreachable-code would name the
  // user's body in it), and the optimiser still folds it.
  C << "{ const int __proact_fits = " << vectorFits(G.Vec, G.U) << ";";
  C << "if (__proact_fits) {";
  C << "long long __proact_h; int __proact_vec;";
  C << "{";
  emitOuterVar(C, L, "__proact_blo");
  C << "__proact_h = " << vectorPeel(G.Vec, L.VarName) << ";}";
  C << "{";
  emitOuterVar(C, L, "(__proact_blo + __proact_h)");
  C << "__proact_vec = " << vectorAligned(G.Vec, L.VarName) << ";}";
  C << "long long __proact_k = __proact_blo + __proact_t0; const long long "
       "__proact_hend = __proact_vec && __proact_blo + __proact_h < "
       "__proact_bhi ? __proact_blo + __proact_h : __proact_bhi;";
  // Head and tail are under U iterations a thread, and the passes two:
  // unrolled or vectorised (on a host device, for a stride of 1), they
  // cost registers and copies of the body.
  const std::string NoUnroll =
      "_Pragma(\"clang loop unroll(disable) vectorize(disable)\")";
  C << NoUnroll;
  C << "for (int __proact_pass = 0; __proact_pass <= __proact_vec; "
       "__proact_pass++) {";
  C << "if (__proact_pass) {";
  C << "__proact_k = __proact_blo + __proact_h + " + U + " * __proact_t0;";
  std::vector<std::string> Values;
  for (unsigned u = 0; u < G.U; ++u)
    Values.push_back(varValue(L, "(__proact_k + " + std::to_string(u) + ")"));
  const Code Assumes = vectorAssumes(G.Vec, L.VarName);
  emitIlpWalk(C, L, G.A, Values, -1, "1", &Assumes);
  C << "}";
  // The pass picks bound and stride in the loop's header, not by variables
  // assigned after the groups, whose copies would join the groups' loop.
  C << NoUnroll;
  C << "for (; __proact_k < (__proact_pass ? __proact_bhi : __proact_hend); "
       "__proact_k += (__proact_pass ? 1 : __proact_s0)) {";
  emitLoopVars(C, L, Nest);
  C << "{" << Body << "}}";
  C << "}";
  C << "} else ";
  emitStridedGroups(C, L, Nest, Body, G, false);
  C << "}";
}

// Vector: consecutive groups allowed (not in the forwarding kernel, whose
// plain blocks would take more registers with them).
void emitBlockLoop(Code &C, const CanonicalLoop &L, const CollapsedNest &Nest,
                   const Code &Body, const Grouping *G, bool Forward,
                   bool Vector) {
  const size_t M = Nest.Loops.size();
  if (G != nullptr && G->U > 1 && Vector && !Forward && G->Vec.usable()) {
    emitConsecutiveGroups(C, L, Nest, Body, *G);
    return;
  }
  if (G != nullptr && G->U > 1 && (!Forward || G->Array >= 0)) {
    emitStridedGroups(C, L, Nest, Body, *G, Forward);
    return;
  }
  C << "for (long long __proact_k = __proact_blo + __proact_t0";
  for (size_t J = 1; J <= M; ++J)
    C << ", __proact_j" + num((long long)J) + " = __proact_t" + num((long long)J);
  C << "; __proact_k < __proact_bhi; __proact_k += __proact_s0";
  for (size_t J = 1; J <= M; ++J)
    C << ", __proact_j" + num((long long)J) + " += __proact_s" +
             num((long long)J);
  for (size_t J = M; J >= 1; --J) {
    std::string Dj = "__proact_j" + num((long long)J);
    std::string Up = J == 1 ? "__proact_k" : "__proact_j" + num((long long)J - 1);
    C << ", (" + Dj + " >= __proact_tr" + num((long long)J) + " ? (" + Dj +
             " -= __proact_tr" + num((long long)J) + ", " + Up + "++) : 0)";
  }
  C << ") {";
  emitLoopVars(C, L, Nest);
  C << "{" << Body << "}}";
}

// Whether a loop's kernels are bare (`target teams ompx_bare`, clang 18+):
// a kernel that needs nothing of the OpenMP device runtime skips its team
// start (the team state and its barriers) and reads its identities from the
// hardware; its scalar reductions fold with bar.sync (kernel_ids.h), and the
// readiness code (device_ready.h) is told so by its `bare` argument. An
// array reduction's per-thread copies use the runtime's team.
bool bareKernel(const Directive &D) {
  return HasBareKernels && !hasArrayReduction(D);
}

// The `bare` argument of the readiness calls (device_ready.h).
const char *bareArg(bool Bare) { return Bare ? "1" : "0"; }

// A kernel's walk in two versions: Full, the device's, and Simple, its
// host fallback's. The host fallback (the target region's host version)
// runs the flat plain kernel of a program without devices (HostRuns); a
// readiness or column kernel's must never run and has no walk
// (proact__host_fallback reports it). Both passes parse both walks, so
// that the kernel captures the same variables in each; the test is a
// literal of each pass (hostCodeTest), so CodeGen emits neither the
// host's device walk nor the device's fallback. Full comes first: the
// captures keep the order of the device walk's uses.
template <typename FullFn, typename SimpleFn>
void emitHostSplit(Code &C, const std::string &Where, bool HostRuns,
                   FullFn Full, SimpleFn Simple) {
  C << std::string("if (!") + hostCodeTest() + ") {";
  Full();
  C << "} else {";
  C << "proact__host_fallback(" + Where + ", " + (HostRuns ? "1" : "0") +
           ");";
  if (HostRuns)
    Simple();
  C << "}";
}

// The thread's start (t0, t1, t2) and stride (s0, s1, s2) as digits of
// t and T in the radices of the collapsed inner loops' trip counts.
void emitThreadDigits(Code &C, size_t M, const KernelIds &Ids) {
  C << std::string("const long long __proact_t = ") + Ids.Thread +
           ", __proact_T = " + Ids.Threads +
           "; long long __proact_r = __proact_t, __proact_R = __proact_T;";
  // proact__thread_digit: 32-bit divisions only (a 64-bit one is a
  // called routine whose registers the whole kernel reserves).
  for (size_t J = M; J >= 1; --J) {
    std::string N = num((long long)J);
    C << "long long __proact_t" + N + ", __proact_s" + N +
             "; proact__thread_digit(&__proact_r, &__proact_R, __proact_tr" +
             N + ", &__proact_t" + N + ", &__proact_s" + N + ");";
  }
  C << "const long long __proact_t0 = __proact_r, __proact_s0 = __proact_R;";
}

// The part's kernel: teams take the part's blocks (proact__block_walk_*:
// consecutive iterations; block b by team b mod teams; the instrumented
// kernel by ticket where most blocks report, proact__ready_walk, so that
// blocks finish in order and chunks become ready while the kernel runs;
// the readiness kernels those whose chunks other devices read first); the
// threads of a team share a block (emitBlockLoop). Three kernels per loop,
// so that each has only the registers it needs: plain (no readiness
// state), instrumented (the team reports each finished block,
// proact/detail/device_ready.h) and, with Forwarding, inline's (blocks
// whose chunks some device reads run the forwarding body).
// A kernel's pragmas (an SPMD target teams + parallel, or one bare target
// teams: bareKernel), its opening brace, the arrays' names bound to the
// part's device copies (emitArrayShadows; in the parallel region, so each
// thread's own) and the part's iterations as __proact_itk.
// The kernel's pragmas: emitKernelOpen's, and a stub's.
void emitKernelPragmas(Code &C, const Directive &D, const CanonicalLoop &L,
                       bool Ready, bool Checks, bool Bare) {
  std::string Target = std::string("omp target teams ") +
                       (Bare ? "ompx_bare " : "") +
                       "num_teams(__proact_nt) "
                       "thread_limit(__proact_nth) device(__proact_dev)" +
                       partBasesClause(D);
  if (partItersByPointer())
    Target += " is_device_ptr(__proact_itp)";
  if (Ready)
    Target += " is_device_ptr(__proact_rd)";
  if (Checks) // the fault slot of the checked loads (read_check.h)
    Target += " is_device_ptr(__proact_rf)";
  Target += reductionTargetClauses(D);
  std::string Parallel = "omp parallel num_threads(__proact_nth)";
  if (L.Type.empty())
    Parallel += " private(" + L.VarName + ")";
  C << "_Pragma(" + quoted(Target) + ")";
  if (!Bare)
    C << "_Pragma(" + quoted(Parallel) + ")";
}

void emitKernelOpen(Code &C, const Directive &D, const CanonicalLoop &L,
                    bool Ready, bool Checks, bool Bare) {
  emitKernelPragmas(C, D, L, Ready, Checks, Bare);
  if (Bare) {
    // Each GPU thread runs the whole region: a local of the region is the
    // thread's own, as private() makes it in the parallel region.
    C << "{";
    emitArrayShadows(C, D);
    if (L.Type.empty())
      C << "__typeof__(" + L.VarName + ") " + L.VarName + ";";
  } else {
    C << "{";
    emitArrayShadows(C, D);
  }
  emitReductionThreadStart(C, D);
  if (partItersByPointer())
    // Field by field: loaded once here, not forwarded to each use.
    C << "const proact__part_iters_t __proact_itk = {__proact_itp->lo, "
         "__proact_itp->end, __proact_itp->piece, __proact_itp->stride, "
         "__proact_itp->block, __proact_itp->bpp, __proact_itp->tiles, "
         "__proact_itp->tile};";
  else
    C << "const proact__part_iters_t __proact_itk = {__proact_il, "
         "__proact_ie, __proact_ip, __proact_is, __proact_ib, __proact_ibp, "
         "__proact_itt, __proact_itw};";
}

// A kernel that a CPU device's pass keeps only for its name (KernelForm::
// Stub): the host pass launches it by name, the runtime never there
// (__proact_one), so it takes whatever it takes and traps.
void emitStubKernel(Code &C, const Directive &D, const CanonicalLoop &L,
                    bool Ready, bool Checks, bool Bare) {
  emitKernelPragmas(C, D, L, Ready, Checks, Bare);
  C << "{ __builtin_trap(); }";
}

// First in every kernel, never run: the loop's variables and body as the
// plain walk has them. A target region's captures are passed by position,
// in the order of their first use; each pass's walk may group iterations
// differently (ilp.h: a CPU device's pass groups none), and this copy makes
// the order the same in the host pass and every device pass.
void emitCaptureOrder(Code &C, const CanonicalLoop &L,
                      const CollapsedNest &Nest, const Code &Body,
                      bool Ready) {
  C << std::string("if (") + NeverRuns + ") for (long long __proact_k = 0";
  for (size_t J = 1; J <= Nest.Loops.size(); ++J)
    C << ", __proact_j" + num((long long)J) + " = 0";
  C << ";;) {";
  // the walks' own captures, which the passes' walks use in other orders
  if (Ready)
    C << "(void)__proact_rd;";
  C << "(void)__proact_nb;";
  for (size_t J = 1; J <= Nest.Loops.size(); ++J)
    C << "(void)__proact_tr" + num((long long)J) + ";";
  emitLoopVars(C, L, Nest);
  C << "{" << Body << "}}";
}

// Sets __proact_bhi = __proact_blo (no iterations) when a collapsed inner
// loop is empty.
void emitEmptyInner(Code &C, size_t M) {
  if (M == 0)
    return;
  C << "if (";
  for (size_t J = 1; J <= M; ++J)
    C << std::string(J > 1 ? " || " : "") + "__proact_tr" + num((long long)J) +
             " <= 0";
  C << ") __proact_bhi = __proact_blo;";
}

// The end of both kernels' block loop (emitKernelClose follows): block
// __proact_b's iterations by EmitBody(body, forward). With Forwarding,
// only blocks whose chunks someone reads forward their stores: the others
// give the forwarding body no readiness state (__proact_rb), so that each
// forward returns at once, a uniform branch per store, and the body is
// compiled once, not twice. Instrumented: the team then reports the block.
// One (a CPU device's one kernel, emitOneKernelMode): the mode decides at
// run time, __proact_md 2 forwarding and 1 reporting.
template <typename EmitFn>
void emitBlockWork(Code &C, const Code &Body, const Code *Forwarding,
                   bool Instrumented, bool Bare, EmitFn EmitBody,
                   bool One = false) {
  if (Forwarding != nullptr) {
    C << std::string("proact__ready_t *const __proact_rb = ") +
             (One ? "__proact_md == 2 && " : "") +
             "proact__ready_block_touches(__proact_rd, __proact_b) ? "
             "__proact_rd : 0;";
    EmitBody(*Forwarding, true);
  } else {
    EmitBody(Body, false);
  }
  if (Instrumented || One)
    C << std::string(One ? "if (__proact_md == 1) " : "") +
             "proact__ready_block_done(__proact_rd, __proact_b, " +
             bareArg(Bare) + ");";
  C << "}";
}

// A readiness kernel's span on the device clock, under PROACT_TRACE
// (proact__ready_kernel_stamp): before its walk, and after.
void emitKernelStamp(Code &C, bool End, bool Bare, bool One = false) {
  if (One)
    C << "if (__proact_md) ";
  C << std::string("proact__ready_kernel_stamp(__proact_rd, ") +
           (End ? "1, " : "0, ") + bareArg(Bare) + ");";
}

// The end of a kernel, after its block loop: the reduction's fold, if any.
void emitKernelClose(Code &C, const Directive &D, const KernelIds &Ids) {
  emitReductionThreadEnd(C, D, Ids);
  C << " }";
}

// A CPU device's one kernel per loop (KernelForm::One): the part's mode,
// from its readiness state (none: the plain kernel's walk; inline's: the
// forwarding kernel's; another's: the instrumented kernel's), so that one
// walk and one copy of the body serve the three.
void emitOneKernelMode(Code &C) {
  C << "const int __proact_md = __proact_rd == 0 ? 0 : __proact_rd->mode "
       "== PROACT__READY_INLINE ? 2 : 1;";
}

// emitKernel's walk: the thread's digits, then the teams' blocks. One: the
// three kernels' walks in one (emitOneKernelMode), each block taken as the
// mode's kernel takes it (proact__one_walk).
void emitFlatWalk(Code &C, const Directive &D, const CanonicalLoop &L,
                  const CollapsedNest &Nest, const Code &Body,
                  const Code *Forwarding, bool Instrumented, const Grouping *G,
                  bool Bare, bool One = false) {
  const size_t M = Nest.Loops.size();
  const KernelIds &Ids = kernelIds(Bare);
  const bool Readiness = Forwarding != nullptr || Instrumented || One;
  emitThreadDigits(C, M, Ids);
  if (One)
    emitOneKernelMode(C);
  if (Readiness)
    emitKernelStamp(C, false, Bare, One);
  if (One) {
    const std::string B = bareArg(Bare);
    const bool Ordered = D.Reductions.empty();
    C << std::string("const int __proact_tk = ") +
             (Ordered ? "__proact_md == 1 && __proact_rd->ticketed" : "0") +
             "; proact__block_walk_t __proact_w; for (unsigned __proact_bk "
             "= 0;; __proact_bk++) { proact__one_walk(__proact_rd, "
             "__proact_tk, " + (Ordered ? "1" : "0") + ", &__proact_itk, "
             "__proact_bk, &__proact_w, " + B + "); if (__proact_w.b >= "
             "__proact_nb) break;";
  } else if (Instrumented && D.Reductions.empty()) {
    // by ticket where the runtime says so, the blocks other devices read
    // first (device_protocol.h); a reduction keeps the fixed walk, whose
    // fold repeats bit for bit
    const std::string B = bareArg(Bare);
    C << "const int __proact_tk = __proact_rd->ticketed; "
         "unsigned __proact_bk = 0; proact__block_walk_t __proact_w; "
         "for (proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, "
         "0u, &__proact_w, " + B + "); __proact_w.b < __proact_nb; "
         "proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, "
         "++__proact_bk, &__proact_w, " + B + ")) {";
  } else if (Forwarding != nullptr && D.Reductions.empty()) {
    // the forwarding kernel: places team, team + teams, ..., each block
    // looked up (32-bit divisions), those whose stores other devices read
    // first (proact__ready_block_at)
    C << std::string("const int __proact_teams = ") + Ids.Teams +
             "; proact__block_walk_t __proact_w; "
             "for (long long __proact_pl = " + Ids.Team +
             "; __proact_pl < __proact_nb; __proact_pl += __proact_teams) {"
             "proact__block_walk_at(&__proact_itk, "
             "proact__ready_block_at(__proact_rd, __proact_pl), "
             "&__proact_w);";
  } else {
    C << std::string("const int __proact_teams = ") + Ids.Teams +
             "; proact__block_walk_t __proact_w; "
             "for (proact__block_walk_start(&__proact_itk, " + Ids.Team +
             ", __proact_teams, &__proact_w); __proact_w.b < __proact_nb; "
         "proact__block_walk_next(&__proact_itk, __proact_teams, "
         "&__proact_w)) {";
  }
  // The plain kernel does not report its blocks.
  C << "const long long __proact_b = __proact_w.b; (void)__proact_b; "
       "long long __proact_blo, __proact_bhi; "
       "proact__block_walk_range(&__proact_itk, &__proact_w, &__proact_blo, "
       "&__proact_bhi);";
  emitEmptyInner(C, M);
  emitBlockWork(
      C, Body, Forwarding, Instrumented, Bare,
      [&](const Code &B, bool Forward) {
        emitBlockLoop(C, L, Nest, B, G, Forward, Forwarding == nullptr);
      },
      One);
  if (Readiness)
    emitKernelStamp(C, true, Bare, One);
}

// How this pass writes a kernel (ilp.h, cpuOneKernel): as itself (Own);
// on a CPU device, the plain kernel running all three walks (One, with the
// forwarding body where the loop has one) and the forwarding and
// instrumented kernels as stubs (Stub, emitStubKernel).
enum class KernelForm { Own, One, Stub };

// Ready: the kernel takes the readiness state (a readiness kernel; every
// kernel of a loop that has them, for the CPU device's one kernel).
void emitKernel(Code &C, const Directive &D, const CanonicalLoop &L,
                const CollapsedNest &Nest, const Code &Body,
                const Code *Forwarding, bool Instrumented,
                const Grouping *G, bool Checks,
                const std::string &Where, KernelForm Form, bool Ready) {
  const bool Bare = bareKernel(D);
  if (Form == KernelForm::Stub) {
    emitStubKernel(C, D, L, Ready, Checks, Bare);
    return;
  }
  const bool One = Form == KernelForm::One;
  const bool Plain = One || (Forwarding == nullptr && !Instrumented);
  emitKernelOpen(C, D, L, Ready, Checks, Bare);
  emitCaptureOrder(C, L, Nest, Body, Ready);
  emitHostSplit(
      C, Where, /*HostRuns=*/Plain,
      [&] {
        emitFlatWalk(C, D, L, Nest, Body, Forwarding, Instrumented && !One,
                     One ? nullptr : G, Bare, One);
      },
      [&] {
        emitFlatWalk(C, D, L, Nest, Body, nullptr, false, nullptr, Bare);
      });
  emitKernelClose(C, D, kernelIds(Bare));
}

// One column of a column-walk tile: the thread's innermost iteration
// __proact_jM (the others' digits fixed by the tile), down the block's
// rows __proact_kb + 0, 1, ..., __proact_rows - 1: in groups of G.U rows,
// loads first (ilp.h; with G.Merged the loads two rows of a group share
// are one), then one row at a time. The row counter is an int: the rows
// of a block fit, and a 64-bit induction variable per row of the group
// costs registers.
void emitColumnRows(Code &C, const CanonicalLoop &L, const Code &Body,
                    const Grouping &G, bool Forward) {
  C << "{ int __proact_k = 0; const int __proact_s0 = 1, __proact_bhi = "
       "__proact_rows; (void)__proact_s0;";
  if (G.U > 1 && (!Forward || G.Array >= 0)) {
    std::vector<std::string> Values;
    // Merged: row u is the same expression as row 0's neighbour u, which
    // GVN matches; the other form's int k + u, widened per row, is not.
    for (unsigned u = 0; u < G.U; ++u)
      Values.push_back(
          G.Merged && unitStep(L)
              ? "(__proact_first + __proact_kb + __proact_k + " +
                    std::to_string(u) + ")"
              : varValue(L, "(__proact_kb + (__proact_k + " +
                                std::to_string(u) + "))"));
    emitIlpWalk(C, L, G.A, Values, Forward ? G.Array : -1);
  }
  C << "for (; __proact_k < __proact_bhi; __proact_k++) {";
  emitOuterVar(C, L, "(__proact_kb + __proact_k)");
  C << "{" << Body << "}} }";
}

// The column walk's lanes of one tile: thread t takes innermost iterations
// __proact_jM0 + t, + T, ... of the tile (neighbouring threads,
// neighbouring elements: coalesced), each down all the block's rows.
// IntLane: an int lane counter (a tile is at most 1024 iterations wide,
// runtime/core/plan/geometry.c), which in the bare plain kernel leaves ptxas the
// registers to issue a row group's loads together at LLVM 16's register
// count. Not with a reduction, whose kernel ptxas then gave fewer
// registers but its loads in twice as many batches.
void emitColumnTile(Code &C, const CanonicalLoop &L,
                    const CollapsedNest &Nest, const Code &Body,
                    const Grouping &G, bool Forward, const KernelIds &Ids,
                    bool IntLane) {
  const std::string Last = num((long long)Nest.Loops.size());
  if (IntLane)
    C << std::string("for (int __proact_lane = ") + Ids.Thread +
             "; __proact_lane < (int)" + kernelTileWidth() +
             "; __proact_lane += " +
             Ids.Threads + ") {";
  else
    C << std::string("for (long long __proact_lane = ") + Ids.Thread +
             "; __proact_lane < " + kernelTileWidth() + "; __proact_lane += " +
             Ids.Threads + ") {";
  C << "const long long __proact_j" + Last + " = __proact_jM0 + "
       "__proact_lane; if (__proact_j" + Last + " >= __proact_tr" + Last +
           ") break;";
  emitInnerVars(C, Nest);
  emitColumnRows(C, L, Body, G, Forward);
  C << "}";
}

// The column-walk kernel of a collapsed nest whose body is one assignment,
// or ends in its one store (ilp.h: splitTrailingAssignment) (the runtime
// runs it when the part's iterations have tiles > 0): one
// team per block, a block being `tile` iterations of the innermost loop,
// one of each outer collapsed loop and `block` rows of the annotated loop
// (proact/detail/device_ready.h). Blocks b = team, team + teams, ...
// (proact__tile_walk_*; the instrumented kernel looks each up afresh with
// proact__tile_at, device_ready.h says why; the readiness kernels of a
// loop without a reduction look up the block at each place of the part's
// order, Ordered); the block's digits (outer
// collapsed loops' j1, ..., tile of the innermost) come from 32-bit
// divisions, once a block.
// Instrumented and forwarding as emitKernel's; each kernel has its own
// row groups (columnFactor, mergedRows: ilp.h). emitColumnWalk is the
// walk, emitColumnKernel the kernel around it.
void emitColumnWalk(Code &C, const CanonicalLoop &L,
                    const CollapsedNest &Nest, const Code &Body,
                    const Code *Forwarding, bool Instrumented,
                    const Grouping &KG, bool Bare, bool Lookup,
                    bool Ordered, bool IntLane, bool One = false) {
  const size_t M = Nest.Loops.size();
  const std::string Last = num((long long)M);
  const KernelIds &Ids = kernelIds(Bare);
  const bool Readiness = Forwarding != nullptr || Instrumented || One;
  if (One)
    emitOneKernelMode(C);
  if (Readiness)
    emitKernelStamp(C, false, Bare, One);
  const std::string Tw = kernelTileWidth();
  C << "const unsigned __proact_ntl = ((unsigned)__proact_tr" + Last +
           " + (unsigned)" + Tw + " - 1u) / (unsigned)" + Tw + ";";
  C << std::string("const int __proact_teams = ") + Ids.Teams + "; ";
  // Tile __proact_b looked up afresh (the ordered and lookup walks).
  const char *const TileAt =
      "proact__tile_t __proact_w; long long __proact_blo, __proact_bhi; "
      "proact__tile_at(&__proact_itk, (unsigned)__proact_b, &__proact_w); "
      "proact__tile_range(&__proact_itk, &__proact_w, &__proact_blo, "
      "&__proact_bhi);";
  if (Ordered) {
    // A readiness kernel's places team, team + teams, ..., the tiles whose
    // stores other devices read first (proact__ready_block_at, the order
    // read at each tile: a pointer live across the rows costs registers),
    // each looked up afresh.
    // One: the plain mode's places in turn.
    C << "for (long long __proact_pl = " + std::string(Ids.Team) +
             "; __proact_pl < __proact_nb; __proact_pl += __proact_teams) {"
             "const long long __proact_b = " +
             (One ? "__proact_md ? " : "") +
             "proact__ready_block_at(__proact_rd, __proact_pl)" +
             (One ? " : __proact_pl;" : ";");
    C << TileAt;
  } else if (Lookup) {
    // Each tile looked up afresh (proact__tile_at). In the bare plain
    // kernel, a walk's digits, live across the rows, left ptxas (given
    // LLVM 22's code) too few registers to issue a row group's loads
    // together; its teams take one tile each as the runtime sizes them
    // (loop.c).
    C << std::string("for (long long __proact_b = ") + Ids.Team +
             "; __proact_b < __proact_nb; __proact_b += __proact_teams) {";
    C << TileAt;
  } else {
    C << std::string("proact__tile_walk_t __proact_w; "
                     "for (proact__tile_walk_start(&__proact_itk, ") +
             Ids.Team +
             ", __proact_teams, &__proact_w); __proact_w.b < __proact_nb; "
             "proact__tile_walk_next(&__proact_itk, __proact_teams, "
             "&__proact_w)) {";
    C << "const long long __proact_b = __proact_w.b; (void)__proact_b; "
         "long long __proact_blo, __proact_bhi; "
         "proact__tile_walk_range(&__proact_itk, &__proact_w, &__proact_blo, "
         "&__proact_bhi);";
  }
  emitEmptyInner(C, M);
  C << std::string("unsigned __proact_c = (unsigned)__proact_w.c; "
                   "const long long __proact_jM0 = (long long)(__proact_c % "
                   "__proact_ntl) * ") +
           kernelTileWidth() + "; __proact_c /= __proact_ntl;";
  for (size_t J = M - 1; J >= 1; --J) {
    const std::string N = num((long long)J);
    if (J == 1) { // what is left is below tr1
      C << "const long long __proact_j1 = __proact_c;";
      break;
    }
    C << "const long long __proact_j" + N + " = __proact_c % (unsigned)"
             "__proact_tr" + N + "; __proact_c /= (unsigned)__proact_tr" +
             N + ";";
  }
  C << "const long long __proact_kb = __proact_blo; const int __proact_rows = "
       "(int)(__proact_bhi - __proact_blo);";
  emitBlockWork(
      C, Body, Forwarding, Instrumented, Bare,
      [&](const Code &B, bool Forward) {
        emitColumnTile(C, L, Nest, B, KG, Forward, Ids, IntLane);
      },
      One);
  if (Readiness)
    emitKernelStamp(C, true, Bare, One);
}

void emitColumnKernel(Code &C, const Directive &D, const CanonicalLoop &L,
                      const CollapsedNest &Nest, const Code &Body,
                      const Code *Forwarding, bool Instrumented,
                      const Grouping &G, bool Checks,
                      const std::string &Where, KernelForm Form,
                      bool Ready) {
  const bool Bare = bareKernel(D);
  if (Form == KernelForm::Stub) {
    emitStubKernel(C, D, L, Ready, Checks, Bare);
    return;
  }
  const bool One = Form == KernelForm::One;
  const ColumnKernel K = One                  ? ColumnKernel::Plain
                         : Forwarding != nullptr ? ColumnKernel::Forwarding
                         : Instrumented       ? ColumnKernel::Instrumented
                                              : ColumnKernel::Plain;
  Grouping KG = G; // this kernel's row groups (ilp.h)
  KG.U = columnFactor(K, !G.A.Prefix.empty(), Bare);
  KG.Merged = mergedRows(K);
  const bool Readiness = !One && (Forwarding != nullptr || Instrumented);
  emitKernelOpen(C, D, L, Ready, Checks, Bare);
  emitCaptureOrder(C, L, Nest, Body, Ready);
  // The bare plain kernel looks each tile up and counts its lanes in an
  // int (emitColumnWalk, emitColumnTile say why); a reduction keeps the
  // 64-bit lane counter. The readiness kernels run the tiles other devices
  // read first, unless a reduction's fold needs the fixed walk.
  const bool BarePlain = Bare && K == ColumnKernel::Plain;
  const bool Ordered = Readiness && D.Reductions.empty();
  // No column kernel runs on the host: without devices the runtime picks
  // the flat walk (geometry.c), whose plain kernel's host version serves.
  emitHostSplit(
      C, Where, /*HostRuns=*/false,
      [&] {
        if (One)
          emitColumnWalk(C, L, Nest, Body, Forwarding, false, KG, Bare, true,
                         D.Reductions.empty(), false, true);
        else
          emitColumnWalk(C, L, Nest, Body, Forwarding, Instrumented, KG,
                         Bare, Instrumented || BarePlain, Ordered,
                         BarePlain && D.Reductions.empty());
      },
      [] {});
  emitKernelClose(C, D, kernelIds(Bare));
}

// Which of the kernels beside the plain one a loop gets.
struct KernelSet {
  bool Forwarding = false;   // mech(inline)'s
  bool Instrumented = false; // poll's, trigger's and dma's
};

// The kernels (forwarding, instrumented, plain), the one for this part
// chosen at run time; the runtime never picks one that is not emitted
// (proact__loop_desc_t.mechs_left_out). __proact_one: the part's device
// runs every walk in the plain kernel (a CPU device, bit 1 of
// __proact_fwd, where this build gives its CPU devices one kernel).
template <typename EmitFn>
void emitKernelChoice(Code &C, const KernelSet &Set, const Code &Forwarding,
                      EmitFn Emit) {
  if (!Set.Forwarding && !Set.Instrumented) {
    Emit(nullptr, false);
    return;
  }
  if (Set.Forwarding) { // mech(inline): the forwarding kernel
    C << "if ((__proact_fwd & 1) && !__proact_one) {";
    Emit(&Forwarding, false);
    C << "} else ";
  }
  if (Set.Instrumented) {
    C << "if (__proact_rd != 0 && !__proact_one) {";
    Emit(nullptr, true);
    C << "} else {";
  } else {
    C << "{";
  }
  Emit(nullptr, false);
  C << "}";
}

// `(void)sizeof(a[1 ? lo : len]);` for each section, from the user's
// tokens (an empty lo is 0): clang parses each expression where the user
// wrote it, and one that ends early meets the user's ':' or ']' next, so
// the error lands on the user's line, not in the lowering that repeats it.
// Unevaluated, the element draws no warning about the access itself
// (-Wunsafe-buffer-usage); a whole array is named as written.
void emitSectionChecks(Code &C, const std::vector<Section> &Sections) {
  for (const Section &S : Sections) {
    C << (S.WholeArray && S.Inner.empty() ? "(void)(" : "(void)sizeof(")
      << S.Name;
    if (!S.WholeArray) {
      C << S.LBracket << "1 ?";
      if (S.Lo.empty())
        C << "0";
      else
        C << S.Lo;
      C << S.Colon << S.Len << S.RBracket;
    }
    for (const SectionDim &Dim : S.Inner) {
      C << Dim.LBracket << "1 ?";
      if (Dim.Lo.empty())
        C << "0";
      else
        C << Dim.Lo;
      C << Dim.Colon << Dim.Len << Dim.RBracket;
    }
    C << ");";
  }
}

} // namespace

void emitClauseChecks(Code &C, const Directive &D) {
  emitSectionChecks(C, D.Arrays);
  if (!D.DecompBlock.empty())
    C << "(void)(" << D.DecompBlock << D.DecompClose << ";";
}

namespace {

// A copy of the loop under an OpenMP worksharing directive, never run, so
// that clang checks what it checks for any parallel loop: a `break` out of
// the loop, a branch out of it. The kernels' plain loops would accept them.
// The clauses' expressions come first (emitClauseChecks), then the header's,
// reads(...)'s in the body, where the loop variable is declared.
void emitBreakCheck(Code &C, const Directive &D, const CanonicalLoop &L,
                    const CollapsedNest &Nest, const Code &Body) {
  // In spread mode the construct may be a task's or a critical region's
  // statement (it then stays OpenMP's, decided later), where a worksharing
  // 'for' may not be closely nested; 'simd' checks the same and may.
  std::string For = openMPSpreadOn() ? "omp simd" : "omp for";
  if (!Nest.Headers.empty())
    For += " collapse(" + num((long long)Nest.Headers.size() + 1) + ")";
  // The declarations lead the block: a C89-style build
  // (-Wdeclaration-after-statement) sees none after a statement; quiet(),
  // for they are plain text after a separate preprocessing step
  // (-save-temps: -Wreserved-identifier).
  C << std::string("if (") + NeverRuns + ") {"
    << quiet(Code("const long long __proact_first = 0, __proact_step = 1, "
                  "__proact_bhi = 0;"));
  emitClauseChecks(C, D);
  // The header's first value and bound, which the lowering repeats: an
  // error in them is reported here once, and the lowering is not emitted.
  C << "(void)(" << L.First << "); (void)(" << L.Bound << ");";
  C << "(void)__proact_step;";
  C << "_Pragma(" + quoted(For) + ")";
  if (unitStep(L))
    C << "for (" << L.Type << L.Var << "= (" << L.Type << ")__proact_first;"
      << L.Var << "< (" << L.Type << ")(__proact_first + __proact_bhi); ++"
      << L.Var << ")";
  else
    C << "for (long long __proact_k = 0; __proact_k < __proact_bhi; "
         "__proact_k++)";
  for (const Tokens &H : Nest.Headers)
    C << H;
  C << "{";
  if (!unitStep(L))
    emitOuterVar(C, L);
  emitSectionChecks(C, D.Reads);
  C << "{" << Body << "}} }";
}

} // namespace

LoopLowering lowerLoop(Preprocessor &PP, const Directive &D,
                       const CanonicalLoop &L, const Tokens &FlatBody,
                       const BodyAccesses &A, const FlatArrays &F,
                       const Directive &Written, const Tokens &WrittenBody) {
  Where W = whereOf(PP, D.Loc);
  // Each thread's own copy of the inner loops' variables declared before
  // the loop (inner_vars.h).
  const Tokens Body = privatizeBody(PP, D.Loc, FlatBody, A.Private);
  // The body a thread runs per iteration: the collapsible nest's, or B.
  const auto NestBody = [&](const Tokens &B,
                            CollapsedNest &N) -> const Tokens & {
    return findCollapsibleNest(PP, L, B,
                               [&](const std::string &Var) {
                                 return innerLoopSplittable(PP, D, A, Var);
                               },
                               N)
               ? N.Body
               : B;
  };
  CollapsedNest Nest;
  const Tokens &KernelBody = NestBody(Body, Nest);
  Code Forwarding;
  bool AnyWhole = false; // a non-affine store: one device, memcpy
  for (const Access &X : A.Writes)
    AnyWhole |= X.Whole;
  // No forwarding kernel where the runtime could never run it
  // (store_runs.h): one run per piece is what inline delivers.
  bool InlineOk = !AnyWhole && storesMayForward(PP, A.Writes, L) &&
                  forwardingBody(KernelBody, A.Writes, Forwarding);
  Grouping G;  // the flat walk's groups (1-D loops only)
  Grouping CG; // the column walk's (collapsed nests only)
  // A body that ends in its one store runs in groups (a nest: walks
  // columns), the statements before the store in each iteration's copy
  // (ilp.h).
  // Each iteration's copy of the statements runs inside the one before
  // (ilp.h), so a local that hides an outer name (double y = s; double s
  // = ...) would be seen by the next copy's use of that name: such a body
  // runs one iteration at a time.
  auto shadows = [&](const Tokens &Prefix) {
    const std::set<std::string> Names = namesDeclaredIn(PP, Prefix);
    for (const Token &T : Prefix)
      if (T.is(tok::identifier) && Names.count(spelling(PP, T)) &&
          lookupDecl(T) != nullptr)
        return true;
    return false;
  };
  auto grouped = [&](Assignment &Out) {
    return splitTrailingAssignment(KernelBody, Out) &&
           (Out.Prefix.empty() || (A.Writes.size() == 1 && !AnyWhole)) &&
           !shadows(Out.Prefix);
  };
  // A group loads before it stores: two updates of one element of a
  // reduced array in one group would lose one.
  const bool Walks = !hasArrayReduction(D);
  const bool Columns = Walks && !Nest.Loops.empty() && grouped(CG.A);
  if (Walks && Nest.Loops.empty() && grouped(G.A))
    G.U = ilpFactor(A.Reads.size());
  if (G.U > 1 && unitStep(L)) // consecutive iterations, consecutive elements
    planVectorWalk(PP, A, G.U, G.Vec);
  if (A.Writes.size() == 1 && !A.Writes[0].Whole)
    G.Array = CG.Array = A.Writes[0].Array;
  Code C;
  C << "{";
  C << privateMarker(A.Private);
  C << F.prologue();
  C << "proact__array_t __proact_arrays[" +
           num(D.Arrays.empty() ? 1 : D.Arrays.size()) + "];";
  emitArrays(C, D.Arrays, "__proact_arrays", "");
  C << devicesInit(D);
  const std::string Dd = "__proact_desc";
  C << "proact__loop_desc_t " + Dd + ";";
  C << Dd + ".file = " + quoted(W.File) + "; " + Dd + ".line = " +
           num(W.Line) + "; " + Dd + ".col = " + num(W.Col) + ";";
  // Spread mode: a reduced scalar OpenMP holds on the device (a 'target
  // enter data', an enclosing 'target data') is reduced from and into
  // that copy, and the host's variable keeps its value, as OpenMP's
  // construct finds it present (proact__omp_mapped_scalar).
  if (inSpreadTrial())
    for (size_t R = 0; R < D.Reductions.size(); ++R)
      if (!D.Reductions[R].IsArray) {
        const std::string &V = D.Reductions[R].Spelling, K = num((long long)R);
        C << "__typeof__(" + V + ") const __proact_rh" + K + " = " + V +
                 "; const int __proact_rp" + K +
                 " = proact__omp_mapped_scalar(&(" + V + "), &(" + V +
                 "), sizeof(" + V + "), " + Dd + ".file, " + Dd + ".line);";
      }
  const Code VarType = loopVarType(L);
  Code BvDecl, Bv;
  loopBound(L, VarType, "__proact_bv", Code(Dd + ".first"), BvDecl, Bv);
  C << Dd + ".first = " << loopFirst(L, VarType) << ";";
  C << Dd + ".step = " << Code::asLongLong(L.Step) << ";";
  C << BvDecl;
  C << Dd + ".trip = proact__trip_count(" + Dd + ".first, " << Bv
    << ", " + Dd + ".step, " + num(L.Cmp) + ", " + Dd + ".file, " + Dd +
           ".line);";
  C << loopFits(L, VarType, Code(Dd + ".first"), Bv);
  // The original first and step give the variable's exit value; the
  // runtime sees the iterations numbered from the lowest index.
  if (L.Type.empty())
    C << "const long long __proact_first0 = " + Dd +
             ".first, __proact_step0 = " + Dd + ".step;";
  C << "proact__loop_ascend(&" + Dd + ");";
  // The annotated variable's range, for inner loops whose bounds use it.
  C << "const long long __proact_ilast = " + Dd + ".trip > 0 ? "
       "proact__range_last(" + Dd + ".first, " + Dd + ".step, " + Dd +
           ".trip) : " + Dd + ".first;";
  C << "const long long __proact_ilo = proact__min(" + Dd +
           ".first, __proact_ilast), __proact_ihi = proact__max(" + Dd +
           ".first, __proact_ilast);";
  C << "(void)__proact_ilo; (void)__proact_ihi;";
  {
    InnerBounds IB;
    Code Acc;
    emitAccesses(PP, Acc, "__proact_writes", A.Writes, L.VarName, IB);
    emitAccesses(PP, Acc, "__proact_reads", A.Reads, L.VarName, IB);
    emitAccesses(PP, Acc, "__proact_implied", A.Implied, L.VarName, IB);
    C << IB.Decls << Acc;
  }
  C << Dd + ".decomp = " + num(D.Decomp) + "; " + Dd + ".decomp_block = ";
  if (!D.DecompBlock.empty())
    C << Code::asLongLong(Code().add(D.DecompBlock)) << ";";
  else
    C << std::string(D.Decomp == PROACT__DECOMP_BLOCK_CYCLIC ? "1" : "0") +
             ";";
  C << Dd + ".mech = " + num(D.Mech) + "; " + Dd + ".chunk = " +
           num(D.Chunk) + "LL; " + Dd + ".threads = " + num(D.Threads) + ";";
  C << devicesFields(D, Dd);
  C << Dd + ".narrays = " + num(D.Arrays.size()) + "; " + Dd +
           ".arrays = __proact_arrays;";
  auto list = [&](const char *Field, const std::vector<Access> &List) {
    C << Dd + ".n" + Field + " = " + num(List.size()) + "; " + Dd + "." +
             Field + " = " +
             (List.empty() ? std::string("0") : "__proact_" + std::string(Field)) +
             ";";
  };
  list("writes", A.Writes);
  list("reads", A.Reads);
  list("implied", A.Implied);
  // The collapsed inner loops' trip counts (__proact_tr1, __proact_tr2;
  // loop-invariant), for the runtime's block size and the kernels' walk.
  for (size_t M = 0; M < Nest.Loops.size(); ++M) {
    const CanonicalLoop &In = Nest.Loops[M];
    const Code InType = loopVarType(In), InFirst = loopFirst(In, InType);
    Code BvDecl, Bv;
    loopBound(In, InType, "__proact_bv" + num((long long)M + 1), InFirst,
              BvDecl, Bv);
    C << BvDecl;
    C << "const long long __proact_tr" + num((long long)M + 1) +
             " = proact__trip_count("
      << InFirst << ", " << Bv << ", "
      << Code::asLongLong(In.Step) << ", " + num(In.Cmp) + ", " + Dd +
             ".file, " + Dd + ".line);";
    C << loopFits(In, InType, InFirst, Bv);
  }
  C << Dd + ".inner_trip = 1LL";
  for (size_t M = 0; M < Nest.Loops.size(); ++M)
    C << " * __proact_tr" + num((long long)M + 1);
  C << ";";
  // A part gets a readiness state only to push what it stores
  // (runtime/mech/ready/ready.c): never in a loop that stores to no region array,
  // nor in one with a non-affine store, which the runtime runs on one
  // device under memcpy whatever PROACT_MECH says. Such a loop gets the
  // plain kernel alone, which serves every mechanism. Otherwise the
  // mechanisms the build asks for (build_options.h) choose.
  const bool Reports = !A.Writes.empty() && !AnyWhole;
  KernelSet Set;
  Set.Forwarding = Reports && InlineOk && mechanismBuilt(PROACT_MECH_INLINE);
  Set.Instrumented = Reports && mechanismBuilt(PROACT_MECH_POLL);
  unsigned LeftOut = 0;
  if (Reports)
    for (int M = 0; M < PROACT_MECH_COUNT_; ++M)
      if (!mechanismBuilt(M))
        LeftOut |= 1u << M;
  const bool AnyReady = Set.Forwarding || Set.Instrumented;
  // A build for CPUs alone launches the plain kernel only, which runs every
  // walk there; the host pass leaves its marker for the device passes.
  const bool OnlyPlain = AnyReady && oneKernelPerLoop();
  if (oneKernelPerLoop() && !cpuDevicePass())
    C << oneKernelMarker();
  const bool Checks =
      !A.Checked.empty() && readCheckMode() != ReadCheckMode::Off;
  C << Dd + ".inline_ok = " + std::string(InlineOk ? "1" : "0") + "; " +
           Dd + ".omp = " + std::string(inSpreadTrial() ? "1" : "0") + ";";
  C << Dd + ".mechs_left_out = " + num(LeftOut) + "u; " + Dd +
           ".read_check = " +
           num(A.Checked.empty() ? PROACT__READ_CHECK_RUNTIME
               : readCheckMode() == ReadCheckMode::On  ? PROACT__READ_CHECK_ON
               : readCheckMode() == ReadCheckMode::Off ? PROACT__READ_CHECK_OFF
                                                       : PROACT__READ_CHECK_RUNTIME) +
           ";";
  C << Dd + ".indexed_inner = " +
           std::string(hasIndexedLoop(KernelBody) ? "1" : "0") + ";";
  C << Dd + ".columns = " + std::string(Columns ? "1" : "0") + "; " + Dd +
           ".inner_last = " +
           (Nest.Loops.empty() ? std::string("1LL")
                               : "__proact_tr" + num(Nest.Loops.size())) +
           ";";
  {
    char Hex[32];
    snprintf(Hex, sizeof(Hex), "0x%016llxULL", D.Id);
    C << Dd + ".id = " + std::string(Hex) + ";";
  }
  C << "proact__loop_t *__proact_loop = proact__loop_begin(&" + Dd + ");";
  emitReadSites(PP, C, A);
  // A unit step leaves __proact_step unused (varValue).
  C << "const long long __proact_first = " + Dd +
           ".first, __proact_step = " + Dd + ".step; (void)__proact_step;";
  // One host thread per part, each running its device's kernel to the end:
  // the kernels of all devices run at the same time, and the loop's implicit
  // barrier is the completion point. (`target nowait` + `taskwait` outside a
  // parallel region intermittently aborts in LLVM 16's libomp.) No if()
  // clause: with one part, the if(0) path (__kmpc_serialized_parallel)
  // around a host-offload target region that follows another target region
  // trips libomp's hot-team assertion; num_threads(1) does not
  // (bench_loop_cost_one_device).
  C << "const int __proact_np = proact__loop_nparts(__proact_loop);";
  emitReductionSetup(C, D);
  // Thread t takes parts t, t + T, ...: what schedule(static, 1) does,
  // without the worksharing call, in which libomp (as Debian builds it)
  // formats debug strings on every thread of every loop.
  // One host thread where the runtime launches every part's kernel at the
  // loop's end (proact__loop_threads).
  C << "const int __proact_ht = proact__loop_threads(__proact_loop);";
  C << "_Pragma(\"omp parallel num_threads(__proact_ht)\")";
  C << "for (int __proact_p = omp_get_thread_num(); __proact_p < __proact_np; "
       "__proact_p += omp_get_num_threads()) {";
  C << "const int __proact_dev = proact__loop_part_device(__proact_loop, "
       "__proact_p);";
  C << "const long long __proact_klo = proact__loop_part_lo(__proact_loop, "
       "__proact_p);";
  C << "const long long __proact_khi = proact__loop_part_hi(__proact_loop, "
       "__proact_p);";
  // Another rank's part (several MPI ranks): that rank runs it.
  C << "if (__proact_klo >= __proact_khi || "
       "!proact__loop_part_here(__proact_loop, __proact_p)) continue;";
  emitPartArrays(C, D, A);
  emitPartChecks(PP, C, A);
  C << "int __proact_nt, __proact_nth, __proact_fwd; proact__part_iters_t "
       "__proact_it; long long __proact_nb; proact__ready_t *__proact_rd;";
  C << "proact__loop_part_kernel(__proact_loop, __proact_p, &__proact_nt, "
       "&__proact_nth, &__proact_it, &__proact_nb, &__proact_rd, "
       "&__proact_fwd);";
  emitReductionEnter(C, D);
  C << "proact__loop_part_begin(__proact_loop, __proact_p);";
  // The part's iterations enter the kernels as eight scalars, passed by value
  // in the launch; a struct firstprivate is a device allocation and a copy
  // to the device per launch. A CPU device reads the host's struct.
  if (partItersByPointer())
    C << "const long long __proact_itt = __proact_it.tiles; "
         "(void)__proact_itt; const proact__part_iters_t *const __proact_itp "
         "= &__proact_it;";
  else
    C << "const long long __proact_il = __proact_it.lo, __proact_ie = "
         "__proact_it.end, __proact_ip = __proact_it.piece, __proact_is = "
         "__proact_it.stride, __proact_ib = __proact_it.block, __proact_ibp = "
         "__proact_it.bpp, __proact_itt = __proact_it.tiles, __proact_itw = "
         "__proact_it.tile;";
  C << std::string("const int __proact_one = ") + oneKernelRoute() +
           "; (void)__proact_one;";
  const Code Plain = Code().add(KernelBody);
  const std::string Where = quoted(W.File) + ", " + num(W.Line);
  // A CPU device's pass: the plain kernel runs every walk, with the
  // forwarding body where the loop has one; the others are stubs
  // (KernelForm), or absent in a build for CPUs alone (OnlyPlain).
  const bool One = AnyReady && cpuOneKernel();
  const Code *OneFwd = One && Set.Forwarding ? &Forwarding : nullptr;
  // How this pass writes the kernel of the choice (Fwd, Instrumented), and
  // the forwarding body it takes.
  const auto FormOf = [&](const Code *Fwd, bool Instrumented) {
    const bool Readiness = Fwd != nullptr || Instrumented;
    const KernelForm Form = !One        ? KernelForm::Own
                            : Readiness ? KernelForm::Stub
                                        : KernelForm::One;
    return std::make_pair(Form, Form == KernelForm::One ? OneFwd : Fwd);
  };
  Code K; // the part's kernels
  const KernelSet Launched = OnlyPlain ? KernelSet() : Set;
  if (Columns) {
    K << "if (__proact_itt > 0) {";
    emitKernelChoice(K, Launched, Forwarding,
                     [&](const Code *Fwd, bool Instrumented) {
                       const auto [Form, Body] = FormOf(Fwd, Instrumented);
                       emitColumnKernel(K, D, L, Nest, Plain, Body,
                                        Instrumented, CG, Checks, Where, Form,
                                        AnyReady);
                     });
    K << "} else {";
  }
  // A nest with column kernels pushes from them alone (the runtime runs a
  // pushing mechanism's parts in the column walk, geometry.c), so its flat
  // walk has the plain kernel only: the readiness kernels compile once.
  if (Columns)
    emitKernel(K, D, L, Nest, Plain, nullptr, false, &G, Checks, Where,
               KernelForm::Own, false);
  else
    emitKernelChoice(K, Launched, Forwarding,
                     [&](const Code *Fwd, bool Instrumented) {
                       const auto [Form, Body] = FormOf(Fwd, Instrumented);
                       emitKernel(K, D, L, Nest, Plain, Body, Instrumented,
                                  &G, Checks, Where, Form, AnyReady);
                     });
  if (Columns)
    K << "}";
  // The checked loads' bounds say whether they are checked
  // (read_check.h), so checked and unchecked runs share the kernels.
  if (Checks)
    C << checkLoads(PP, K, A, L.VarName);
  else
    C << K;
  emitReductionLeave(C, D);
  C << "proact__loop_part_end(__proact_loop, __proact_p);";
  C << "}";
  emitReductionCombine(C, D);
  // Spread mode: OpenMP's copy of a reduced scalar gets the result too.
  if (inSpreadTrial())
    for (size_t R = 0; R < D.Reductions.size(); ++R)
      if (!D.Reductions[R].IsArray) {
        const std::string &V = D.Reductions[R].Spelling, K = num((long long)R);
        C << "proact__omp_reduced(&(" + V + "), sizeof(" + V + "), " + Dd +
                 ".file, " + Dd + ".line);";
        C << "if (__proact_rp" + K + ") " + V + " = __proact_rh" + K + ";";
      }
  C << "proact__loop_end(__proact_loop);";
  if (L.Type.empty()) // the sequential loop leaves its variable at the exit value
    C << L.Var << "= (__typeof__(" << L.Var
      << "))(__proact_first0 + " + Dd + ".trip * __proact_step0);";
  C << "}";
  // The check copy is the loop as written (its nest found the same way).
  CollapsedNest CheckNest;
  const Tokens &CheckBody = NestBody(WrittenBody, CheckNest);
  LoopLowering Out;
  emitBreakCheck(Out.Check, Written, L, CheckNest, Code().add(CheckBody));
  Out.Lowering = F.renamed(PP, C);
  return Out;
}

Code lowerData(Preprocessor &PP, const Directive &D, const FlatArrays &F,
               bool OpenMP) {
  Where W = whereOf(PP, D.Loc);
  Code C;
  C << "for (proact__data_t *__proact_data = __extension__({";
  C << F.prologue();
  C << "proact__map_t __proact_maps[" + num(D.Arrays.size()) + "];";
  emitArrays(C, D.Arrays, "__proact_maps", ".array");
  for (size_t A = 0; A < D.Arrays.size(); ++A)
    C << "__proact_maps[" + num(A) + "].kind = " +
             num(D.Arrays[A].MapKind) + "; __proact_maps[" + num(A) +
             "].distribute = " + (D.Arrays[A].Distribute ? "1" : "0") + ";";
  C << devicesInit(D);
  const std::string Dd = "__proact_ddesc";
  C << "proact__data_desc_t " + Dd + ";";
  C << Dd + ".file = " + quoted(W.File) + "; " + Dd + ".line = " +
           num(W.Line) + "; " + Dd + ".col = " + num(W.Col) + ";";
  C << devicesFields(D, Dd);
  C << Dd + ".nmaps = " + num(D.Arrays.size()) + "; " + Dd +
           ".maps = __proact_maps; " + Dd + ".omp = " + (OpenMP ? "1" : "0") +
           ";";
  C << "proact__data_begin(&" + Dd + "); });";
  C << "__proact_data; proact__data_end(__proact_data), __proact_data = 0)";
  return F.renamed(PP, C);
}

const char *const CountedDevName = "__proact_enter_dev";
const char *const CountedIfName = "__proact_enter_if";

Code lowerEnterExit(Preprocessor &PP, const Directive &D, const FlatArrays &F,
                    bool Exit, bool Counted, bool Refuse) {
  Where W = whereOf(PP, D.Loc);
  Code C("{");
  C << F.prologue();
  C << "proact__map_t __proact_maps[" + num(D.Arrays.size()) + "];";
  emitArrays(C, D.Arrays, "__proact_maps", ".array");
  for (size_t A = 0; A < D.Arrays.size(); ++A)
    C << "__proact_maps[" + num(A) + "].kind = " + num(D.Arrays[A].MapKind) +
             "; __proact_maps[" + num(A) + "].distribute = 0;";
  const std::string Dd = "__proact_ddesc";
  C << "proact__data_desc_t " + Dd + ";";
  C << Dd + ".file = " + quoted(W.File) + "; " + Dd + ".line = " +
           num(W.Line) + "; " + Dd + ".col = " + num(W.Col) + ";";
  C << Dd + ".devices = 0; " + Dd + ".ndevices = 0;";
  C << Dd + ".nmaps = " + num(D.Arrays.size()) + "; " + Dd +
           ".maps = __proact_maps; " + Dd + ".omp = 1;";
  if (Counted)
    C << std::string(Exit ? "proact__omp_exit_counted(&"
                          : "proact__omp_enter_counted(&") +
             Dd + ", " + CountedDevName + ", " + CountedIfName + ", " +
             (Refuse ? "1" : "0") + ");";
  else
    C << std::string("if (") +
             (Exit ? "proact__omp_exit_data" : "proact__omp_enter_data") +
             "(&" + Dd + "))";
  return F.renamed(PP, C);
}

Code lowerUpdate(Preprocessor &PP, const Directive &D, const FlatArrays &F,
                 bool OpenMP) {
  Where W = whereOf(PP, D.Loc);
  const std::string N = num((long long)D.Arrays.size());
  const std::string It = UpdateItemsName;
  Code C;
  // The items array comes first: the placement check recognises the
  // statement by it (update_place.cpp).
  C << "{ proact__update_item_t " + It + "[" + N + "];";
  C << F.prologue();
  emitArrays(C, D.Arrays, It, ".array");
  for (size_t A = 0; A < D.Arrays.size(); ++A) {
    Where SW = whereOf(PP, D.Arrays[A].Name.getLocation());
    const std::string Slot = It + "[" + num((long long)A) + "]";
    C << Slot + ".kind = " + num(D.Arrays[A].MapKind) + "; " + Slot +
             ".line = " + num(SW.Line) + "; " + Slot + ".col = " +
             num(SW.Col) + ";";
  }
  const std::string Ud = "__proact_udesc";
  C << "proact__update_desc_t " + Ud + ";";
  C << Ud + ".file = " + quoted(W.File) + "; " + Ud + ".line = " +
           num(W.Line) + "; " + Ud + ".col = " + num(W.Col) + ";";
  C << Ud + ".nitems = " + N + "; " + Ud + ".items = " + It + ";";
  C << std::string(OpenMP ? "proact__omp_update" : "proact__update") +
           "(&" + Ud + "); }";
  return F.renamed(PP, C);
}

} // namespace proact
