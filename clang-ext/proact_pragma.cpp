// The '#pragma proact' handler: reads the directive and the statement after
// it, checks them, and replaces them with standard OpenMP + runtime calls.
// It never looks at whether this is the host or a device pass, so both passes
// see the same lowering (OpenMP matches kernels by file and line).
#include "diagnostics.h"
#include "directive.h"
#include "inject.h"
#include "loop_syntax.h"
#include "lowering.h"
#include "plugin_args.h"
#include "profile.h"
#include "proact/detail/codegen.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace proact;

namespace {

class ProactPragmaHandler : public PragmaHandler {
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

    if (Line.size() == 1 && Line[0].is(tok::identifier) &&
        Line[0].getIdentifierInfo()->getName() == "__contract") {
      includeContract(PP, Loc);
      return;
    }
    Directive D;
    noteDirective();
    bool Ok = parseDirective(PP, Line, Loc, D);
    if (!headerMatches(PP, Loc))
      Ok = false;
    if (D.Kind == DirectiveKind::Data)
      handleData(PP, D, Ok);
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
      Found += PP.getSpelling(T);
    const std::string Expected = PROACT__ABI_STR(PROACT_LOWERING_ABI);
    if (Found == Expected)
      return true;
    report(PP.getDiagnostics(), Loc, Diag::HeaderAbiMismatch)
        << Found << Expected;
    return false;
  }

  static void handleData(Preprocessor &PP, const Directive &D, bool Ok) {
    TokenReader R(PP);
    Token Next;
    R.lex(Next);
    Tokens Out;
    if (Next.isNot(tok::l_brace)) {
      report(PP.getDiagnostics(), Next.getLocation(),
             Diag::DataNotFollowedByBlock);
      Ok = false;
    }
    if (Ok)
      Out = materialize(PP, D.Loc, lowerData(PP, D));
    if (Next.isNot(tok::eof)) // the reader's synthetic eof stays here
      Out.push_back(Next);
    inject(PP, Out);
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
        for (char Ch : PP.getSpelling(T) + " ")
          H = (H ^ (unsigned char)Ch) * 1099511628211ull;
      }
    return H;
  }

  static void handleLoop(Preprocessor &PP, Directive &D, bool Ok,
                         const Tokens &Line) {
    DiagnosticsEngine &DE = PP.getDiagnostics();
    TokenReader R(PP);
    Token First;
    R.lex(First);
    if (First.isNot(tok::kw_for)) {
      report(DE, First.getLocation(), Diag::NotFollowedByFor);
      if (First.isNot(tok::eof)) // the reader's synthetic eof stays here
        inject(PP, Tokens{First});
      return;
    }
    Tokens Stmt;
    if (!readStatement(R, First, Stmt)) {
      // Give the tokens back (not the reader's synthetic eof) so the parser
      // reports the missing braces at the real end of the file.
      report(DE, First.getLocation(), Diag::UnterminatedLoop);
      Stmt.pop_back();
      inject(PP, Stmt);
      return;
    }
    // The token read past the statement (looking for 'else') goes back last.
    Tokens After = R.pending();
    D.Id = loopId(PP, Line, Stmt);
    if (Ok)
      Ok = applyProfile(PP, D);
    CanonicalLoop L;
    std::string Why;
    SourceLocation Where;
    if (!parseCanonicalFor(PP, Stmt, 0, L, Why, Where)) {
      report(DE, Where, Diag::NonCanonicalLoop) << Why;
      injectWith(PP, Stmt, After);
      return;
    }
    Tokens Body(Stmt.begin() + L.BodyBegin, Stmt.end());
    BodyAccesses Accesses;
    // A directive with errors has no reliable array list to check uses by.
    if (!Ok || !scanBody(PP, D, L, Body, Accesses)) {
      injectWith(PP, Stmt, After);
      return;
    }
    injectWith(PP, materialize(PP, D.Loc, lowerLoop(PP, D, L, Body, Accesses)),
               After);
  }

  static void injectWith(Preprocessor &PP, Tokens Toks, const Tokens &After) {
    for (const Token &T : After)
      if (T.isNot(tok::eof))
        Toks.push_back(T);
    inject(PP, Toks);
  }
};

} // namespace

static PragmaHandlerRegistry::Add<ProactPragmaHandler>
    RegisterProact("proact", "PROACT multi-device loops and data regions");
