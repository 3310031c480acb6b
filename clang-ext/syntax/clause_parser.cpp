// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Parses the clauses of '#pragma proact'. Each clause is `name(args)`; the
// argument tokens are split at top-level commas.
#include "build_options.h"
#include "directive.h"
#include "diagnostics.h"
#include "loop_syntax.h"
#include "name_lookup.h"
#include "near_miss.h"
#include "proact/detail/codegen.h"
#include <map>
#include <set>

using namespace clang;

namespace proact {
namespace {

const int PROACT_MECH_MEMCPY_ = 0; // proact_mech_t's memcpy

const std::set<std::string> LoopClauses = {
    "region",  "reads",   "mech",      "chunk",
    "threads", "devices", "decompose", "reduction"};
// The operators of reduction(op: ...), OpenMP's.
const std::set<std::string> ReductionOps = {"+", "*",  "&",  "|",  "^",
                                            "&&", "||", "max", "min"};
const std::set<std::string> DataClauses = {"copy", "copyin", "copyout",
                                           "create", "distribute", "devices"};
const std::set<std::string> UpdateClauses = {"host", "device"};
// OpenMP's and OpenACC's words for the update clauses.
const std::map<std::string, std::string> UpdateSynonyms = {
    {"from", "host"}, {"self", "host"}, {"to", "device"}};

class ClauseParser {
public:
  ClauseParser(Preprocessor &PP, const Tokens &Line, Directive &D)
      : PP(PP), DE(PP.getDiagnostics()), Line(Line), D(D) {
    Close.startToken();
  }

  bool run(SourceLocation PragmaLoc);

private:
  Preprocessor &PP;
  DiagnosticsEngine &DE;
  const Tokens &Line;
  Directive &D;
  size_t Pos = 0;
  bool Ok = true;
  Token Close; // the ')' that ended the last clause's arguments

  std::string spell(const Token &T) { return spelling(PP, T); }
  // Toks as written for a message, one space between tokens: `64 K` is not
  // the valid `64K`.
  std::string spellAll(const Tokens &Toks) {
    std::string S;
    for (const Token &T : Toks)
      S += (S.empty() ? "" : " ") + spell(T);
    return S;
  }
  SourceLocation endLoc() {
    return Line.empty() ? D.Loc : Line.back().getEndLoc();
  }
  void fail(SourceLocation L, Diag Id, const std::string &A0 = "",
            const std::string &A1 = "") {
    auto B = report(DE, L, Id);
    if (!A0.empty())
      B << A0;
    if (!A1.empty())
      B << A1;
    Ok = false;
  }

  bool readArgs(const Token &ClauseTok, std::vector<Tokens> &Args);
  void parseClause(const Token &NameTok, std::set<std::string> &Seen);
  void parseSections(const std::vector<Tokens> &Args, int MapKind,
                     std::vector<Section> &Into);
  void parseUpdateSections(const std::vector<Tokens> &Args, int Kind);
  bool parseSection(const Tokens &Arg, SourceLocation Where, Section &S);
  void parseMech(const std::vector<Tokens> &Args, SourceLocation Where);
  void parseChunk(const std::vector<Tokens> &Args, SourceLocation Where);
  void parseThreads(const std::vector<Tokens> &Args, SourceLocation Where);
  void parseDevices(const std::vector<Tokens> &Args, SourceLocation Where);
  void parseDistribute(const std::vector<Tokens> &Args);
  void parseDecompose(const std::vector<Tokens> &Args, SourceLocation Where);
  void parseReduction(const std::vector<Tokens> &Args);
  void suggest(const Token &Tok, Diag Plain, Diag WithSuggestion,
               llvm::ArrayRef<llvm::StringRef> Known, const std::string &A0,
               const std::string &A1 = "");
  std::vector<Token> DistributeNames; // checked once all clauses are read
  bool literalValue(const Tokens &Arg, unsigned long long &V,
                    std::string &Text, bool AllowSuffix);
};

// Reads "( a, b, ... )" after a clause name into comma-separated token runs.
bool ClauseParser::readArgs(const Token &ClauseTok,
                            std::vector<Tokens> &Args) {
  if (Pos >= Line.size() || Line[Pos].isNot(tok::l_paren)) {
    fail(Pos < Line.size() ? Line[Pos].getLocation() : ClauseTok.getEndLoc(),
         Diag::ExpectedToken, "'(' after '" + spell(ClauseTok) + "'");
    return false;
  }
  ++Pos;
  int Depth = 0;
  Tokens Cur;
  for (; Pos < Line.size(); ++Pos) {
    const Token &T = Line[Pos];
    int Delta = bracketDelta(T);
    if (Delta > 0)
      ++Depth;
    if (Delta < 0) {
      if (Depth == 0 && T.is(tok::r_paren)) {
        Close = T;
        ++Pos;
        Args.push_back(Cur);
        if (Args.size() == 1 && Args[0].empty()) {
          fail(T.getLocation(), Diag::ExpectedToken,
               "an argument in '" + spell(ClauseTok) + "(...)'");
          return false;
        }
        for (const Tokens &A : Args)
          if (A.empty()) {
            fail(T.getLocation(), Diag::ExpectedToken,
                 "an argument between commas");
            return false;
          }
        return true;
      }
      --Depth;
    }
    if (Depth == 0 && T.is(tok::comma)) {
      Args.push_back(Cur);
      Cur.clear();
      continue;
    }
    Cur.push_back(T);
  }
  fail(endLoc(), Diag::ExpectedToken,
       "')' to close '" + spell(ClauseTok) + "('");
  return false;
}

bool ClauseParser::parseSection(const Tokens &Arg, SourceLocation Where,
                                Section &S) {
  if (Arg.empty() || Arg[0].isNot(tok::identifier)) {
    fail(Arg.empty() ? Where : Arg[0].getLocation(), Diag::BadSection,
         "expected an array name");
    return false;
  }
  S.Name = Arg[0];
  S.Spelling = S.CName = spell(Arg[0]);
  for (const Token &T : Arg)
    S.Written += spell(T);
  // The whole array: its size is asked of the compiler (multidim.h).
  if (Arg.size() == 1) {
    S.WholeArray = true;
    return true;
  }
  if (Arg[1].isNot(tok::l_square)) {
    fail(Arg[0].getLocation(), Diag::BadSection,
         "'" + S.Spelling + "' has no [lo:len]");
    return false;
  }
  // One [lo:len] per dimension, each split at its top-level ':'.
  std::vector<SectionDim> Dims;
  for (size_t Open = 1; Open < Arg.size();) {
    if (Arg[Open].isNot(tok::l_square)) {
      fail(Arg[Open].getLocation(), Diag::BadSection,
           "expected '[' or the end of the section of '" + S.Spelling + "'");
      return false;
    }
    const size_t Close = matchingClose(Arg, Open);
    if (Close >= Arg.size() || Arg[Close].isNot(tok::r_square)) {
      fail(Arg.back().getLocation(), Diag::BadSection,
           "expected ']' at the end of the section of '" + S.Spelling + "'");
      return false;
    }
    size_t Colon = 0;
    int Depth = 0;
    for (size_t I = Open + 1; I < Close; ++I) {
      const Token &T = Arg[I];
      Depth += bracketDelta(T);
      if (Depth == 0 && T.is(tok::colon)) {
        if (Colon) {
          fail(T.getLocation(), Diag::BadSection,
               "more than one ':' (strided sections, lo:len:stride, are "
               "not supported: name the whole range lo:len)");
          return false;
        }
        Colon = I;
      }
      if (Depth < 0) {
        fail(T.getLocation(), Diag::BadSection, "unbalanced brackets");
        return false;
      }
    }
    if (!Colon) {
      fail(Arg[Open].getLocation(), Diag::BadSection,
           "'" + S.Spelling + "[...]' needs 'lo:len'");
      return false;
    }
    SectionDim Dim;
    Dim.LBracket = Arg[Open];
    Dim.Colon = Arg[Colon];
    Dim.RBracket = Arg[Close];
    Dim.Lo.assign(Arg.begin() + Open + 1, Arg.begin() + Colon);
    Dim.Len.assign(Arg.begin() + Colon + 1, Arg.begin() + Close);
    if (Dim.Len.empty()) {
      fail(Arg[Colon].getLocation(), Diag::BadSection,
           "the length of '" + S.Spelling + "' is missing");
      return false;
    }
    Dims.push_back(std::move(Dim));
    Open = Close + 1;
  }
  S.LBracket = Dims[0].LBracket;
  S.Colon = Dims[0].Colon;
  S.RBracket = Dims[0].RBracket;
  S.Lo = Dims[0].Lo;
  S.Len = Dims[0].Len;
  S.Inner.assign(Dims.begin() + 1, Dims.end());
  return true;
}

// An update directive may name an array several times (two boundary
// elements, say): its sections are carried out one by one.
void ClauseParser::parseUpdateSections(const std::vector<Tokens> &Args,
                                       int Kind) {
  for (const Tokens &A : Args) {
    Section S;
    if (!parseSection(A, D.Loc, S))
      continue;
    S.MapKind = Kind;
    D.Arrays.push_back(S);
  }
}

void ClauseParser::parseSections(const std::vector<Tokens> &Args,
                                 int MapKind, std::vector<Section> &Into) {
  for (const Tokens &A : Args) {
    Section S;
    if (!parseSection(A, D.Loc, S))
      continue;
    for (const Section &Prev : Into)
      if (Prev.Spelling == S.Spelling) {
        fail(S.Name.getLocation(), Diag::DuplicateArray, S.Spelling);
        break;
      }
    S.MapKind = MapKind;
    Into.push_back(S);
  }
}

// An integer literal, optionally with a K/M/G suffix (powers of 1024).
bool ClauseParser::literalValue(const Tokens &Arg, unsigned long long &V,
                                std::string &Text, bool AllowSuffix) {
  Text = spellAll(Arg);
  if (Arg.size() != 1 || Arg[0].isNot(tok::numeric_constant))
    return false;
  std::string S = Text;
  unsigned long long Mult = 1;
  char Last = S.empty() ? 0 : S.back();
  if (AllowSuffix && (Last == 'K' || Last == 'M' || Last == 'G' ||
                      Last == 'k' || Last == 'm' || Last == 'g')) {
    Mult = (Last == 'K' || Last == 'k')   ? 1ull << 10
           : (Last == 'M' || Last == 'm') ? 1ull << 20
                                          : 1ull << 30;
    S.pop_back();
  }
  if (S.empty() || S.size() > 12)
    return false;
  V = 0;
  for (char C : S) {
    if (C < '0' || C > '9')
      return false;
    V = V * 10 + (C - '0');
  }
  V *= Mult;
  return true;
}

void ClauseParser::parseMech(const std::vector<Tokens> &Args,
                             SourceLocation Where) {
  // 'auto' and 'inline' are keywords, so accept any identifier-like token.
  if (Args.size() != 1 || Args[0].size() != 1 ||
      !Args[0][0].getIdentifierInfo()) {
    // As written: `poll, dma`, not `polldma`.
    std::string Text;
    for (const Tokens &A : Args)
      Text += (&A == &Args[0] ? "" : ", ") + spellAll(A);
    fail(Args.empty() || Args[0].empty() ? Where : Args[0][0].getLocation(),
         Args.size() > 1 ? Diag::MechanismList : Diag::UnknownMechanism,
         Text);
    return;
  }
  std::string Name = spell(Args[0][0]);
  for (int M = 0; mechName(M) != nullptr; ++M)
    if (Name == mechName(M)) {
      D.Mech = M;
      D.HasMech = true;
      if (!mechanismBuilt(M))
        fail(Args[0][0].getLocation(), Diag::MechanismNotBuilt, Name,
             mechanismsArg());
      return;
    }
  std::vector<llvm::StringRef> Known;
  for (int M = 0; mechName(M) != nullptr; ++M)
    Known.push_back(mechName(M));
  suggest(Args[0][0], Diag::UnknownMechanism, Diag::UnknownMechanismSuggest,
          Known, Name);
}

// Reports Tok, an unknown word, with the closest known one as a fix-it
// when there is one.
void ClauseParser::suggest(const Token &Tok, Diag Plain, Diag WithSuggestion,
                           llvm::ArrayRef<llvm::StringRef> Known,
                           const std::string &A0, const std::string &A1) {
  Ok = false;
  const std::string Word = spell(Tok);
  const std::string Best = closestWord(Word, Known);
  auto B = report(DE, Tok.getLocation(), Best.empty() ? Plain : WithSuggestion);
  B << A0;
  if (!A1.empty())
    B << A1;
  if (!Best.empty())
    B << Best << FixItHint::CreateReplacement(
                     CharSourceRange::getCharRange(Tok.getLocation(),
                                                   Tok.getEndLoc()),
                     Best);
}

void ClauseParser::parseChunk(const std::vector<Tokens> &Args,
                              SourceLocation Where) {
  unsigned long long V = 0;
  std::string Text;
  if (Args.size() != 1 || !literalValue(Args[0], V, Text, true) || V < 256 ||
      V > (1ull << 30)) {
    fail(Args.empty() || Args[0].empty() ? Where : Args[0][0].getLocation(),
         Diag::BadChunk, Text);
    return;
  }
  D.Chunk = (long long)V;
  D.ChunkLoc = Where;
}

void ClauseParser::parseThreads(const std::vector<Tokens> &Args,
                                SourceLocation Where) {
  unsigned long long V = 0;
  std::string Text;
  if (Args.size() != 1 || !literalValue(Args[0], V, Text, false) || V < 32 ||
      V > 8192 || V % 32 != 0) {
    fail(Args.empty() || Args[0].empty() ? Where : Args[0][0].getLocation(),
         Diag::BadThreads, Text);
    return;
  }
  D.Threads = (int)V;
  D.ThreadsLoc = Where;
}

void ClauseParser::parseDevices(const std::vector<Tokens> &Args,
                                SourceLocation Where) {
  if (Args.size() == 1 && Args[0].size() == 1 &&
      Args[0][0].is(tok::identifier) && spell(Args[0][0]) == "all")
    return;
  std::set<unsigned long long> Seen;
  for (const Tokens &A : Args) {
    unsigned long long V = 0;
    std::string Text;
    SourceLocation L = A.empty() ? Where : A[0].getLocation();
    if (!literalValue(A, V, Text, false) || V > 4095) {
      fail(L, Diag::BadDevices, "'" + Text + "' is not a device number");
      return;
    }
    if (!Seen.insert(V).second) {
      fail(L, Diag::BadDevices, "device " + Text + " is listed twice");
      return;
    }
    D.Devices.push_back((int)V);
  }
  D.HasDevices = true;
}

// decompose(block | cyclic | block_cyclic, B | auto): B any expression
// (checked at run time).
void ClauseParser::parseDecompose(const std::vector<Tokens> &Args,
                                  SourceLocation Where) {
  std::string Kind = Args.empty() || Args[0].size() != 1 ||
                             !Args[0][0].getIdentifierInfo()
                         ? ""
                         : spell(Args[0][0]);
  SourceLocation L = Args.empty() || Args[0].empty() ? Where
                                                     : Args[0][0].getLocation();
  if (Kind == "auto" && Args.size() == 1)
    D.Decomp = PROACT__DECOMP_AUTO;
  else if (Kind == "block" && Args.size() == 1)
    D.Decomp = PROACT__DECOMP_BLOCK;
  else if (Kind == "cyclic" && Args.size() == 1)
    D.Decomp = PROACT__DECOMP_BLOCK_CYCLIC;
  else if (Kind == "block_cyclic" && Args.size() == 2 && !Args[1].empty()) {
    D.Decomp = PROACT__DECOMP_BLOCK_CYCLIC;
    D.DecompBlock = Args[1];
    D.DecompClose = Close;
  } else if (Kind == "block_cyclic")
    fail(L, Diag::BadDecompose,
         "block_cyclic needs the block size: decompose(block_cyclic, B)");
  else
    fail(L, Diag::BadDecompose,
         "expected block, cyclic, block_cyclic, B or auto");
}

// reduction(op: a, h[lo:len]): scalar variables and array sections each
// iteration combines into with op; the clause may be repeated with other
// operators.
void ClauseParser::parseReduction(const std::vector<Tokens> &Args) {
  const Tokens &First = Args[0];
  size_t Colon = 0;
  while (Colon < First.size() && First[Colon].isNot(tok::colon))
    ++Colon;
  std::string Op;
  for (size_t I = 0; I < Colon; ++I)
    Op += spell(First[I]);
  if (Colon == First.size() || !ReductionOps.count(Op)) {
    fail(First[0].getLocation(), Diag::BadReduction,
         Colon == First.size() ? "missing 'op:'"
                               : "unknown operator '" + Op + "'");
    return;
  }
  std::vector<Tokens> Vars = Args;
  Vars[0].assign(First.begin() + Colon + 1, First.end());
  for (const Tokens &V : Vars) {
    Reduction R;
    R.Op = Op;
    if (V.size() > 1 && V[0].is(tok::identifier) && V[1].is(tok::l_square)) {
      // An array section: every element is reduced (directives.md).
      Section S;
      if (!parseSection(V, First[Colon].getLocation(), S))
        continue;
      R.Var = S.Name;
      R.Spelling = R.CName = S.Spelling;
      R.IsArray = true;
      R.Lo = S.Lo;
      R.Len = S.Len;
      R.Inner = S.Inner;
      R.Written = S.Written;
    } else if (V.size() != 1 || V[0].isNot(tok::identifier)) {
      fail(V.empty() ? First[Colon].getLocation() : V[0].getLocation(),
           Diag::BadReduction, "expected a variable name or an array section");
      continue;
    } else {
      R.Var = V[0];
      R.Spelling = R.CName = R.Written = spell(V[0]);
      // An array named alone is reduced whole, where its size is known.
      const ArrayShape Shape = lookupArrayShape(V[0]);
      R.IsArray = R.WholeArray = Shape.Known && Shape.Object;
    }
    bool Twice = false;
    for (const Reduction &Prev : D.Reductions)
      Twice |= Prev.Spelling == R.Spelling;
    // The body's updates name h alone: two sections of it could not tell
    // which one an update belongs to.
    if (Twice)
      fail(R.Var.getLocation(), Diag::BadReduction,
           "'" + R.Spelling + "' is named twice; a variable or array is "
           "reduced once, with one operator: for two operators over parts "
           "of one array, reduce two arrays, or run two loops");
    else
      D.Reductions.push_back(R);
  }
}

// distribute(u, v): names of arrays of this data directive.
void ClauseParser::parseDistribute(const std::vector<Tokens> &Args) {
  for (const Tokens &A : Args) {
    if (A.size() != 1 || A[0].isNot(tok::identifier)) {
      fail(A[0].getLocation(), Diag::BadDistribute,
           "expected an array name, found '" + spell(A[0]) + "'");
      continue;
    }
    DistributeNames.push_back(A[0]);
  }
}

void ClauseParser::parseClause(const Token &NameTok,
                               std::set<std::string> &Seen) {
  std::string Name = spell(NameTok);
  const bool IsData = D.Kind == DirectiveKind::Data;
  const bool IsUpdate = D.Kind == DirectiveKind::Update;
  const char *Where = IsData ? "data" : IsUpdate ? "update" : "region";
  const auto &Allowed = IsData     ? DataClauses
                        : IsUpdate ? UpdateClauses
                                   : LoopClauses;
  if (!Allowed.count(Name)) {
    auto Synonym = UpdateSynonyms.find(Name);
    if (IsUpdate && Synonym != UpdateSynonyms.end()) {
      Ok = false;
      report(DE, NameTok.getLocation(), Diag::UnknownClauseSuggest)
          << Name << Where << Synonym->second
          << FixItHint::CreateReplacement(
                 CharSourceRange::getCharRange(NameTok.getLocation(),
                                               NameTok.getEndLoc()),
                 Synonym->second);
    } else if (LoopClauses.count(Name) || DataClauses.count(Name) ||
             UpdateClauses.count(Name))
      fail(NameTok.getLocation(), Diag::ClauseNotAllowed, Name, Where);
    else
      suggest(NameTok, Diag::UnknownClause, Diag::UnknownClauseSuggest,
              std::vector<llvm::StringRef>(Allowed.begin(), Allowed.end()),
              Name, Where);
    // Skip its arguments so that later clauses are still checked.
    std::vector<Tokens> Ignored;
    if (Pos < Line.size() && Line[Pos].is(tok::l_paren))
      readArgs(NameTok, Ignored);
    return;
  }
  // Update clauses run in the order written, so each may come back.
  if (!Seen.insert(Name).second && Name != "reduction" && !IsUpdate)
    fail(NameTok.getLocation(), Diag::DuplicateClause, Name);
  std::vector<Tokens> Args;
  if (!readArgs(NameTok, Args))
    return;
  SourceLocation L = NameTok.getLocation();
  if (IsUpdate)
    parseUpdateSections(Args, Name == "host" ? PROACT__UPDATE_HOST
                                             : PROACT__UPDATE_DEVICE);
  else if (Name == "region" || Name == "copy")
    parseSections(Args, PROACT__MAP_COPY, D.Arrays);
  else if (Name == "reads")
    parseSections(Args, 0, D.Reads);
  else if (Name == "copyin")
    parseSections(Args, PROACT__MAP_COPYIN, D.Arrays);
  else if (Name == "copyout")
    parseSections(Args, PROACT__MAP_COPYOUT, D.Arrays);
  else if (Name == "create")
    parseSections(Args, PROACT__MAP_CREATE, D.Arrays);
  else if (Name == "mech")
    parseMech(Args, L);
  else if (Name == "chunk")
    parseChunk(Args, L);
  else if (Name == "threads")
    parseThreads(Args, L);
  else if (Name == "devices")
    parseDevices(Args, L);
  else if (Name == "distribute")
    parseDistribute(Args);
  else if (Name == "decompose")
    parseDecompose(Args, L);
  else if (Name == "reduction")
    parseReduction(Args);
}

bool ClauseParser::run(SourceLocation PragmaLoc) {
  D.Loc = PragmaLoc;
  if (!Line.empty() && Line[0].is(tok::identifier) &&
      spell(Line[0]) == "data") {
    D.Kind = DirectiveKind::Data;
    Pos = 1;
  } else if (!Line.empty() && Line[0].is(tok::identifier) &&
             spell(Line[0]) == "update") {
    D.Kind = DirectiveKind::Update;
    Pos = 1;
  } else if (!Line.empty() && Line[0].is(tok::identifier) &&
             !(Line.size() > 1 && Line[1].is(tok::l_paren)) &&
             !LoopClauses.count(spell(Line[0]))) {
    std::vector<llvm::StringRef> Known(LoopClauses.begin(), LoopClauses.end());
    Known.push_back("data");
    Known.push_back("update");
    suggest(Line[0], Diag::UnknownDirective, Diag::UnknownDirectiveSuggest,
            Known, spell(Line[0]));
    D.Unknown = true;
    return false;
  }
  std::set<std::string> Seen;
  while (Pos < Line.size()) {
    const Token &T = Line[Pos];
    if (T.is(tok::comma)) { // OpenMP style allows commas between clauses
      ++Pos;
      continue;
    }
    if (T.isNot(tok::identifier)) {
      fail(T.getLocation(), Diag::ExpectedToken,
           "a clause name, found '" + spell(T) + "'");
      return false;
    }
    ++Pos;
    parseClause(T, Seen);
  }
  if (!Ok)
    return false;
  if (D.Kind == DirectiveKind::Loop && !Seen.count("region")) {
    fail(PragmaLoc, Diag::MissingRegion);
    return false;
  }
  // Said at compile time rather than ignored at run time.
  if (D.Kind == DirectiveKind::Loop && D.Mech == PROACT_MECH_MEMCPY_) {
    if (D.Chunk)
      report(DE, D.ChunkLoc, Diag::ClauseWithoutEffect) << "chunk";
    if (D.Threads)
      report(DE, D.ThreadsLoc, Diag::ClauseWithoutEffect) << "threads";
  }
  for (const Token &N : DistributeNames) {
    Section *S = nullptr;
    for (Section &A : D.Arrays)
      if (A.Spelling == spell(N))
        S = &A;
    if (S == nullptr) {
      fail(N.getLocation(), Diag::BadDistribute,
           "'" + spell(N) + "' is not mapped by this data directive");
      return false;
    }
    S->Distribute = true;
  }
  for (const Section &R : D.Reads) {
    bool Named = false;
    for (const Section &A : D.Arrays)
      Named |= A.Spelling == R.Spelling;
    if (!Named) {
      fail(R.Name.getLocation(), Diag::ReadsNotInRegion, R.Spelling);
      return false;
    }
  }
  for (const Reduction &R : D.Reductions)
    for (size_t A = 0; A < D.Arrays.size(); ++A) {
      if (D.Arrays[A].Spelling != R.Spelling)
        continue;
      if (!R.IsArray) {
        fail(R.Var.getLocation(), Diag::BadReduction,
             "'" + R.Spelling + "' is a region array; name a section of it, "
             "reduction(" + R.Op + ": " + R.Spelling + "[lo:len])");
        break;
      }
      // The reduction's section governs the array: its elements are not
      // split over the devices like a region array's.
      for (const Section &R2 : D.Reads)
        if (R2.Spelling == R.Spelling)
          fail(R2.Name.getLocation(), Diag::BadReduction,
               "'" + R.Spelling + "' is reduced; reads(...) does not apply "
               "to it");
      D.Arrays.erase(D.Arrays.begin() + A);
      break;
    }
  // OpenMP keeps one device copy of a 'declare target' variable, in the
  // place of which PROACT's replicas cannot be mapped.
  for (const Section &A : D.Arrays)
    if (D.Kind != DirectiveKind::Update && lookupArrayShape(A.Name).DeclareTarget)
      fail(A.Name.getLocation(), Diag::DeclareTargetArray, A.Spelling);
  if (!Ok)
    return false;
  if (D.Kind == DirectiveKind::Data && D.Arrays.empty()) {
    fail(PragmaLoc, Diag::DataWithoutArrays);
    return false;
  }
  if (D.Kind == DirectiveKind::Update && D.Arrays.empty()) {
    fail(PragmaLoc, Diag::UpdateWithoutClauses);
    return false;
  }
  return Ok;
}

} // namespace

bool parseDirective(Preprocessor &PP, const Tokens &Line,
                    SourceLocation PragmaLoc, Directive &D) {
  ClauseParser P(PP, Line, D);
  return P.run(PragmaLoc);
}

} // namespace proact
