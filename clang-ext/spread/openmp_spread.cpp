// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Spread mode. Clang's parser registers the '#pragma omp' handler; a plugin
// cannot register a second one under that name, so once the parser has
// registered its own (Sema's initialisation, before the first token is
// read) this file takes the name over: the parser's handler is removed by
// name and this one added. For every line it does not spread it makes what
// the parser's handler makes (the line between annot_pragma_openmp and
// annot_pragma_openmp_end), so the parser sees the same tokens; for a
// construct it spreads it hands a translation to the PROACT directive
// handler (proact_pragma.cpp).
#include "openmp_spread.h"
#include "build_options.h"
#include "diagnostics.h"
#include "function_bodies.h"
#include "lang_compat.h"
#include "inject.h"
#include "loop_syntax.h"
#include "lowering.h"
#include "name_lookup.h"
#include "proact/detail/codegen.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include <map>
#include <set>

using namespace clang;

namespace proact {
namespace {

// The input is a preprocessed file: no <proact.h> to lower with.
bool Preprocessed = false;

struct DataRecord {
  Token Marker;
  std::vector<SpreadItem> Items;
};
std::vector<DataRecord> &dataRecords() {
  static std::vector<DataRecord> R;
  return R;
}

std::string text(const Preprocessor &PP, const Tokens &Toks, size_t B,
                 size_t E) {
  std::string S;
  for (size_t I = B; I < E && I < Toks.size(); ++I)
    S += (S.empty() ? "" : " ") + spelling(PP, Toks[I]);
  return S;
}

bool isIdent(const Token &T) { return T.is(tok::identifier); }

std::string word(const Token &T) {
  return T.is(tok::identifier) ? T.getIdentifierInfo()->getName().str()
                               : std::string();
}

// Splits Toks[B, E) at the commas outside brackets.
std::vector<Tokens> splitList(const Tokens &Toks, size_t B, size_t E) {
  std::vector<Tokens> Out(1);
  int Depth = 0;
  for (size_t I = B; I < E; ++I) {
    Depth += bracketDelta(Toks[I]);
    if (Depth == 0 && Toks[I].is(tok::comma)) {
      Out.emplace_back();
      continue;
    }
    Out.back().push_back(Toks[I]);
  }
  if (Out.size() == 1 && Out[0].empty())
    Out.clear();
  return Out;
}

// The first top-level ':' in Toks[B, E), or E.
size_t topColon(const Tokens &Toks, size_t B, size_t E) {
  int Depth = 0;
  for (size_t I = B; I < E; ++I) {
    Depth += bracketDelta(Toks[I]);
    if (Depth == 0 && Toks[I].is(tok::colon))
      return I;
  }
  return E;
}

// The ':' after a clause's modifier in Toks[B, E) ('target:', 'target
// enter data:', 'device_num:'): the first top-level one with only words
// before it, so that the ':' of a conditional expression is none; or E.
size_t modifierColon(const Tokens &Toks, size_t B, size_t E) {
  const size_t C = topColon(Toks, B, E);
  if (C == B)
    return E;
  for (size_t I = B; I < C; ++I)
    if (!Toks[I].is(tok::identifier))
      return E;
  return C;
}

struct Clause {
  std::string Name;
  Token Tok;
  size_t Open = 0, Close = 0; // the '(' and ')' indices; equal: no arguments
};

// The constructs this mode spreads, by their directive words.
enum class Form { None, Loop, Data, Update, Enter, Exit };
Form formOf(const std::string &Name) {
  static const std::set<std::string> Loops = {
      "target teams distribute parallel for",
      "target teams distribute parallel for simd", "target parallel for",
      "target parallel for simd", "target teams loop", "target parallel loop"};
  // A loop construct on the next line makes these a combined one.
  if (Loops.count(Name) || Name == "target" || Name == "target teams")
    return Form::Loop;
  if (Name == "target data")
    return Form::Data;
  if (Name == "target update")
    return Form::Update;
  if (Name == "target enter data")
    return Form::Enter;
  if (Name == "target exit data")
    return Form::Exit;
  return Form::None;
}

class Translator {
public:
  Translator(Preprocessor &PP, const Tokens &Line, SpreadConstruct &S)
      : PP(PP), Line(Line), S(S) {}

  // The reason the construct does not spread, or "" when it does.
  std::string run(Form F) {
    std::vector<Clause> Clauses;
    if (!clauses(Clauses))
      return "its clauses could not be read";
    for (const Clause &C : Clauses) {
      std::string Why = F == Form::Loop     ? loopClause(C)
                        : F == Form::Update ? updateClause(C)
                                            : dataClause(C, F);
      if (!Why.empty())
        return Why;
    }
    if (F != Form::Loop && S.Items.empty()) {
      NoArrays = true;
      return F == Form::Data ? "it maps no array section (a spread data "
                               "region holds arrays only)"
             : F == Form::Update ? "it moves no array section"
                                 : "it maps no array section";
    }
    return "";
  }

  size_t NameEnd = 0;
  std::vector<std::string> Reduced; // the reduction clauses' variables
  bool InnerLine = false; // the loop line after 'target [teams]'
  // An enter's or exit's map(type: x) of each scalar x, for the OpenMP
  // construct that maps them; NoArrays: it maps no array section.
  Code Scalars;
  bool NoArrays = false;

private:
  Preprocessor &PP;
  const Tokens &Line;
  SpreadConstruct &S;

  bool clauses(std::vector<Clause> &Out) {
    size_t I = NameEnd;
    while (I < Line.size()) {
      if (Line[I].is(tok::comma)) {
        ++I;
        continue;
      }
      if (!isIdent(Line[I]) && !Line[I].is(tok::kw_if) &&
          !Line[I].is(tok::kw_default))
        return false;
      Clause C;
      C.Tok = Line[I];
      C.Name = spelling(PP, Line[I]);
      C.Open = C.Close = I;
      ++I;
      if (I < Line.size() && Line[I].is(tok::l_paren)) {
        C.Open = I;
        C.Close = matchingClose(Line, I);
        if (C.Close >= Line.size())
          return false;
        I = C.Close + 1;
      }
      Out.push_back(C);
    }
    return true;
  }

  // Clauses that only tune the build for one device.
  static bool tuning(const std::string &N) {
    static const std::set<std::string> T = {
        "num_teams", "thread_limit", "num_threads", "schedule",
        "dist_schedule", "simdlen", "safelen", "order", "proc_bind",
        "nontemporal", "aligned", "collapse", "default", "shared", "bind"};
    return T.count(N) != 0;
  }

  static std::string notSpread(const std::string &N) {
    if (N == "nowait" || N == "depend")
      return "'" + N + "' makes it asynchronous; remove it to spread";
    if (N == "device")
      return "'device(...)' names one device; remove it to spread over all";
    if (N == "if")
      return "'if(...)' may run it on the host instead; remove it to spread";
    return "clause '" + N + "' is not supported in spread mode";
  }

  std::string loopClause(const Clause &C) {
    if (tuning(C.Name))
      return "";
    if (C.Name == "if")
      return ifClause(C);
    if (C.Name == "map")
      return mapClause(C);
    if (C.Name == "reduction")
      return reduction(C);
    // A firstprivate scalar or pointer is the value every PROACT thread
    // starts from anyway; an array's copy per thread is not what a region
    // array is (the body's stores would come back).
    if (C.Name == "firstprivate") {
      for (const Tokens &It : splitList(Line, C.Open + 1, C.Close))
        if (It.size() != 1 || !isIdent(It[0]) ||
            lookupArrayShape(It[0]).Object)
          return "firstprivate(...) of an array gives each thread its own "
                 "copy, which spread mode does not make";
      return "";
    }
    if (C.Name == "private") {
      for (const Tokens &It : splitList(Line, C.Open + 1, C.Close)) {
        if (It.size() != 1 || !isIdent(It[0]))
          return "private(...) lists something other than variables";
        S.Private.push_back(It[0]);
      }
      return "";
    }
    return notSpread(C.Name);
  }

  // if([target:] cond) makes the loop run on the host when cond is false;
  // a modifier for another part (parallel, simd, teams) only tunes it, as
  // does an if on the loop line after 'target [teams]'.
  std::string ifClause(const Clause &C) {
    if (C.Open == C.Close)
      return "'if' has no condition";
    const size_t Colon = modifierColon(Line, C.Open + 1, C.Close);
    size_t From = C.Open + 1;
    if (Colon != C.Close) {
      if (text(PP, Line, C.Open + 1, Colon) != "target")
        return "";
      From = Colon + 1;
    } else if (InnerLine) {
      return "";
    }
    if (!S.IfCond.empty())
      return "two 'if' clauses for its target part";
    if (From >= C.Close)
      return "'if' has no condition";
    S.IfCond.assign(Line.begin() + From, Line.begin() + C.Close);
    return "";
  }

  std::string dataClause(const Clause &C, Form F) {
    if (C.Name == "map")
      return mapClause(C, F);
    return notSpread(C.Name);
  }

  std::string updateClause(const Clause &C) {
    if (C.Name != "to" && C.Name != "from")
      return notSpread(C.Name);
    if (C.Open == C.Close)
      return "'" + C.Name + "' has no list";
    if (topColon(Line, C.Open + 1, C.Close) != C.Close)
      return "a motion modifier in '" + C.Name + "(...)'";
    return items(C, C.Name == "to" ? PROACT__UPDATE_DEVICE
                                   : PROACT__UPDATE_HOST,
                 C.Open + 1);
  }

  std::string mapClause(const Clause &C, Form F = Form::Loop) {
    if (C.Open == C.Close)
      return "'map' has no list";
    const size_t Colon = topColon(Line, C.Open + 1, C.Close);
    // The map types each construct takes; OpenMP's parser reports the
    // others once the construct is given back.
    const bool Exit = F == Form::Exit, Enter = F == Form::Enter;
    const char *Types = Enter  ? "to and alloc"
                        : Exit ? "from, release and delete"
                               : "to, from, tofrom and alloc";
    int Kind = PROACT__MAP_COPY;
    size_t From = C.Open + 1;
    if (Colon == C.Close && (Enter || Exit))
      return "its map(...) has no map type";
    if (Colon != C.Close) {
      if (Colon != C.Open + 2)
        return "map(" + text(PP, Line, C.Open + 1, Colon) +
               ": ...) has a map-type modifier; only " + Types + " spread";
      const std::string T = spelling(PP, Line[C.Open + 1]);
      if (T == "to" && !Exit)
        Kind = PROACT__MAP_COPYIN;
      else if (T == "from" && !Enter)
        Kind = PROACT__MAP_COPYOUT;
      else if (T == "alloc" && !Exit)
        Kind = PROACT__MAP_CREATE;
      else if (T == "tofrom" && !Enter && !Exit)
        Kind = PROACT__MAP_COPY;
      else if (T == "release" && Exit)
        Kind = PROACT__MAP_RELEASE;
      else if (T == "delete" && Exit)
        Kind = PROACT__MAP_DELETE;
      else
        return "map(" + T + ": ...); only " + Types + " spread";
      From = Colon + 1;
    }
    return items(C, Kind, From);
  }

  // The list of C from index From: array sections, array objects, or
  // scalars (left out: each device gets their values).
  std::string items(const Clause &C, int Kind, size_t From) {
    for (const Tokens &It : splitList(Line, From, C.Close)) {
      if (It.empty() || !isIdent(It[0]))
        return "'" + C.Name + "(...)' lists an expression";
      for (const Token &T : It)
        if (T.isOneOf(tok::period, tok::arrow))
          return "'" + C.Name + "(...)' lists a structure member ('" +
                 text(PP, It, 0, It.size()) + "')";
      SpreadItem Item;
      Item.Name = word(It[0]);
      Item.Section = It;
      Item.MapKind = Kind;
      if (It.size() == 1) {
        const ArrayShape Shape = lookupArrayShape(It[0]);
        if (!Shape.Known)
          return "'" + Item.Name + "' is not a variable known here";
        if (Shape.Rank == 0) {
          // A scalar: a loop's devices get its value; a data region or an
          // update would make a device copy that spread loops never read.
          // An enter or exit leaves its scalars to its OpenMP construct,
          // which runs after PROACT's call.
          const Form F = formOf(S.Name);
          if (F == Form::Enter || F == Form::Exit) {
            Code M("map(");
            M << Line[C.Open + 1] << ":" << It << ")";
            Scalars.add(M);
            continue;
          }
          if (F != Form::Loop)
            return "it maps the scalar '" + Item.Name +
                   "' (spread loops pass scalars by value)";
          if (Kind == PROACT__MAP_COPY || Kind == PROACT__MAP_COPYOUT)
            S.MappedBack.insert(Item.Name);
          S.MappedScalars.insert(Item.Name);
          continue;
        }
        if (!Shape.Object)
          return "'" + Item.Name +
                 "' is a pointer mapped without a section (OpenMP maps the "
                 "pointer alone); write " + Item.Name + "[0:n]";
      } else if (It[1].isNot(tok::l_square)) {
        return "'" + C.Name + "(...)' lists an expression";
      }
      S.Items.push_back(std::move(Item));
    }
    return "";
  }

  std::string reduction(const Clause &C) {
    const size_t Colon = topColon(Line, C.Open + 1, C.Close);
    if (C.Open == C.Close || Colon == C.Close)
      return "reduction(...) has no operator";
    for (size_t I = C.Open + 1; I < Colon; ++I)
      if (Line[I].is(tok::comma))
        return "a reduction modifier ('" +
               text(PP, Line, C.Open + 1, Colon) + "')";
    Code R("reduction(");
    std::string Op;
    if (Colon == C.Open + 2 && Line[C.Open + 1].is(tok::minus))
      Op = "+"; // OpenMP's '-' reduction sums
    else
      Op = text(PP, Line, C.Open + 1, Colon);
    R << Op << ":";
    // 'target teams reduction(+: s)' then 'distribute parallel for
    // reduction(+: s)': one reduction of s, as OpenMP combines them.
    bool Any = false;
    for (const Tokens &It : splitList(Line, Colon + 1, C.Close)) {
      if (!It.empty() && isIdent(It[0]) && It.size() == 1) {
        auto Was = S.ReducedOps.find(word(It[0]));
        if (Was != S.ReducedOps.end() && Was->second == Op)
          continue;
        S.ReducedOps[word(It[0])] = Op;
      }
      if (!It.empty() && isIdent(It[0]))
        Reduced.push_back(word(It[0]));
      if (Any)
        R << ",";
      for (const Token &Tk : It)
        R << Tk;
      Any = true;
    }
    if (!Any)
      return "";
    R << ")";
    Tokens T = materialize(PP, C.Tok.getLocation(), R);
    S.Reductions.insert(S.Reductions.end(), T.begin(), T.end());
    return "";
  }
};

// The words of a '#pragma omp' directive name in Line from B; NameEnd_p
// gets the index after them.
std::string directiveName(const Preprocessor &PP, const Tokens &Line,
                          size_t B, size_t E, size_t *NameEnd_p) {
  static const std::set<std::string> Words = {
      "target", "teams", "distribute", "parallel", "for", "simd", "loop",
      "data",   "update", "enter",     "exit"};
  std::string Name;
  size_t I = B;
  while (I < E && (Line[I].is(tok::kw_for) || Words.count(word(Line[I]))))
    Name += (Name.empty() ? "" : " ") + spelling(PP, Line[I++]);
  *NameEnd_p = I;
  return Name;
}

// Whether Loc is in code the PROACT lowering generated (inject.cpp).
bool isGenerated(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isMacroID() &&
         SM.getBufferName(SM.getSpellingLoc(Loc)) == "<proact lowering>";
}

// What clang's own handler does with a '#pragma omp' line: the line's
// tokens between annot_pragma_openmp (at the pragma) and
// annot_pragma_openmp_end (at the end of the line).
Tokens annotate(SourceLocation PragmaLoc, const Tokens &Line,
                SourceLocation EndLoc) {
  Tokens Out;
  Token T;
  T.startToken();
  T.setKind(tok::annot_pragma_openmp);
  T.setLocation(PragmaLoc);
  Out.push_back(T);
  Out.insert(Out.end(), Line.begin(), Line.end());
  T.startToken();
  T.setKind(tok::annot_pragma_openmp_end);
  T.setLocation(EndLoc);
  Out.push_back(T);
  return Out;
}

// A target construct left on one device, with the runtime calls around
// it that make the arrays of live spread data regions current on its
// device and take its writes back (runtime/core/data/stay.c); a function
// elsewhere may call it inside a region. A standalone directive is
// wrapped in a block; a construct with a statement gets a loop that runs
// once around it, so that nothing follows the statement.
// Handoff: the OpenMP construct of a spread enter or exit data, for what
// PROACT leaves to OpenMP, which no array of PROACT's concerns.
Tokens stayWrapped(Preprocessor &PP, SourceLocation Loc, const Tokens &Line,
                   size_t NameEnd, const std::string &Name, const Tokens &Omp,
                   bool Handoff = false) {
  static const std::set<std::string> Standalone = {
      "target update", "target enter data", "target exit data"};
  std::string Dev = "PROACT__STAY_DEFAULT_DEVICE";
  int Flags = Handoff                       ? PROACT__STAY_HANDOFF
              : Name == "target exit data" ? PROACT__STAY_EXIT_DATA
                                            : 0;
  for (size_t I = NameEnd; I < Line.size(); ++I) {
    const std::string W = word(Line[I]);
    if (W == "nowait")
      Flags |= PROACT__STAY_NOWAIT;
    if (W != "device" || I + 1 >= Line.size() ||
        Line[I + 1].isNot(tok::l_paren))
      continue;
    const size_t Close = matchingClose(Line, I + 1);
    size_t From = I + 2;
    if (From + 1 < Close && Line[From + 1].is(tok::colon)) {
      if (word(Line[From]) == "ancestor") {
        Dev = "PROACT__STAY_HOST";
        From = Close;
      } else {
        From += 2; // device_num:
      }
    }
    if (From < Close)
      Dev = "(int)(" + text(PP, Line, From, Close) + ")";
    I = Close;
  }
  static unsigned N = 0;
  const std::string V = "__proact_stay_" + std::to_string(++N);
  const PresumedLoc P = PP.getSourceManager().getPresumedLoc(
      PP.getSourceManager().getExpansionLoc(Loc));
  const std::string Begin =
      "proact__omp_stay_begin(" +
      quoted(P.isValid() ? P.getFilename() : "?") + ", " +
      std::to_string(P.isValid() ? P.getLine() : 0) + ", " + Dev + ", " +
      std::to_string(Flags) + ")";
  Tokens Out;
  if (Standalone.count(Name)) {
    Out = materialize(PP, Loc, Code("{ proact__stay_t " + V + " = " + Begin +
                                    ";"));
    Out.insert(Out.end(), Omp.begin(), Omp.end());
    Tokens End = materialize(
        PP, Loc, Code("proact__omp_stay_end(&" + V + "); }"));
    Out.insert(Out.end(), End.begin(), End.end());
  } else {
    Out = materialize(PP, Loc, Code("for (proact__stay_t " + V + " = " +
                                    Begin + "; " + V +
                                    ".once; proact__omp_stay_end(&" + V +
                                    "))"));
    Out.insert(Out.end(), Omp.begin(), Omp.end());
  }
  return Out;
}

// A 'target enter data' or 'target exit data' (F) that does not spread
// only for its nowait, depend, device or if clause or its map-type
// modifiers, Why saying so: S gets the sections of the line without those
// and the construct to run after PROACT counts, or exits, the sections it
// holds (SpreadConstruct::Counted), or refuses them (CountedRefuse: a
// modifier such as always). False where the rest of the line would not
// spread either, or the construct is for the host.
bool countedEnterExit(Preprocessor &PP, SourceLocation Loc,
                      SourceLocation EndLoc, const Tokens &Line,
                      size_t NameEnd, Form F, SpreadConstruct &S) {
  static const std::set<std::string> Async = {"nowait", "depend", "device",
                                              "if"};
  Tokens Rest(Line.begin(), Line.begin() + NameEnd);
  Tokens Run(Line.begin(), Line.begin() + NameEnd);
  std::string Dev = "PROACT__STAY_DEFAULT_DEVICE", Cond = "1";
  bool Removed = false;
  size_t I = NameEnd;
  while (I < Line.size()) {
    if (Line[I].is(tok::comma)) {
      Rest.push_back(Line[I]);
      Run.push_back(Line[I++]);
      continue;
    }
    if (!isIdent(Line[I]) && !Line[I].is(tok::kw_if))
      return false;
    size_t Close = I;
    if (I + 1 < Line.size() && Line[I + 1].is(tok::l_paren))
      Close = matchingClose(Line, I + 1);
    if (Close >= Line.size())
      return false;
    const std::string W = spelling(PP, Line[I]);
    if (W == "map" && Close > I + 1) {
      // map(modifiers, type: list): the sections without the modifiers.
      // close and present change nothing for a section PROACT holds; any
      // other (always, a mapper) would do what PROACT cannot follow there.
      const size_t Colon = topColon(Line, I + 2, Close);
      const std::vector<Tokens> Mods = splitList(Line, I + 2, Colon);
      if (Colon != Close && Mods.size() > 1) {
        for (size_t M = 0; M + 1 < Mods.size(); ++M) {
          const std::string Mod = text(PP, Mods[M], 0, Mods[M].size());
          if (Mod != "close" && Mod != "present")
            S.CountedRefuse = true;
        }
        Removed = true;
        Code Plain("map(");
        Plain << Mods.back() << ":";
        Plain << Tokens(Line.begin() + Colon + 1, Line.begin() + Close) << ")";
        const Tokens P = materialize(PP, Loc, Plain);
        Rest.insert(Rest.end(), P.begin(), P.end());
        Run.insert(Run.end(), Line.begin() + I, Line.begin() + Close + 1);
        I = Close + 1;
        continue;
      }
    }
    if (!Async.count(W)) {
      Rest.insert(Rest.end(), Line.begin() + I, Line.begin() + Close + 1);
      Run.insert(Run.end(), Line.begin() + I, Line.begin() + Close + 1);
      I = Close + 1;
      continue;
    }
    Removed = true;
    if ((W == "device" || W == "if") && Close > I + 1) {
      // The expression after an optional modifier ('device_num:',
      // 'target enter data:'): evaluated once, into a variable the
      // construct then reads.
      size_t From = modifierColon(Line, I + 2, Close);
      From = From == Close ? I + 2 : From + 1;
      if (W == "device" && From > I + 2 &&
          spelling(PP, Line[I + 2]) == "ancestor")
        return false;
      if (From >= Close)
        return false;
      const std::string Var = W == "device" ? CountedDevName : CountedIfName;
      (W == "device" ? Dev : Cond) = "(" + text(PP, Line, From, Close) + ")";
      Run.insert(Run.end(), Line.begin() + I, Line.begin() + From);
      const Tokens V = materialize(PP, Loc, Code(Var));
      Run.insert(Run.end(), V.begin(), V.end());
      Run.push_back(Line[Close]);
    } else {
      Run.insert(Run.end(), Line.begin() + I, Line.begin() + Close + 1);
    }
    I = Close + 1;
  }
  if (!Removed)
    return false;
  SpreadConstruct R;
  R.Loc = S.Loc;
  R.Name = S.Name;
  Translator Tr(PP, Rest, R);
  Tr.NameEnd = NameEnd;
  if (!Tr.run(F).empty() || R.Items.empty())
    return false;
  S.Items = R.Items;
  // After an exit's call only OpenMP's own sections are left to it.
  S.Counted = stayWrapped(PP, Loc, Run, NameEnd, S.Name,
                          annotate(Loc, Run, EndLoc), F == Form::Exit);
  S.CountedDecls = materialize(
      PP, Loc,
      quiet(Code(std::string("int ") + CountedDevName + " = " + Dev +
                 "; int " + CountedIfName + " = (" + Cond + ") != 0;")));
  return true;
}

class OmpHandler : public PragmaHandler {
public:
  OmpHandler() : PragmaHandler("omp") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &FirstTok) override {
    (void)FirstTok;
    Tokens Line;
    Token T;
    bool Nested = false;
    for (PP.Lex(T); T.isNot(tok::eod) && T.isNot(tok::eof); PP.Lex(T)) {
      // A '#pragma omp' inside this one's line (from a macro): clang's
      // handler reports it and drops it; so does the parser here, which
      // gets it as it stands.
      Nested |= T.is(tok::annot_pragma_openmp);
      Line.push_back(T);
    }
    Tokens Omp = annotate(Introducer.Loc, Line, T.getLocation());
    // The PROACT lowering's own target regions are OpenMP's.
    if (Nested || isGenerated(PP.getSourceManager(), Introducer.Loc) ||
        TokenReader::active() != nullptr) {
      inject(PP, Omp);
      return;
    }
    size_t NameEnd = 0;
    bool NoArrays = false;
    const std::string Name =
        directiveName(PP, Line, 0, Line.size(), &NameEnd);
    if (Name.rfind("target", 0) != 0) {
      inject(PP, Omp); // host constructs are OpenMP's
      return;
    }
    if (Preprocessed) {
      static bool Warned = false;
      setDevicePass(isOpenMPDevicePass(PP.getLangOpts()));
      if (!Warned)
        report(PP.getDiagnostics(), Introducer.Loc, Diag::SpreadPreprocessed);
      Warned = true;
      inject(PP, Omp);
      return;
    }
    SpreadConstruct S;
    S.Loc = Introducer.Loc;
    S.Name = Name;
    S.Omp = Omp;
    // At file scope a directive is an error the parser reports as it is.
    S.Stay = atFileScope() ? Omp
                           : stayWrapped(PP, Introducer.Loc, Line, NameEnd,
                                         Name, Omp);
    const Form F = formOf(Name);
    if ((F == Form::Enter || F == Form::Exit) && !atFileScope())
      S.Handoff =
          stayWrapped(PP, Introducer.Loc, Line, NameEnd, Name, Omp, true);
    std::string Why;
    if (F == Form::None) {
      Why = "spread mode spreads 'target data', 'target enter data', "
            "'target exit data', 'target update', 'target teams distribute "
            "parallel for [simd]', 'target parallel for [simd]', 'target "
            "teams loop' and 'target parallel loop', and 'target' or "
            "'target teams' with such a loop construct on the next line";
    } else {
      Translator Tr(PP, Line, S);
      Tr.NameEnd = NameEnd;
      Why = Tr.run(F);
      // A combined target construct maps its reduction variables back.
      S.MappedBack.insert(Tr.Reduced.begin(), Tr.Reduced.end());
      NoArrays = Tr.NoArrays;
      if (Why.empty() && !Tr.Scalars.empty() && !atFileScope()) {
        // The construct again with its scalars alone, for OpenMP.
        Code L;
        for (size_t I = 0; I < NameEnd; ++I)
          L << Line[I];
        L << Tr.Scalars;
        const Tokens Only = materialize(PP, Introducer.Loc, L);
        S.ScalarHandoff = stayWrapped(
            PP, Introducer.Loc, Only, NameEnd, Name,
            annotate(Introducer.Loc, Only, T.getLocation()), true);
      }
    }
    if (!Why.empty()) {
      setDevicePass(isOpenMPDevicePass(PP.getLangOpts()));
      report(PP.getDiagnostics(), Introducer.Loc, Diag::OpenMPNotSpread)
          << Name << Why;
      // OpenMP counts an enter or exit of a section PROACT holds; so must
      // PROACT, or its exits would copy back one exit early (or never).
      if ((F == Form::Enter || F == Form::Exit) && !atFileScope()) {
        SpreadConstruct C;
        C.Loc = Introducer.Loc;
        C.Name = Name;
        C.Omp = Omp;
        C.Stay = S.Stay;
        C.Kind = F == Form::Enter ? SpreadKind::Enter : SpreadKind::Exit;
        if (countedEnterExit(PP, Introducer.Loc, T.getLocation(), Line,
                             NameEnd, F, C)) {
          handleSpreadConstruct(PP, C);
          return;
        }
      }
      // An enter or exit of scalars alone concerns no array of PROACT's.
      inject(PP, NoArrays && !S.Handoff.empty() ? S.Handoff : S.Stay);
      return;
    }
    for (const DataRecord &R : dataRecords())
      if (lookupName(R.Marker) == NameKind::Variable)
        S.Visible.insert(S.Visible.end(), R.Items.begin(), R.Items.end());
    S.Inner = Name == "target" || Name == "target teams";
    S.Kind = F == Form::Loop     ? SpreadKind::Loop
             : F == Form::Data   ? SpreadKind::Data
             : F == Form::Update ? SpreadKind::Update
             : F == Form::Enter  ? SpreadKind::Enter
                                 : SpreadKind::Exit;
    handleSpreadConstruct(PP, S);
  }
};

std::string innerOf(Preprocessor &PP, const Tokens &Omp,
                    SpreadConstruct &S) {
  static const std::set<std::string> AfterTeams = {
      "distribute parallel for", "distribute parallel for simd", "loop"};
  static const std::set<std::string> AfterTarget = {
      "teams distribute parallel for", "teams distribute parallel for simd",
      "parallel for", "parallel for simd", "teams loop", "parallel loop"};
  if (Omp.size() < 2)
    return "its loop construct could not be read";
  const Tokens Line(Omp.begin() + 1, Omp.end() - 1);
  size_t NameEnd = 0;
  const std::string Name = directiveName(PP, Line, 0, Line.size(), &NameEnd);
  const bool Teams = S.Name == "target teams";
  if (!(Teams ? AfterTeams : AfterTarget).count(Name))
    return "the construct after it, '" + Name + "', is not " +
           (Teams ? "'distribute parallel for [simd]' or 'loop'"
                  : "'teams distribute parallel for [simd]', 'parallel "
                    "for [simd]', 'teams loop' or 'parallel loop'");
  Translator Tr(PP, Line, S);
  Tr.NameEnd = NameEnd;
  Tr.InnerLine = true;
  const std::string Why = Tr.run(Form::Loop);
  if (!Why.empty())
    return "its '" + Name + "': " + Why;
  // Without a map back, OpenMP leaves the host's value of a variable the
  // inner construct reduces (the target region's copy is firstprivate).
  for (const std::string &V : Tr.Reduced)
    if (!S.MappedBack.count(V)) {
      Token T;
      for (const Token &L : Line)
        if (word(L) == V)
          T = L;
      const ArrayShape Shape = lookupArrayShape(T);
      if (Shape.Known && Shape.Rank == 0)
        return "'" + V + "', which its '" + Name +
               "' reduces, is not mapped back (OpenMP leaves the host's "
               "value as it was); add map(tofrom: " + V + ") to spread";
    }
  return "";
}

// The region a spread data directive became: its block's first statement
// declares the marker.
bool isSpreadDataRegion(const Stmt *S) {
  const auto *F = dyn_cast<ForStmt>(S);
  const auto *Body = F ? dyn_cast_or_null<CompoundStmt>(F->getBody()) : nullptr;
  if (!Body || Body->body_empty())
    return false;
  const auto *D = dyn_cast<DeclStmt>(Body->body_front());
  const auto *V = D && D->isSingleDecl()
                      ? dyn_cast<VarDecl>(D->getSingleDecl())
                      : nullptr;
  return V && V->getIdentifier() &&
         V->getName().starts_with("__proact_spread_");
}

class PlaceCheck : public RecursiveASTVisitor<PlaceCheck> {
public:
  explicit PlaceCheck(ASTContext &Ctx) : Ctx(Ctx) {}

  bool TraverseForStmt(ForStmt *S) {
    const bool Region = isSpreadDataRegion(S);
    if (Region)
      Regions.push_back(S);
    RecursiveASTVisitor::TraverseForStmt(S);
    if (Region)
      Regions.pop_back();
    return true;
  }
  // A spread enter or exit data hands the sections PROACT does not hold
  // to its OpenMP construct: `if (proact__omp_enter_data(...)) construct`
  // (`else` the construct with its scalars alone, where it maps some).
  bool TraverseIfStmt(IfStmt *S) {
    const Expr *Cond = S->getCond() ? S->getCond()->IgnoreParenImpCasts()
                                    : nullptr;
    const auto *Call = dyn_cast_or_null<CallExpr>(Cond);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    const bool Handoff =
        F && F->getIdentifier() &&
        (F->getName() == "proact__omp_enter_data" ||
         F->getName() == "proact__omp_exit_data");
    Handoffs += Handoff;
    RecursiveASTVisitor::TraverseIfStmt(S);
    Handoffs -= Handoff;
    return true;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    const OpenMPDirectiveKind K = D->getDirectiveKind();
    if (Regions.empty() || Handoffs > 0 ||
        (!isOpenMPTargetExecutionDirective(K) &&
                            !isOpenMPTargetDataManagementDirective(K)))
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    if (isGenerated(SM, D->getBeginLoc()))
      return true;
    // The runtime keeps the region's arrays current around a construct
    // (stay.c), but the mappings of an unstructured one outlive it.
    if (K == llvm::omp::OMPD_target_enter_data ||
        K == llvm::omp::OMPD_target_exit_data)
      report(Ctx.getDiagnostics(), SM.getExpansionLoc(D->getBeginLoc()),
             Diag::OpenMPStaysInSpreadData)
          << (K == llvm::omp::OMPD_target_enter_data ? "target enter data"
                                                     : "target exit data");
    else
      report(Ctx.getDiagnostics(), SM.getExpansionLoc(D->getBeginLoc()),
             Diag::OpenMPStaysCopies);
    report(Ctx.getDiagnostics(),
           SM.getExpansionLoc(Regions.back()->getBeginLoc()),
           Diag::SpreadDataHere);
    return true;
  }

private:
  ASTContext &Ctx;
  std::vector<const ForStmt *> Regions;
  int Handoffs = 0;
};

class SpreadConsumer : public SemaConsumer {
  ASTContext *Ctx = nullptr;

public:
  void Initialize(ASTContext &C) override { Ctx = &C; }
  void InitializeSema(Sema &S) override {
    Preprocessor &PP = S.getPreprocessor();
    if (!openMPSpreadOn() || !PP.getLangOpts().OpenMP)
      return;
    // The parser registered its handler in its constructor and reads the
    // first token after this call. Removal goes by name and hands the
    // handler back to the parser, which owns it; when the parser ends it
    // removes "omp" by name again, which then is this one.
    static OmpHandler Ours;
    EmptyPragmaHandler Theirs("omp");
    PP.RemovePragmaHandler(&Theirs);
    PP.AddPragmaHandler(&Ours);
  }
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    if (!openMPSpreadOn() || Ctx == nullptr)
      return true;
    forEachFunctionBody(DG, [this](FunctionDecl *FD) {
      PlaceCheck(*Ctx).TraverseStmt(FD->getBody());
    });
    return true;
  }
};

} // namespace

void prepareSpread(CompilerInstance &CI) {
  if (!openMPSpreadOn() || !CI.getLangOpts().OpenMP)
    return;
  // A preprocessed file's compilation gets no include path (-save-temps
  // drops it); the handler then leaves every construct to OpenMP.
  const auto &Inputs = CI.getFrontendOpts().Inputs;
  Preprocessed = !Inputs.empty() && Inputs[0].getKind().isPreprocessed();
  if (Preprocessed)
    return;
  Preprocessor &PP = CI.getPreprocessor();
  PP.setPredefines(PP.getPredefines() + "\n#include <proact.h>\n");
}

std::unique_ptr<ASTConsumer> makeSpreadConsumer() {
  return std::make_unique<SpreadConsumer>();
}

void noteSpreadData(const Token &Marker, const std::vector<SpreadItem> &Items) {
  dataRecords().push_back(DataRecord{Marker, Items});
}

std::string spreadInner(Preprocessor &PP, const Tokens &Omp,
                        SpreadConstruct &S) {
  return innerOf(PP, Omp, S);
}

std::string spreadMarker(unsigned N) {
  return "__proact_spread_" + std::to_string(N);
}

} // namespace proact
