// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The '#pragma proact' handler: reads the directive and the statement after
// it, checks them, and replaces them with standard OpenMP + runtime calls.
// It never looks at whether this is the host or a device pass, so both passes
// see the same lowering (OpenMP matches kernels by file and line).
#include "diagnostics.h"
#include "lang_compat.h"
#include "directive.h"
#include "inject.h"
#include "loop_syntax.h"
#include "lowering.h"
#include "multidim.h"
#include "name_lookup.h"
#include "omp_line_scan.h"
#include "openmp_spread.h"
#include "plugin_args.h"
#include "profile.h"
#include "proact/detail/codegen.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include <map>
#include <set>
#include <string>

using namespace clang;
using namespace proact;

namespace {

class ProactPragmaHandler : public PragmaHandler {
  // The word of the nested directive a reader met ('data', 'update', or
  // another for a loop directive).
  static std::string NestedWord;
  // Whether <proact.h> was read by a compilation older than C99 (reported
  // there; the directives are then left alone).
  bool PreC99 = false;

public:
  ProactPragmaHandler() : PragmaHandler("proact") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &FirstTok) override {
    (void)Introducer;
    SourceLocation Loc = FirstTok.getLocation();
    Tokens Line;
    Token T;
    for (PP.Lex(T); T.isNot(tok::eod) && T.isNot(tok::eof); PP.Lex(T))
      Line.push_back(T);

    setDevicePass(isOpenMPDevicePass(PP.getLangOpts()));
    trackSkippedRanges(PP);
    reportRepeatsOnce(PP.getDiagnostics());
    if (Line.size() == 2 && isWord(PP, Line[0], "__lower")) {
      resumeLowering(PP, Line[1]);
      return;
    }
    // Without OpenMP the lowering cannot compile: one error at the first
    // directive, and every loop stays the plain C it was.
    if (!PP.getLangOpts().OpenMP) {
      static bool Reported;
      if (!Reported && !(Line.size() == 1 && isWord(PP, Line[0], "__contract")))
        report(PP.getDiagnostics(), Loc, Diag::NeedsOpenMP);
      Reported |= !(Line.size() == 1 && isWord(PP, Line[0], "__contract"));
      return;
    }
    if (nestedIn(PP, Line, Loc))
      return;
    if (Line.size() == 1 && isWord(PP, Line[0], "__contract")) {
      const LangOptions &LO = PP.getLangOpts();
      if (!LO.CPlusPlus && !LO.C99) {
        report(PP.getDiagnostics(), Loc, Diag::NeedsC99)
            << (LO.GNUMode ? "-std=gnu89" : "-std=c89");
        PreC99 = true;
        return;
      }
      includeContract(PP, Loc);
      return;
    }
    if (PreC99) // reported once, at <proact.h>
      return;
    Directive D;
    noteDirective();
    bool Ok = parseDirective(PP, Line, Loc, D);
    if (!headerMatches(PP, Loc))
      Ok = false;
    if (D.Unknown) // what follows is not known to belong to the directive
      return;
    // '#pragma omp parallel for' then '#pragma proact': the OpenMP directive
    // is the parser's already, and takes the loop as it stands.
    SourceLocation Construct;
    if (openMPPlace(&Construct) == OpenMPPlace::AfterLoopLine) {
      report(PP.getDiagnostics(), Loc, Diag::ProactAfterOpenMPLoop);
      return;
    }
    if (D.Kind == DirectiveKind::Data)
      handleData(PP, D, Ok);
    else if (D.Kind == DirectiveKind::Update)
      handleUpdate(PP, D, Ok);
    else
      handleLoop(PP, D, Ok, Line);
  }

private:
  // <proact.h> asks for the generated-code contract with
  // '#pragma proact __contract': the header beside it, under
  // proact/detail/, is read as if included there, so a program built
  // without the plugin never sees it.
  static void includeContract(Preprocessor &PP, SourceLocation Loc) {
    SourceManager &SM = PP.getSourceManager();
    FileID Here = SM.getFileID(SM.getExpansionLoc(Loc));
    OptionalFileEntryRef From = SM.getFileEntryRefForID(Here);
    if (!From) {
      report(PP.getDiagnostics(), Loc, Diag::ContractNotFound)
          << "<proact.h> is not a file";
      return;
    }
    std::string Path =
        (From->getDir().getName() + "/proact/detail/codegen.h").str();
    auto File = PP.getFileManager().getOptionalFileRef(Path);
    if (!File) {
      report(PP.getDiagnostics(), Loc, Diag::ContractNotFound) << Path;
      return;
    }
    registerHeader(PP.getHeaderSearchInfo(), *File);
    FileID FID = SM.createFileID(*File, Loc, SrcMgr::C_System);
    PP.EnterSourceFile(FID, nullptr, Loc);
  }

  // The user's <proact.h> must be there and be the contract this plugin
  // emits code for: an older or newer header would declare other
  // descriptors than the ones the generated code fills.
  static bool headerMatches(Preprocessor &PP, SourceLocation Loc) {
    const IdentifierInfo *II = PP.getIdentifierInfo("PROACT_LOWERING_ABI");
    const MacroInfo *MI = PP.getMacroInfo(II);
    if (!MI) {
      report(PP.getDiagnostics(), Loc, Diag::MissingHeader);
      return false;
    }
    std::string Found;
    for (const Token &T : MI->tokens())
      Found += spelling(PP, T);
    const std::string Expected = PROACT__ABI_STR(PROACT_LOWERING_ABI);
    if (Found == Expected)
      return true;
    report(PP.getDiagnostics(), Loc, Diag::HeaderAbiMismatch)
        << Found << Expected;
    return false;
  }

  static bool isWord(Preprocessor &PP, const Token &T, llvm::StringRef W) {
    return T.is(tok::identifier) && T.getIdentifierInfo()->getName() == W;
  }

  // A directive met while another proact handler reads (TokenReader nests):
  //  - before the outer directive's first token: this directive is handled
  //    as usual; the outer one reports that it is not followed by its loop
  //    or block, at this directive;
  //  - after the outer loop's statement (read to look for an 'else'): as
  //    usual;
  //  - in the outer loop's body: nesting (or a missing '}'). This directive
  //    is dropped, and the outer loop reports it once it has been read;
  //  - inside an unclosed '(' or '[' of the outer loop, or after a bracket
  //    that closes none: the outer loop is malformed. It stops reading, and
  //    both loops go back unchanged for the parser to report the error.
  // Returns true when this directive is dropped.
  static bool nestedIn(Preprocessor &PP, const Tokens &Line,
                       SourceLocation Loc) {
    TokenReader *Outer = TokenReader::active();
    if (Outer == nullptr)
      return false;
    const Tokens *Read = Outer->read();
    if (Read == nullptr || Read->empty()) {
      Outer->interrupt(Loc);
      return false;
    }
    // The brackets open at this directive; a closer that matches none means
    // the outer loop is malformed already.
    std::vector<tok::TokenKind> Open;
    bool Mismatched = false;
    for (const Token &T : *Read) {
      int Delta = bracketDelta(T);
      if (Delta > 0)
        Open.push_back(T.getKind());
      else if (Delta < 0) {
        const tok::TokenKind Want = T.is(tok::r_paren)    ? tok::l_paren
                                    : T.is(tok::r_square) ? tok::l_square
                                                          : tok::l_brace;
        Mismatched |= Open.empty() || Open.back() != Want;
        if (!Open.empty())
          Open.pop_back();
      }
    }
    if (Open.empty() && !Mismatched && Outer->lookingAhead())
      return false; // after the outer statement's end
    Outer->interrupt(Loc);
    if (Mismatched || (!Open.empty() && Open.back() != tok::l_brace))
      Outer->stop();
    else
      NestedWord = !Line.empty() && Line[0].is(tok::identifier)
                       ? Line[0].getIdentifierInfo()->getName().str()
                       : "";
    return true;
  }

  // The line of Loc as the user sees it (its expansion's presumed line).
  static unsigned lineOf(Preprocessor &PP, SourceLocation Loc) {
    const SourceManager &SM = PP.getSourceManager();
    const PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    return P.isValid() ? P.getLine() : 0;
  }

  // Reports the nested directive a loop's reader met in its body.
  static void reportNested(Preprocessor &PP, const TokenReader &R) {
    DiagnosticsEngine &DE = PP.getDiagnostics();
    report(DE, R.interrupted(),
           NestedWord == "data"     ? Diag::DataInLoopBody
           : NestedWord == "update" ? Diag::UpdateInLoopBody
                                    : Diag::NestedLoop);
    report(DE, R.directive(), Diag::EnclosingLoop);
  }

  // The lowering goes in in two steps: first a copy of the loop that is
  // never run, then, once the parser has read that copy, the real lowering
  // (resumeLowering). When the copy has errors, they are the user's, at the
  // user's tokens, and the lowering, which repeats the body several times,
  // is left out: one error each, nothing reported inside generated code.
  // The check ends in 'else' (Else): `if (0) { check } else <lowering>`
  // is one statement, so a directive that is the body of an 'if' or a
  // loop stays its whole body.
  struct Deferred {
    Tokens Lowering;
    Tokens After;
    bool Else = false;
    bool IsData = false;
    SourceLocation Directive;
    unsigned Errors; // errors reported before the copy was parsed
    // When valid: the copy was given back malformed and the parser must
    // have reported an error in it; if it did not, this directive's is
    // reported here.
    SourceLocation Stray;
    // Spread constructs: the OpenMP construct to give back instead of the
    // lowering where it cannot spread (inside an OpenMP construct), its
    // name, what it spreads as, and tokens that follow After only with the
    // lowering (a spread data region's marker).
    Tokens Fallback;
    std::string SpreadName, SpreadAs;
    Tokens Marker;
    bool Standalone = false; // an update: no statement of its own follows
  };
  static std::map<unsigned, Deferred> &deferred() {
    static std::map<unsigned, Deferred> M;
    return M;
  }

  static void resumeLowering(Preprocessor &PP, const Token &Id) {
    unsigned long long N = 0;
    std::string S = spelling(PP, Id);
    if (Id.isNot(tok::numeric_constant) || S.size() > 9 ||
        llvm::StringRef(S).getAsInteger(10, N))
      return;
    auto It = deferred().find((unsigned)N);
    if (It == deferred().end())
      return;
    Deferred Entry = std::move(It->second);
    deferred().erase(It);
    Tokens Out;
    bool Clean = PP.getDiagnostics().getNumErrors() == Entry.Errors;
    // Here, after the check copy, the parser's scopes are exactly those
    // around the directive (when the directive itself was read, the parser
    // may still have been closing a construct that ends just before it).
    SourceLocation Construct;
    if (Clean && !Entry.SpreadName.empty()) {
      const OpenMPPlace Place = openMPPlace(&Construct);
      DiagnosticsEngine &DE = PP.getDiagnostics();
      const bool Stays = Place == OpenMPPlace::Inside ||
                         Place == OpenMPPlace::AfterLoopLine ||
                         (Entry.Standalone && atFileScope());
      // An enter or exit left to OpenMP whose sections PROACT counts has
      // had its remark (SpreadAs empty).
      if (!Entry.SpreadAs.empty()) {
        if (Stays)
          report(DE, Entry.Directive, Diag::OpenMPNotSpread)
              << Entry.SpreadName
              << "it stands inside an OpenMP construct that stays on one "
                 "device";
        else
          report(DE, Entry.Directive, Diag::OpenMPSpread)
              << Entry.SpreadName << Entry.SpreadAs;
      }
      Out = Stays ? Entry.Fallback : Entry.Lowering;
      for (const Token &T : Entry.After)
        if (T.isNot(tok::eof))
          Out.push_back(T);
      if (!Stays)
        Out.insert(Out.end(), Entry.Marker.begin(), Entry.Marker.end());
      inject(PP, Out);
      return;
    }
    if (Clean && Entry.Stray.isInvalid() &&
        openMPPlace(&Construct) == OpenMPPlace::Inside) {
      report(PP.getDiagnostics(), Entry.Directive, Diag::ProactInOpenMPRegion)
          << (Entry.IsData ? "data region" : "loop");
      if (Construct.isValid())
        report(PP.getDiagnostics(), Construct, Diag::OpenMPConstructHere);
      Clean = false;
    }
    if (Clean && Entry.Stray.isValid())
      report(PP.getDiagnostics(), Entry.Stray, Diag::StrayDirective);
    else if (Clean)
      Out = std::move(Entry.Lowering);
    else if (Entry.Else)
      Out = materialize(PP, Id.getLocation(), Code(";"));
    for (const Token &T : Entry.After)
      if (T.isNot(tok::eof))
        Out.push_back(T);
    inject(PP, Out);
  }

  static Deferred &defer(Preprocessor &PP, Code &Check) {
    static unsigned Next = 0;
    const unsigned N = ++Next;
    Check << "_Pragma(\"proact __lower " + std::to_string(N) + "\")";
    Deferred &Entry = deferred()[N];
    Entry.Errors = PP.getDiagnostics().getNumErrors();
    return Entry;
  }

  static Deferred &injectLowering(Preprocessor &PP, SourceLocation At,
                                  const Code &CheckIf, const Code &Lowering,
                                  const Tokens &After, bool IsData) {
    Code Check = CheckIf;
    Check << quiet(Code("else"), "-Wdangling-else");
    Deferred &Entry = defer(PP, Check);
    Entry.Lowering = materialize(PP, At, quiet(Lowering));
    Entry.After = After;
    Entry.Else = true;
    Entry.IsData = IsData;
    Entry.Directive = At;
    inject(PP, materialize(PP, At, Check));
    return Entry;
  }

  // A loop stopped by a directive inside its brackets goes back unchanged,
  // followed by the check that the parser found its error.
  static void injectStopped(Preprocessor &PP, const TokenReader &R,
                            const Tokens &Stmt) {
    Code Check;
    for (const Token &T : Stmt)
      Check << T;
    Deferred &Entry = defer(PP, Check);
    Entry.After = R.pending();
    Entry.Stray = R.interrupted();
    inject(PP, materialize(PP, R.directive(), Check));
  }

  // `(a)[i]`, as macros write an array parameter (`#define AT(x, i)
  // (x)[i]`), becomes `a[i]`, which means the same: the scan knows an
  // access by its name right before '['. Not `f(a)[i]`, a call's result.
  static void dropNameParens(Tokens &S) {
    for (size_t K = 0; K + 3 < S.size();) {
      if (S[K].is(tok::l_paren) && S[K + 1].is(tok::identifier) &&
          S[K + 2].is(tok::r_paren) && S[K + 3].is(tok::l_square) &&
          !(K > 0 && S[K - 1].isOneOf(tok::identifier, tok::r_square))) {
        S.erase(S.begin() + K + 2);
        S.erase(S.begin() + K);
        K = K > 0 ? K - 1 : 0;
        continue;
      }
      ++K;
    }
  }

  static void handleData(Preprocessor &PP, const Directive &D, bool Ok) {
    TokenReader R(PP, D.Loc);
    Token Next;
    R.lex(Next);
    Tokens After;
    if (Next.isNot(tok::eof)) // the reader's synthetic eof stays here
      After.push_back(Next);
    if (Next.isNot(tok::l_brace) || R.interrupted().isValid()) {
      // A directive in between is reported at itself, not at the first
      // token of its lowering.
      if (R.interrupted().isValid())
        report(PP.getDiagnostics(), R.interrupted(), Diag::DirectiveBetween)
            << lineOf(PP, D.Loc) << "block";
      else
        report(PP.getDiagnostics(), Next.getLocation(),
               inSpreadTrial() ? Diag::SpreadDataNotBlock
                               : Diag::DataNotFollowedByBlock);
      giveBack(PP, After);
      return;
    }
    if (!Ok) {
      giveBack(PP, After);
      return;
    }
    Directive Flat = D;
    FlatArrays F;
    if (!flattenSections(PP, Flat, F) || (Spread && spreadTrialFailed())) {
      giveBack(PP, After);
      return;
    }
    Code Check(std::string("if (") + NeverRuns + ") {");
    emitClauseChecks(Check, D);
    Check << "}";
    Deferred &Entry =
        injectLowering(PP, D.Loc, Check, lowerData(PP, Flat, F, Spread != nullptr),
                       After, true);
    if (Spread) {
      static unsigned Regions = 0;
      const std::string M = spreadMarker(++Regions);
      Entry.Fallback = Spread->Stay;
      Entry.SpreadName = Spread->Name;
      Entry.SpreadAs = "data region";
      Entry.Marker = materialize(PP, D.Loc,
                                 Code("const int " + M + " = 0; (void)" + M + ";"));
      noteSpreadData(Entry.Marker[2], Spread->Items); // the marker's name
    }
  }

  // The construct being translated in spread mode (openmp_spread.h), or
  // nullptr: what a failed attempt gives back starts with its OpenMP line.
  static SpreadConstruct *Spread;

  static void giveBack(Preprocessor &PP, Tokens Toks) {
    if (Spread != nullptr)
      Toks.insert(Toks.begin(), Spread->Stay.begin(), Spread->Stay.end());
    inject(PP, Toks);
  }

  // A standalone directive: nothing after it belongs to it, so only its
  // own lowering goes in. Outside a function that would be a parse error
  // inside generated text; a clear one is given instead.
  static void handleUpdate(Preprocessor &PP, const Directive &D, bool Ok) {
    if (Ok && atFileScope()) {
      report(PP.getDiagnostics(), D.Loc, Diag::UpdateOutsideFunction);
      Ok = false;
    }
    Directive Flat = D;
    FlatArrays F;
    if (Ok && flattenSections(PP, Flat, F))
      inject(PP, materialize(PP, D.Loc, quiet(lowerUpdate(PP, Flat, F))));
  }

  // On any error the statement goes back unchanged, so the parser still
  // checks the user's code and the compilation fails with our diagnostic.
  // FNV-1a over the spellings of the pragma's and the loop's tokens: the
  // loop's identity for profiles (docs/user/tuning.md).
  static unsigned long long loopId(Preprocessor &PP, const Tokens &Line,
                                   const Tokens &Stmt) {
    unsigned long long H = 1469598103934665603ull;
    for (const Tokens *Part : {&Line, &Stmt})
      for (const Token &T : *Part) {
        if (T.is(tok::eof))
          continue;
        for (char Ch : spelling(PP, T) + " ")
          H = (H ^ (unsigned char)Ch) * 1099511628211ull;
      }
    return H;
  }

  static void handleLoop(Preprocessor &PP, Directive &D, bool Ok,
                         const Tokens &Line) {
    DiagnosticsEngine &DE = PP.getDiagnostics();
    TokenReader R(PP, D.Loc);
    Token First;
    R.lex(First);
    // 'target [teams]' and its loop construct on the next line, or alone
    // in a block: one combined construct. Otherwise both go back as they
    // are.
    bool Block = false;
    if (Spread != nullptr && Spread->Inner) {
      Tokens Inner;
      std::string Why;
      Token Brace = First;
      if (First.is(tok::l_brace)) {
        Block = true;
        R.lex(First);
      }
      if (First.isNot(tok::annot_pragma_openmp))
        Why = "it spreads only with a loop construct right after it, or "
              "alone in its block";
      else if (!readOpenMPLine(R, First, Inner))
        Why = "its loop construct could not be read";
      else
        Why = spreadInner(PP, Inner, *Spread);
      if (!Why.empty()) {
        report(DE, D.Loc, Diag::OpenMPNotSpread) << Spread->Name << Why;
        Tokens Back = Inner.empty() ? Tokens{First} : Inner;
        if (Block)
          Back.insert(Back.begin(), Brace);
        giveBack(PP, Back);
        return;
      }
      if (Block)
        Spread->Stay.push_back(Brace);
      Spread->Stay.insert(Spread->Stay.end(), Inner.begin(), Inner.end());
      R.lex(First);
    }
    if (Spread == nullptr && First.is(tok::annot_pragma_openmp)) {
      Tokens Omp;
      if (!readOpenMPLine(R, First, Omp) || !openMPLineFits(PP, D, Omp)) {
        // The loop goes back unchanged, without the line (reported).
        R.lex(First);
        Tokens Loop;
        if (First.isNot(tok::eof))
          Loop.push_back(First);
        injectWith(PP, Loop, R.pending());
        return;
      }
      R.lex(First); // the line is for the build without PROACT: dropped
    } else if (Spread == nullptr && First.is(tok::kw_for) &&
               openMPLinePrinted(PP, D.Loc, First.getLocation())) {
      report(DE, First.getLocation(), Diag::OpenMPLinePreprocessed);
      inject(PP, Tokens{First});
      return;
    }
    if (R.interrupted().isValid())
      report(DE, R.interrupted(), Diag::DirectiveBetween)
          << lineOf(PP, D.Loc) << "'for' loop";
    else if (First.isNot(tok::kw_for))
      report(DE, First.getLocation(), Diag::NotFollowedByFor);
    if (First.isNot(tok::kw_for) || R.interrupted().isValid()) {
      if (First.isNot(tok::eof)) // the reader's synthetic eof stays here
        giveBack(PP, Tokens{First});
      else
        giveBack(PP, Tokens{});
      return;
    }
    Tokens Stmt;
    R.setRead(&Stmt);
    bool Complete = readStatement(R, First, Stmt);
    R.setRead(nullptr);
    if (!Stmt.empty() && Stmt.back().is(tok::eof))
      Stmt.pop_back(); // the reader's synthetic eof
    if (R.stopped()) {
      injectStopped(PP, R, Stmt);
      return;
    }
    if (!Complete || R.interrupted().isValid()) {
      // The tokens go back unchanged. At the end of the file the parser
      // reports the missing '}' itself; a nested directive, only when the
      // loop's missing '}' is not made up by the end of the file.
      if (Complete) {
        Token Next;
        R.lexAhead(Next);
        if (Next.isNot(tok::eof))
          R.unlex(Next);
        else
          Complete = false;
      }
      if (Complete)
        reportNested(PP, R);
      injectWith(PP, Stmt, R.pending());
      return;
    }
    // The token read past the statement (looking for 'else') goes back last.
    Tokens After = R.pending();
    if (Block) {
      // The block's '}' must follow the loop: it stays in the stream and
      // closes the '{' put before the lowering (or the construct given
      // back).
      if (After.empty()) {
        Token Next;
        R.lexAhead(Next);
        R.unlex(Next);
        After = R.pending();
      }
      if (After.empty() || After[0].isNot(tok::r_brace)) {
        report(DE, D.Loc, Diag::OpenMPNotSpread)
            << Spread->Name
            << "its block holds more than its loop construct; put the "
               "other statements in target constructs of their own";
        injectWith(PP, Stmt, After);
        return;
      }
    }
    for (const Token &T : Stmt)
      if (T.isAnnotation()) { // another pragma, e.g. from a macro
        report(DE, T.getLocation(), Diag::PragmaInBody);
        injectWith(PP, Stmt, After);
        return;
      }
    dropNameParens(Stmt);
    // In spread mode the directive follows from the map clauses and the
    // arrays the body indexes; what goes back on failure is the original.
    const Tokens Orig = Stmt;
    Directive SpreadData;
    std::vector<SpreadItem> Found;
    if (Spread != nullptr)
      Ok = spreadDirective(PP, Stmt, D, SpreadData, Found);
    D.Id = loopId(PP, Line, Stmt);
    if (Ok)
      Ok = applyProfile(PP, D);
    CanonicalLoop L;
    std::string Why;
    SourceLocation Where;
    if (!parseCanonicalFor(PP, Stmt, 0, L, Why, Where)) {
      report(DE, Where, Diag::NonCanonicalLoop) << Why;
      injectWith(PP, Orig, After);
      return;
    }
    if (Spread != nullptr && !Spread->Private.empty() &&
        !privatize(PP, Stmt, L)) {
      injectWith(PP, Orig, After);
      return;
    }
    if (!checkCalls(PP, D, Stmt, L.BodyBegin)) {
      injectWith(PP, Orig, After);
      return;
    }
    {
      // A per-device global: a spread construct stays OpenMP's (one
      // device, one copy); a PROACT loop warns, and stops where the body
      // writes it (each device would write its own copy).
      std::string Var, Via;
      SourceLocation At;
      bool Writes = false;
      std::set<std::string> Named;
      for (const Section &A : D.Arrays)
        Named.insert(A.Spelling);
      if (findDeviceGlobal(Tokens(Stmt.begin() + L.BodyBegin, Stmt.end()),
                           Named, Var, Via, At, Writes)) {
        const std::string Through =
            Via.empty() ? std::string() : " (through " + Via + "())";
        report(PP.getDiagnostics(), At,
               Spread   ? Diag::DeviceGlobalSpread
               : Writes ? Diag::DeviceGlobalWrite
                        : Diag::DeviceGlobalRead)
            << Var << Through;
        if (!Spread && Writes) {
          injectWith(PP, Orig, After);
          return;
        }
        if (Spread && spreadTrialFailed()) {
          injectWith(PP, Orig, After);
          return;
        }
      }
    }
    Tokens Body(Stmt.begin() + L.BodyBegin, Stmt.end());
    BodyAccesses Accesses;
    // Arrays of several dimensions are analysed and lowered as flat ones
    // (multidim.h).
    Directive Flat = D;
    FlatArrays F;
    Tokens FlatBody;
    // A directive with errors has no reliable array list to check uses by.
    if (!Ok || !flattenSections(PP, Flat, F) ||
        !flattenBody(PP, Flat, F, Body, FlatBody) ||
        !scanBody(PP, Flat, L, FlatBody, Accesses)) {
      injectWith(PP, Orig, After);
      return;
    }
    const LoopLowering LL =
        lowerLoop(PP, Flat, L, FlatBody, Accesses, F, D, Body);
    if (Spread == nullptr) {
      injectLowering(PP, D.Loc, LL.Check, LL.Lowering, After, false);
      return;
    }
    // OpenMP maps the arrays for this construct alone: a data region
    // around the loop does the same (one nested in a data region holding
    // them reuses its copies, as OpenMP finds them present). The loop
    // variables declared before the loop are private to the target
    // construct and keep their values on the host: the lowering works on
    // copies of them.
    Code Lowering("{");
    // A scalar the construct maps, which OpenMP may find present on the
    // device ('target enter data'): the loop reads that copy there.
    std::string Shadows;
    {
      std::set<std::string> Nest;
      for (const Token &V : nestVariables(PP, Orig))
        Nest.insert(spelling(PP, V));
      const PresumedLoc P = PP.getSourceManager().getPresumedLoc(
          PP.getSourceManager().getExpansionLoc(D.Loc));
      const std::string File = quoted(P.isValid() ? P.getFilename() : "?");
      unsigned K = 0;
      for (const std::string &V : Spread->MappedScalars) {
        if (Nest.count(V) || Spread->ReducedOps.count(V))
          continue;
        bool Reduced = false;
        for (const Reduction &R : D.Reductions)
          Reduced |= R.Spelling == V;
        if (Reduced)
          continue;
        const std::string M = "__proact_ms" + std::to_string(K++);
        Lowering << "__typeof__(" + V + ") " + M + " = " + V +
                        "; proact__omp_mapped_scalar(&" + M +
                        ", (const void *)&" + V + ", sizeof(" + V + "), " +
                        File + ", " +
                        std::to_string(P.isValid() ? P.getLine() : 0) + ");";
        Shadows += "__typeof__(" + V + ") " + V + " = " + M + "; (void)" +
                   V + ";";
      }
      if (!Shadows.empty())
        Lowering << "{" + Shadows;
    }
    for (const Token &V : nestVariables(PP, Orig))
      Lowering << "__typeof__(" << V << ") " << V << ";";
    Directive FlatData = SpreadData;
    FlatArrays FD;
    const bool Mapped = !SpreadData.Arrays.empty();
    if (Mapped && !flattenSections(PP, FlatData, FD)) {
      injectWith(PP, Orig, After);
      return;
    }
    if (spreadTrialFailed()) {
      injectWith(PP, Orig, After);
      return;
    }
    if (Mapped)
      Lowering << lowerData(PP, FlatData, FD, true) << "{";
    Lowering << LL.Lowering;
    if (Mapped)
      Lowering << "}";
    if (!Shadows.empty())
      Lowering << "}";
    Lowering << "}";
    if (!Spread->IfCond.empty()) {
      // if(false): OpenMP runs the construct on the host, with the host's
      // arrays and its own copies of the loop and private variables.
      Code Host("if (");
      Host << Spread->IfCond << ") " << Lowering << " else {";
      std::set<std::string> Own;
      Tokens Copies = nestVariables(PP, Orig);
      Copies.insert(Copies.end(), Spread->Private.begin(),
                    Spread->Private.end());
      for (const Token &V : Copies)
        if (Own.insert(spelling(PP, V)).second)
          Host << "__typeof__(" << V << ") " << V << ";";
      Host << Orig << "}";
      Lowering = Host;
    }
    if (!Found.empty() || Mapped) {
      // Where the runtime finds none of those arrays, or not all, the
      // construct is OpenMP's, which finds them where they are; so it is
      // where OpenMP itself holds an array the construct maps (an enter
      // or data construct that stayed OpenMP's).
      Code Where("if (");
      bool First = true;
      for (size_t I = 0; I < Found.size(); ++I, First = false) {
        const std::string &P = Found[I].Name;
        Where << (First ? "" : " && ") << "proact__omp_found(" + P +
                                              ", sizeof((" + P + ")[0]))";
      }
      for (const Section &S : SpreadData.Arrays) {
        Where << (First ? "" : " && ") << "!proact__omp_kept((const void *)";
        First = false;
        if (S.WholeArray) {
          Where << "(" << S.Name << "))";
        } else {
          Where << "&(" << S.Name << ")[";
          if (S.Lo.empty())
            Where << "0";
          else
            Where << "(" << S.Lo << ")";
          Where << "])";
        }
      }
      Where << ") {" << Lowering << "} else {";
      for (const Token &T : Spread->Stay)
        Where << T;
      Where << Orig;
      if (Block)
        Where << "}";
      Where << "}";
      Lowering = Where;
    }
    if (Block) {
      Code Open("{");
      Open << Lowering;
      Lowering = Open;
    }
    Deferred &Entry =
        injectLowering(PP, D.Loc, LL.Check, Lowering, After, false);
    Entry.Fallback = Spread->Stay;
    Entry.Fallback.insert(Entry.Fallback.end(), Orig.begin(), Orig.end());
    Entry.SpreadName = Spread->Name;
    Entry.SpreadAs = "loop";
    if (!Found.empty()) {
      Entry.SpreadAs += " where a data region or 'target enter data' holds ";
      for (size_t I = 0; I < Found.size(); ++I)
        Entry.SpreadAs += (I ? ", '" : "'") + Found[I].Name + "'";
      Entry.SpreadAs += " when it runs (elsewhere OpenMP's construct)";
    }
  }

  // A visible region's p[lo:len] as the section that holds it when the
  // loop runs (proact__omp_held_lo): an outer region may map more of p,
  // which OpenMP finds present. Other forms (an array object, several
  // dimensions) as written.
  static const SpreadItem *heldSection(Preprocessor &PP, SourceLocation Loc,
                                       const SpreadItem &It,
                                       std::vector<SpreadItem> &Held) {
    const Tokens &T = It.Section;
    if (T.size() < 5 || T[1].isNot(tok::l_square) ||
        matchingClose(T, 1) != T.size() - 1)
      return &It;
    size_t Colon = T.size() - 1;
    int Depth = 0;
    for (size_t I = 2; I + 1 < T.size() && Colon == T.size() - 1; ++I) {
      Depth += bracketDelta(T[I]);
      if (Depth == 0 && T[I].is(tok::colon))
        Colon = I;
    }
    if (Colon >= T.size() - 1)
      return &It;
    const std::string N = It.Name;
    const std::string E = "sizeof((" + N + ")[0])";
    Code Lo, Len;
    Lo.add(Tokens(T.begin() + 2, T.begin() + Colon));
    Len.add(Tokens(T.begin() + Colon + 1, T.end() - 1));
    if (Lo.empty() || Len.empty())
      return &It;
    Code Sec;
    Sec << T[0] << "[proact__omp_held_lo(" + N + ", " + E + ", " << Lo
        << ", " << Len << ") : proact__omp_held_len(" + N + ", " + E + ", "
        << Lo << ", " << Len << ")]";
    SpreadItem H = It;
    H.Section = materialize(PP, Loc, Sec);
    Held.push_back(H);
    return &Held.back();
  }

  // The PROACT loop directive of the spread construct around loop Stmt
  // into D, and the data directive of its map clauses into Data (no arrays:
  // none). An array the body indexes that the construct does not map is
  // taken from the innermost spread data region visible here that holds it.
  static bool spreadDirective(Preprocessor &PP, const Tokens &Stmt,
                              Directive &D, Directive &Data,
                              std::vector<SpreadItem> &Found) {
    const SpreadConstruct &S = *Spread;
    std::vector<const SpreadItem *> Region;
    std::vector<SpreadItem> Implicit, Held;
    Implicit.reserve(Stmt.size()); // Region points into them
    Held.reserve(Stmt.size());
    Found.clear();
    Found.reserve(Stmt.size());
    std::set<std::string> Named;
    for (const SpreadItem &It : S.Items)
      if (Named.insert(It.Name).second)
        Region.push_back(&It);
    // An array the body declares is its own, whatever an outer one of the
    // same name is.
    const std::set<std::string> Own = namesDeclaredIn(PP, Stmt);
    Named.insert(Own.begin(), Own.end());
    for (size_t I = 0; I + 1 < Stmt.size(); ++I) {
      if (Stmt[I].isNot(tok::identifier) || Stmt[I + 1].isNot(tok::l_square) ||
          (I > 0 && Stmt[I - 1].isOneOf(tok::period, tok::arrow)))
        continue;
      const std::string N = spelling(PP, Stmt[I]);
      if (Named.count(N))
        continue;
      for (auto It = S.Visible.rbegin(); It != S.Visible.rend(); ++It)
        if (It->Name == N) {
          Named.insert(N);
          Region.push_back(heldSection(PP, S.Loc, *It, Held));
          break;
        }
      // An array object nothing names is mapped tofrom implicitly, as
      // OpenMP does; a pointer nothing names OpenMP would find present in
      // a region that does not spread.
      const ArrayShape Shape =
          Named.count(N) ? ArrayShape() : lookupArrayShape(Stmt[I]);
      if (Shape.Object) {
        SpreadItem It;
        It.Name = N;
        It.Section = Tokens{Stmt[I]};
        It.MapKind = PROACT__MAP_COPY;
        Implicit.push_back(It);
        Named.insert(N);
        continue;
      }
      // A pointer the runtime may find mapped elsewhere (an enter data, a
      // caller's region): the loop names the section that holds it then.
      // The calls name it by a fresh token: the flattening of an array of
      // several dimensions renames the user's, and each element here is
      // a row.
      if (Shape.Rank >= 1) {
        const Token P = Stmt[I];
        Code Sec;
        Sec << P << "[proact__omp_found_lo(" + N + ", sizeof((" + N +
                        ")[0])) : proact__omp_found_len(" + N + ", sizeof((" +
                        N + ")[0]))]";
        SpreadItem It;
        It.Name = N;
        It.Section = materialize(PP, S.Loc, Sec);
        Found.push_back(It);
        Named.insert(N);
      }
    }
    for (const SpreadItem &It : Implicit)
      Region.push_back(&It);
    for (const SpreadItem &It : Found)
      Region.push_back(&It);
    Code C;
    if (!Region.empty()) {
      C << "region(";
      for (size_t I = 0; I < Region.size(); ++I)
        C << (I ? "," : "") << Region[I]->Section;
      C << ")";
    }
    C << S.Reductions;
    const Tokens Line = materialize(PP, S.Loc, C);
    bool Ok = parseDirective(PP, Line, S.Loc, D);
    std::vector<SpreadItem> Mapped = S.Items;
    Mapped.insert(Mapped.end(), Implicit.begin(), Implicit.end());
    if (Mapped.empty())
      return Ok;
    const Tokens DataLine = materialize(PP, S.Loc, dataLine(Mapped));
    return parseDirective(PP, DataLine, S.Loc, Data) && Ok;
  }

  // "data copy(...) copyin(...) ..." for the items of map clauses.
  static Code dataLine(const std::vector<SpreadItem> &Items) {
    static const char *const Names[] = {"copy", "copyin", "copyout", "create"};
    static_assert(PROACT__MAP_COPY == 0 && PROACT__MAP_COPYIN == 1 &&
                      PROACT__MAP_COPYOUT == 2 && PROACT__MAP_CREATE == 3,
                  "map kinds index Names");
    Code C("data");
    std::set<std::string> Named;
    for (int K = 0; K < 4; ++K) {
      bool Any = false;
      for (const SpreadItem &It : Items) {
        if (It.MapKind != K || !Named.insert(It.Name).second)
          continue;
        C << (Any ? "," : std::string(" ") + Names[K] + "(") << It.Section;
        Any = true;
      }
      if (Any)
        C << ")";
    }
    return C;
  }

  // The variables of the loops in Stmt that are declared before the
  // statement, `for (x = ...`, each once.
  static Tokens nestVariables(Preprocessor &PP, const Tokens &Stmt) {
    Tokens Out;
    std::set<std::string> Seen;
    for (size_t I = 0; I + 3 < Stmt.size(); ++I)
      if (Stmt[I].is(tok::kw_for) && Stmt[I + 1].is(tok::l_paren) &&
          Stmt[I + 2].is(tok::identifier) && Stmt[I + 3].is(tok::equal) &&
          lookupName(Stmt[I + 2]) == NameKind::Variable &&
          Seen.insert(spelling(PP, Stmt[I + 2])).second)
        Out.push_back(Stmt[I + 2]);
    return Out;
  }

  // private(x, ...): the body gets its own x, `{ __typeof__(x) x; body }`
  // (each thread of each device its own copy, as OpenMP gives). The loop
  // variables of the nest, `for (x = ...`, are each thread's own already.
  static bool privatize(Preprocessor &PP, Tokens &Stmt, CanonicalLoop &L) {
    std::set<std::string> LoopVars;
    for (const Token &V : nestVariables(PP, Stmt))
      LoopVars.insert(spelling(PP, V));
    Code Decls("{");
    bool Any = false;
    for (const Token &T : Spread->Private) {
      if (LoopVars.count(spelling(PP, T)))
        continue;
      // The copy's name is generated text, in quiet(): it hides the
      // outer x on purpose, as OpenMP's private copy does, and draws no
      // -Wshadow at the user's clause.
      Decls << "__typeof__(" << T << ") " + spelling(PP, T) + ";";
      Any = true;
    }
    if (!Any)
      return true;
    Tokens Open = materialize(PP, Spread->Loc, quiet(Decls));
    Tokens Close = materialize(PP, Spread->Loc, Code("}"));
    Tokens Out(Stmt.begin(), Stmt.begin() + L.BodyBegin);
    Out.insert(Out.end(), Open.begin(), Open.end());
    Out.insert(Out.end(), Stmt.begin() + L.BodyBegin, Stmt.end());
    Out.insert(Out.end(), Close.begin(), Close.end());
    Stmt = std::move(Out);
    std::string Why;
    SourceLocation Where;
    // Parsed afresh: the parser adds to the fields it fills (the type's
    // tokens), so parsing into L again would repeat them (`int int i`).
    CanonicalLoop Again;
    if (!parseCanonicalFor(PP, Stmt, 0, Again, Why, Where))
      return false;
    L = std::move(Again);
    return true;
  }

public:
  // handleSpreadConstruct (openmp_spread.h).
  static void spread(Preprocessor &PP, SpreadConstruct &S) {
    setDevicePass(isOpenMPDevicePass(PP.getLangOpts()));
    trackSkippedRanges(PP);
    reportRepeatsOnce(PP.getDiagnostics());
    noteDirective();
    if (!headerMatches(PP, S.Loc)) { // <proact.h> is included for it
      inject(PP, S.Omp);
      return;
    }
    Spread = &S;
    setSpreadTrial(true);
    Directive D;
    D.Loc = S.Loc;
    if (S.Kind == SpreadKind::Loop) {
      handleLoop(PP, D, true, S.Omp);
    } else if (S.Kind == SpreadKind::Data) {
      Code C = dataLine(S.Items);
      const bool Ok = parseDirective(PP, materialize(PP, S.Loc, C), S.Loc, D);
      handleData(PP, D, Ok);
    } else if (S.Kind == SpreadKind::Update) {
      spreadUpdate(PP, S);
    } else {
      spreadEnterExit(PP, S);
    }
    const bool Failed = spreadTrialFailed();
    setSpreadTrial(false);
    Spread = nullptr;
    if (Failed)
      report(PP.getDiagnostics(), S.Loc, Diag::OpenMPNotSpread)
          << S.Name
          << "PROACT's analysis does not accept it (the remarks above say "
             "why)";
  }

private:
  // `target update` becomes the update directive after a ';': the parser
  // reads that empty statement before the handler decides, so that a
  // construct ending just before the line has been closed (a standalone
  // directive is never a substatement, so the ';' changes no meaning).
  static void spreadUpdate(Preprocessor &PP, SpreadConstruct &S) {
    Code C("update");
    for (const SpreadItem &It : S.Items)
      C << (It.MapKind == PROACT__UPDATE_HOST ? " host(" : " device(")
        << It.Section << ")";
    Directive D;
    const bool Ok = parseDirective(PP, materialize(PP, S.Loc, C), S.Loc, D);
    spreadStandalone(PP, S, Ok, D, "update",
                     [&](const Directive &Flat, const FlatArrays &F) {
                       return materialize(
                           PP, S.Loc, quiet(lowerUpdate(PP, Flat, F, true)));
                     });
  }

  // A standalone construct read as the directive D (parsed when Ok): its
  // runtime call, which Lower makes from the flattened directive, after a
  // ';' (spreadUpdate says why); a directive that does not flatten gives
  // the construct back to OpenMP.
  template <typename LowerFn>
  static void spreadStandalone(Preprocessor &PP, const SpreadConstruct &S,
                               bool Ok, const Directive &D,
                               const std::string &As, LowerFn Lower) {
    Directive Flat = D;
    FlatArrays F;
    if (!Ok || !flattenSections(PP, Flat, F) || spreadTrialFailed()) {
      giveBack(PP, Tokens{});
      return;
    }
    Code Sync(";");
    Deferred &Entry = defer(PP, Sync);
    Entry.Lowering = Lower(Flat, F);
    Entry.Fallback = S.Stay;
    Entry.SpreadName = S.Name;
    Entry.SpreadAs = As;
    Entry.Standalone = true;
    Entry.Directive = S.Loc;
    inject(PP, materialize(PP, S.Loc, Sync));
  }

  // `target enter data` / `target exit data`: the runtime call, after a ';'
  // as for an update. The sections go through a data directive's clause,
  // in the order written, whose kinds are then the construct's own
  // (an exit's release and delete have no PROACT clause). Where the
  // runtime says a section is OpenMP's, the construct itself runs after;
  // otherwise the construct with its scalars alone, if it maps some.
  static void spreadEnterExit(Preprocessor &PP, SpreadConstruct &S) {
    const bool Exit = S.Kind == SpreadKind::Exit;
    Code C("data copyin(");
    for (size_t I = 0; I < S.Items.size(); ++I)
      C << (I ? "," : "") << S.Items[I].Section;
    C << ")";
    Directive D;
    bool Ok = parseDirective(PP, materialize(PP, S.Loc, C), S.Loc, D) &&
              D.Arrays.size() == S.Items.size();
    for (size_t I = 0; Ok && I < S.Items.size(); ++I)
      D.Arrays[I].MapKind = S.Items[I].MapKind;
    spreadStandalone(
        PP, S, Ok, D,
        !S.Counted.empty() ? ""
        : Exit             ? "end of 'target enter data' mappings"
                           : "mappings held until 'target exit data'",
        [&](const Directive &Flat, const FlatArrays &F) {
          if (!S.Counted.empty()) {
            // { decls { maps; count; } construct }
            Tokens L = materialize(PP, S.Loc, Code("{"));
            L.insert(L.end(), S.CountedDecls.begin(), S.CountedDecls.end());
            const Tokens Count = materialize(
                PP, S.Loc,
                quiet(lowerEnterExit(PP, Flat, F, Exit, true,
                                     S.CountedRefuse)));
            L.insert(L.end(), Count.begin(), Count.end());
            const Tokens Mid = materialize(PP, S.Loc, Code("}"));
            L.insert(L.end(), Mid.begin(), Mid.end());
            L.insert(L.end(), S.Counted.begin(), S.Counted.end());
            L.insert(L.end(), Mid.begin(), Mid.end());
            return L;
          }
          Tokens L =
              materialize(PP, S.Loc, quiet(lowerEnterExit(PP, Flat, F, Exit)));
          L.insert(L.end(), S.Handoff.begin(), S.Handoff.end());
          if (!S.ScalarHandoff.empty()) {
            const Tokens Else = materialize(PP, S.Loc, Code("else"));
            L.insert(L.end(), Else.begin(), Else.end());
            L.insert(L.end(), S.ScalarHandoff.begin(), S.ScalarHandoff.end());
          }
          const Tokens Close = materialize(PP, S.Loc, Code("}"));
          L.insert(L.end(), Close.begin(), Close.end());
          return L;
        });
  }

  // Whether a '#pragma omp' line stands between the directive at From and
  // the loop at To while no parser runs (clang -E): the preprocessor has
  // printed that line already, in front of whatever this handler emits.
  // One in a comment or a skipped #if branch (the build without PROACT's
  // line) was not printed.
  static bool openMPLinePrinted(Preprocessor &PP, SourceLocation From,
                                SourceLocation To) {
    SourceLocation Where;
    if (openMPPlace(&Where) != OpenMPPlace::Unknown)
      return false;
    return openMPPragmaBetween(PP, From, To);
  }

  // Whether this compilation builds device code for an NVIDIA GPU: in the
  // device pass, its target; in the host pass, the offload targets.
  static bool buildsForNvptx(Preprocessor &PP) {
    if (isOpenMPDevicePass(PP.getLangOpts()))
      return PP.getTargetInfo().getTriple().isNVPTX();
    for (const llvm::Triple &T : PP.getLangOpts().OMPTargetTriples)
      if (T.isNVPTX())
        return true;
    return false;
  }

  // Whether a call to Name in a loop body is to the OpenMP API or its
  // runtime: the OpenMP specification reserves the omp_ and ompx_ prefixes
  // for it, so the name alone decides, wherever the function is declared.
  // omp_get_wtime and omp_get_wtick mean the same in every thread and kernel.
  static bool isOpenMPCall(llvm::StringRef Name) {
    if (Name == "omp_get_wtime" || Name == "omp_get_wtick")
      return false;
    return Name.starts_with("omp_") || Name.starts_with("ompx_") ||
           Name.starts_with("__kmpc_");
  }

  // Checks the calls of the loop statement Stmt, whose body begins at
  // BodyBegin, macros expanded: in the body, calls to the OpenMP API,
  // whose answers depend on the kernel form and thread that runs an
  // iteration; on NVIDIA targets, calls to libm functions that clang's NVPTX
  // OpenMP device headers (16 and 22) do not provide (those of <complex.h>):
  // the device link would fail with no location. Reports each; false if
  // there was one.
  static bool checkCalls(Preprocessor &PP, const Directive &D,
                         const Tokens &Stmt, size_t BodyBegin) {
    static const std::set<std::string> Missing = [] {
      std::set<std::string> S;
      for (const char *F :
           {"cabs", "cacos", "cacosh", "carg", "casin", "casinh", "catan",
            "catanh", "ccos", "ccosh", "cexp", "clog", "cpow", "cproj",
            "csin", "csinh", "csqrt", "ctan", "ctanh"})
        for (const char *Suffix : {"", "f", "l"})
          S.insert(std::string(F) + Suffix);
      return S;
    }();
    DiagnosticsEngine &DE = PP.getDiagnostics();
    const bool Nvptx = buildsForNvptx(PP);
    bool Ok = true;
    for (size_t I = 0; I + 1 < Stmt.size(); ++I) {
      if (Stmt[I].isNot(tok::identifier) || Stmt[I + 1].isNot(tok::l_paren))
        continue;
      const std::string Name = spelling(PP, Stmt[I]);
      // A member's function pointer (s.omp_f()) is the program's own.
      const bool Member =
          I > 0 && Stmt[I - 1].isOneOf(tok::period, tok::arrow);
      if (I >= BodyBegin && !Member && isOpenMPCall(Name)) {
        report(DE, Stmt[I].getLocation(), Diag::OpenMPCallInBody) << Name;
        report(DE, D.Loc, Diag::ProactLoopHere);
        Ok = false;
      } else if (Nvptx && Missing.count(Name)) {
        report(DE, Stmt[I].getLocation(), Diag::NoGpuVersion) << Name;
        Ok = false;
      }
    }
    return Ok;
  }

  // Reads a '#pragma omp' line (what clang's OpenMP handler made of it)
  // from its opening annotation First to its closing one.
  static bool readOpenMPLine(TokenReader &R, const Token &First,
                             Tokens &Omp) {
    Omp.push_back(First);
    for (;;) {
      Token T;
      R.lex(T);
      if (T.is(tok::eof)) {
        R.unlex(T);
        return false;
      }
      Omp.push_back(T);
      if (T.is(tok::annot_pragma_openmp_end))
        return true;
    }
  }

  // Whether the '#pragma omp' line Omp between a loop directive and its loop
  // is a loop directive whose clauses PROACT's directive covers; reports
  // why not.
  static bool openMPLineFits(Preprocessor &PP, const Directive &D,
                             const Tokens &Omp) {
    DiagnosticsEngine &DE = PP.getDiagnostics();
    static const std::set<std::string> Words = {"parallel", "for", "simd",
                                                "loop"};
    static const std::set<std::string> Loops = {
        "parallel for", "parallel for simd", "for", "for simd", "simd",
        "parallel loop", "loop"};
    size_t I = 1;
    const size_t End = Omp.size() - 1; // the closing annotation
    std::string Name;
    for (; I < End && Words.count(spelling(PP, Omp[I])); ++I)
      Name += (Name.empty() ? "" : " ") + spelling(PP, Omp[I]);
    if (!Loops.count(Name)) {
      std::string Text = Name;
      for (size_t J = I; J < End && J < I + 6 && Omp[J].isNot(tok::l_paren);
           ++J)
        Text += (Text.empty() ? "" : " ") + spelling(PP, Omp[J]);
      report(DE, Omp[0].getLocation(), Diag::OpenMPDirectiveNotLoop) << Text;
      return false;
    }
    // Clauses that only tune the OpenMP build, or that PROACT's loops obey
    // anyway (each device gets the values of variables from before the
    // loop; PROACT chooses its own collapse and schedule).
    static const std::set<std::string> Ignored = {
        "schedule", "num_threads", "proc_bind", "default", "shared",
        "firstprivate", "if", "nowait", "collapse", "simdlen", "safelen",
        "aligned", "order", "bind", "nontemporal"};
    std::map<std::string, std::string> OmpReductions; // var -> op
    SourceLocation ReductionLoc = Omp[0].getLocation();
    bool Ok = true;
    while (I < End) {
      const Token &Clause = Omp[I];
      const std::string C = spelling(PP, Clause);
      size_t Next = I + 1, Close = I;
      if (Next < End && Omp[Next].is(tok::l_paren)) {
        Close = matchingClose(Omp, Next);
        Next = Close + 1;
      }
      if (Next < End && Omp[Next].is(tok::comma))
        ++Next;
      const char *Why = nullptr;
      if (C == "reduction" && Close > I) {
        ReductionLoc = Clause.getLocation();
        // reduction(op: a, b); a modifier (inscan, task) has no match.
        size_t Colon = I + 2;
        while (Colon < Close && Omp[Colon].isNot(tok::colon))
          ++Colon;
        std::string Op;
        for (size_t J = I + 2; J < Colon; ++J)
          Op += spelling(PP, Omp[J]);
        if (Op == "-")
          Op = "+"; // OpenMP's '-' reduction sums
        for (size_t J = Colon + 1; J < Close; ++J)
          if (Omp[J].is(tok::identifier))
            OmpReductions[spelling(PP, Omp[J])] = Op;
      } else if (C == "private") {
        Why = "each device and thread already has its own copy of what the "
              "body declares; declare the variable inside the loop body";
      } else if (C == "lastprivate") {
        Why = "PROACT keeps only the loop variable's last value; compute the "
              "value after the loop";
      } else if (C == "linear") {
        Why = "compute the value from the loop variable inside the body";
      } else if (C == "ordered") {
        Why = "PROACT runs the iterations in no particular order";
      } else if (!Ignored.count(C)) {
        Why = "remove it, or leave the loop to OpenMP alone";
      }
      if (Why != nullptr) {
        report(DE, Clause.getLocation(), Diag::OpenMPClauseUnsupported)
            << C << Name << Why;
        Ok = false;
      }
      I = Next;
    }
    std::map<std::string, std::string> Proact;
    for (const Reduction &Red : D.Reductions)
      Proact[Red.Spelling] = Red.Op;
    if (Ok && Proact != OmpReductions) {
      std::string Diff;
      for (const auto &[Var, Op] : OmpReductions)
        if (!Proact.count(Var) || Proact[Var] != Op)
          Diff += std::string(Diff.empty() ? "" : ", ") + "'#pragma omp' has " +
                  Op + ": " + Var;
      for (const auto &[Var, Op] : Proact)
        if (!OmpReductions.count(Var) || OmpReductions[Var] != Op)
          Diff += std::string(Diff.empty() ? "" : ", ") +
                  "'#pragma proact' has " + Op + ": " + Var;
      report(DE, ReductionLoc, Diag::OpenMPReductionMismatch) << Name << Diff;
      Ok = false;
    }
    return Ok;
  }

  static void injectWith(Preprocessor &PP, Tokens Toks, const Tokens &After) {
    for (const Token &T : After)
      if (T.isNot(tok::eof))
        Toks.push_back(T);
    giveBack(PP, Toks);
  }
};

std::string ProactPragmaHandler::NestedWord;
SpreadConstruct *ProactPragmaHandler::Spread = nullptr;

} // namespace

void proact::handleSpreadConstruct(Preprocessor &PP, SpreadConstruct &S) {
  ProactPragmaHandler::spread(PP, S);
}

static PragmaHandlerRegistry::Add<ProactPragmaHandler>
    RegisterProact("proact", "PROACT multi-device loops and data regions");
