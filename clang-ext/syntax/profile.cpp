// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "profile.h"
#include "diagnostics.h"
#include "lang_compat.h"
#include "proact.h"
#include "build_options.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <vector>

using namespace clang;

namespace proact {
namespace {

// A profile has a line of about 80 bytes per loop: 16 MiB is 200,000 loops.
constexpr uint64_t MaxProfileBytes = 16u << 20;

struct Entry {
  int Mech = -1;
  long long Chunk = 0;
  long long Threads = 0;
  bool HasId = false;
  unsigned long long Id = 0;
  std::string Key; // as written: "path/base.c:LINE" or "base.c:LINE"
  SourceLocation Where; // the entry's line in the profile
  bool AtLoop = false;  // a loop of this TU is at its file and line
};

struct Profile {
  std::string Path;
  bool Loaded = false, Ok = true;
  bool Depended = false; // named in the dependency file (dependOnProfile)
  // By "base.c:LINE": an entry keyed by a path (proact-tune writes the path
  // the compiler saw) or by a base name (earlier profiles, hand-written
  // ones) is found alike; several sources of one base name each have one.
  std::multimap<std::string, Entry> Loops;
  // The files whose loops looked entries up, for the end-of-TU check.
  std::set<std::string> Files;
};

Profile &theProfile() {
  static Profile P;
  return P;
}

std::string baseName(const std::string &F) {
  size_t S = F.find_last_of('/');
  return S == std::string::npos ? F : F.substr(S + 1);
}

// The profile's own diagnostics, beside the reader that finds them; they
// point into the profile, which clang shows as file:line:col.
enum class ProfileDiag {
  BadValue,
  BadLine,
  Duplicate,
  Unmatched,
  DuplicateMore,
  UnmatchedMore
};

// Entries of one kind warned about one by one; the rest are counted.
constexpr unsigned ProfileWarningsShown = 20;

DiagnosticBuilder reportProfile(DiagnosticsEngine &DE, SourceLocation Loc,
                                ProfileDiag D) {
  static const struct {
    DiagnosticIDs::Level Level;
    const char *Text;
  } Table[] = {
      {DiagnosticIDs::Error,
       "PROACT profile entry for %0: %1 %2 is outside the %1(...) clause's "
       "range: %3"},
      {DiagnosticIDs::Error,
       "PROACT profile entry '%0': the line after ':' must be a number from "
       "1"},
      {DiagnosticIDs::Warning,
       "PROACT profile has a second entry for %0; the first one is used"},
      {DiagnosticIDs::Warning,
       "PROACT profile entry for %0 matches no '#pragma proact' loop of this "
       "translation unit (no loop at that line); not used"},
      {DiagnosticIDs::Warning,
       "PROACT profile has %0 more second entries; the first ones are used"},
      {DiagnosticIDs::Warning,
       "PROACT profile has %0 more entries that match no '#pragma proact' "
       "loop of this translation unit; not used"},
  };
  static const char *const Names[] = {nullptr,
                                      nullptr,
                                      "profile-duplicate",
                                      "profile-unmatched",
                                      "profile-duplicate",
                                      "profile-unmatched"};
  const auto &E = Table[static_cast<int>(D)];
  const char *Name = Names[static_cast<int>(D)];
  return DE.Report(Loc, customDiagID(
                            DE, Name ? userLevel(DE, E.Level, Name) : E.Level,
                            Name ? E.Text + switchTag(Name) : E.Text));
}

// A word of a profile line and its column (1-based).
struct Word {
  std::string Text;
  unsigned Col;
};

std::vector<Word> splitWords(const std::string &Line) {
  std::vector<Word> W;
  for (size_t I = 0; I < Line.size();) {
    if (Line[I] == ' ' || Line[I] == '\t' || Line[I] == '\r') {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Line.size() && Line[J] != ' ' && Line[J] != '\t' &&
           Line[J] != '\r')
      ++J;
    W.push_back({Line.substr(I, J - I), static_cast<unsigned>(I + 1)});
    I = J;
  }
  return W;
}

// A FILE:LINE word as proact-tune writes it: blanks, '#' and '%' of the
// path as %20, %09, %23 and %25.
std::string unescape(const std::string &S) {
  std::string R;
  for (size_t I = 0; I < S.size(); ++I) {
    const std::string Code = S.substr(I, 3);
    if (Code == "%20" || Code == "%09" || Code == "%23" || Code == "%25") {
      R += Code == "%20" ? ' ' : Code == "%09" ? '\t' : Code == "%23" ? '#' : '%';
      I += 2;
    } else {
      R += S[I];
    }
  }
  return R;
}

// A decimal number that fits a long long, or false.
bool number(const std::string &S, long long &V) {
  if (S.empty() || S.size() > 18 ||
      S.find_first_not_of("0123456789") != std::string::npos)
    return false;
  V = std::stoll(S);
  return true;
}

// Where an entry lies in the profile.
SourceLocation at(SourceManager &SM, FileID FID, unsigned Line,
                  unsigned Col) {
  return FID.isValid() ? SM.translateLineCol(FID, Line, Col)
                       : SourceLocation();
}

// Warns about the entries for this TU's files that no loop looked up: the
// loop moved or went, so they do nothing.
void warnUnmatched(DiagnosticsEngine &DE, const Profile &P) {
  std::set<std::string> Bases, Exact;
  for (const std::string &F : P.Files)
    Bases.insert(baseName(F));
  for (const auto &KV : P.Loops) {
    std::string File = KV.second.Key.substr(0, KV.second.Key.rfind(':'));
    if (P.Files.count(File))
      Exact.insert(baseName(File));
  }
  unsigned Unmatched = 0;
  for (const auto &KV : P.Loops) {
    const Entry &E = KV.second;
    std::string File = E.Key.substr(0, E.Key.rfind(':'));
    std::string Base = baseName(File);
    // Another directory's source of the same base name keeps its entries
    // when this file has entries under its own path.
    bool Ours = P.Files.count(File) ||
                (Bases.count(Base) && !Exact.count(Base));
    if (Ours && !E.AtLoop && Unmatched++ < ProfileWarningsShown)
      reportProfile(DE, E.Where, ProfileDiag::Unmatched) << E.Key;
  }
  if (Unmatched > ProfileWarningsShown)
    reportProfile(DE, SourceLocation(), ProfileDiag::UnmatchedMore)
        << Unmatched - ProfileWarningsShown;
}

// Reads the file once. A malformed line or a value outside the range of
// its clause is an error at that line of the profile, each one reported;
// any leaves Ok false.
void load(DiagnosticsEngine &DE, SourceManager &SM, bool Host, Profile &P) {
  P.Loaded = true;
  // A FIFO would block the compiler and a device or a huge file exhaust
  // its memory: only a regular file of a profile's size is read.
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(P.Path, St)) {
    report(DE, SourceLocation(), Diag::ProfileUnreadable)
        << P.Path << EC.message();
    P.Ok = false;
    return;
  }
  if (St.type() != llvm::sys::fs::file_type::regular_file) {
    const char *Kind =
        St.type() == llvm::sys::fs::file_type::directory_file ? "a directory"
        : St.type() == llvm::sys::fs::file_type::fifo_file    ? "a FIFO"
        : St.type() == llvm::sys::fs::file_type::character_file ||
                St.type() == llvm::sys::fs::file_type::block_file
            ? "a device"
            : "not a file";
    report(DE, SourceLocation(), Diag::ProfileNotRegular) << P.Path << Kind;
    P.Ok = false;
    return;
  }
  if (St.getSize() > MaxProfileBytes) {
    report(DE, SourceLocation(), Diag::ProfileTooLarge)
        << P.Path << std::to_string(St.getSize())
        << std::to_string(MaxProfileBytes);
    P.Ok = false;
    return;
  }
  // Through the compiler's file manager, like the sources it reads.
  FileManager &FM = SM.getFileManager();
  auto FE = FM.getOptionalFileRef(P.Path);
  auto Buf = FE ? FM.getBufferForFile(*FE)
                : llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>(
                      std::make_error_code(std::errc::no_such_file_or_directory));
  if (!Buf) {
    report(DE, SourceLocation(), Diag::ProfileUnreadable)
        << P.Path << Buf.getError().message();
    P.Ok = false;
    return;
  }
  std::istringstream In((*Buf)->getBuffer().str());
  // The profile as a file of the source manager, so that diagnostics can
  // point into it.
  FileID FID = SM.createFileID(std::move(*Buf));
  std::set<std::string> Keys;
  unsigned Duplicates = 0;
  std::string Text;
  for (unsigned N = 1; std::getline(In, Text); ++N) {
    std::vector<Word> W = splitWords(Text);
    if (W.empty() || W[0].Text[0] == '#')
      continue;
    for (size_t K = 1; K < W.size(); ++K)
      if (W[K].Text[0] == '#') { // a comment after the entry
        W.resize(K);
        break;
      }
    Entry E;
    E.Where = at(SM, FID, N, W[0].Col);
    bool Good = (W.size() == 8 || W.size() == 10) && W[0].Text == "loop" &&
                W[2].Text == "mech" && W[4].Text == "chunk" &&
                W[6].Text == "threads" && number(W[5].Text, E.Chunk) &&
                number(W[7].Text, E.Threads) &&
                W[1].Text.find(':') != std::string::npos;
    for (int M = 0; Good && mechName(M) != nullptr; ++M)
      if (W[3].Text == mechName(M) && M != PROACT_MECH_AUTO)
        E.Mech = M;
    if (Good && W.size() == 10) { // optional: "id HEX"
      const std::string &Hex = W[9].Text;
      char *End = nullptr;
      Good = W[8].Text == "id" && Hex.size() == 16;
      if (Good) {
        E.Id = std::strtoull(Hex.c_str(), &End, 16);
        E.HasId = true;
        Good = End != nullptr && *End == '\0';
      }
    }
    if (!Good || E.Mech < 0) {
      // A profile's lines are short: a long one is quoted in part.
      report(DE, E.Where, Diag::ProfileMalformed)
          << P.Path << N
          << (Text.size() > 120 ? Text.substr(0, 120) + "..." : Text);
      P.Ok = false;
      continue;
    }
    E.Key = unescape(W[1].Text);
    long long Line = 0;
    if (!number(E.Key.substr(E.Key.rfind(':') + 1), Line) || Line < 1) {
      reportProfile(DE, at(SM, FID, N, W[1].Col), ProfileDiag::BadLine)
          << E.Key;
      P.Ok = false;
      continue;
    }
    // The clauses' ranges (docs/user/directives.md): a value the clause
    // would reject must not reach the generated code through a profile.
    if (E.Chunk != 0 && (E.Chunk < 256 || E.Chunk > (1LL << 30))) {
      reportProfile(DE, at(SM, FID, N, W[5].Col), ProfileDiag::BadValue)
          << E.Key << "chunk" << W[5].Text
          << "0 (none chosen) or 256 to 1073741824 bytes";
      P.Ok = false;
    }
    if (E.Threads != 0 &&
        (E.Threads < 32 || E.Threads > 8192 || E.Threads % 32 != 0)) {
      reportProfile(DE, at(SM, FID, N, W[7].Col), ProfileDiag::BadValue)
          << E.Key << "threads" << W[7].Text
          << "0 (none chosen) or a multiple of 32 from 32 to 8192";
      P.Ok = false;
    }
    if (!Keys.insert(E.Key).second) {
      if (Host && Duplicates++ < ProfileWarningsShown)
        reportProfile(DE, E.Where, ProfileDiag::Duplicate) << E.Key;
      continue;
    }
    P.Loops.emplace(baseName(E.Key), E);
  }
  if (Host && Duplicates > ProfileWarningsShown)
    reportProfile(DE, SourceLocation(), ProfileDiag::DuplicateMore)
        << Duplicates - ProfileWarningsShown;
}

} // namespace

void setProfilePath(const std::string &Path) {
  Profile &P = theProfile();
  P.Path = Path;
  P.Loaded = false;
  P.Depended = false;
  P.Ok = true;
  P.Loops.clear();
  P.Files.clear();
}

// Makes the profile an input of the compilation, so that -MD's dependency
// file names it and a build system recompiles once proact-tune rewrote it.
// The dependency collector hears of files through the preprocessor's
// callbacks; a skipped include is the one that carries no text.
void dependOnProfile(Preprocessor &PP, Profile &P) {
  if (P.Depended)
    return;
  P.Depended = true;
  auto FE = PP.getSourceManager().getFileManager().getOptionalFileRef(P.Path);
  if (!FE || !PP.getPPCallbacks())
    return;
  Token Name;
  Name.startToken();
  PP.getPPCallbacks()->FileSkipped(*FE, Name, SrcMgr::C_User);
}

bool applyProfile(Preprocessor &PP, Directive &D) {
  Profile &P = theProfile();
  if (P.Path.empty())
    return true;
  if (!P.Loaded)
    load(PP.getDiagnostics(), PP.getSourceManager(),
         !isOpenMPDevicePass(PP.getLangOpts()), P);
  if (!P.Ok)
    return false;
  dependOnProfile(PP, P);
  PresumedLoc Loc = PP.getSourceManager().getPresumedLoc(D.Loc);
  if (Loc.isInvalid())
    return true;
  std::string Line = ":" + std::to_string(Loc.getLine());
  P.Files.insert(Loc.getFilename());
  auto Range = P.Loops.equal_range(baseName(Loc.getFilename()) + Line);
  if (Range.first == Range.second)
    return true;
  for (auto It = Range.first; It != Range.second; ++It)
    It->second.AtLoop = true;
  // The entry of this very path, else one measured on this loop (same
  // id), else the first: a base-name entry of another source is stale.
  const Entry *Found = nullptr;
  for (auto It = Range.first; It != Range.second && !Found; ++It)
    if (It->second.Key == Loc.getFilename() + Line)
      Found = &It->second;
  for (auto It = Range.first; It != Range.second && !Found; ++It)
    if (It->second.HasId && It->second.Id == D.Id)
      Found = &It->second;
  if (!Found)
    Found = &Range.first->second;
  const Entry &E = *Found;
  if (E.HasId && E.Id != D.Id) {
    // Another loop is at that line now, or this one changed: its
    // measurements say nothing about this code.
    if (!isOpenMPDevicePass(PP.getLangOpts()))
      report(PP.getDiagnostics(), D.Loc, Diag::ProfileStale)
          << P.Path << E.Key;
    return true;
  }
  std::string Applied;
  // A mechanism whose kernels the build leaves out is not taken: the
  // runtime's auto picks among those built.
  if ((!D.HasMech || D.Mech == PROACT_MECH_AUTO) && mechanismBuilt(E.Mech)) {
    D.Mech = E.Mech;
    Applied += std::string(" mech(") + mechName(E.Mech) + ")";
  }
  if (D.Chunk == 0 && E.Chunk > 0) {
    D.Chunk = E.Chunk;
    Applied += " chunk(" + std::to_string(E.Chunk) + ")";
  }
  if (D.Threads == 0 && E.Threads > 0) {
    D.Threads = static_cast<int>(E.Threads);
    Applied += " threads(" + std::to_string(E.Threads) + ")";
  }
  // Both compiler passes lower the loop the same way; one remark is enough.
  if (!Applied.empty() && !isOpenMPDevicePass(PP.getLangOpts()))
    report(PP.getDiagnostics(), D.Loc, Diag::ProfileApplied)
        << P.Path << Applied.substr(1);
  return true;
}

void checkProfileAtEnd(ASTContext &Ctx) {
  Profile &P = theProfile();
  SourceManager &SM = Ctx.getSourceManager();
  // Both compiler passes see the same loops; one warning is enough.
  if (P.Path.empty() || isOpenMPDevicePass(Ctx.getLangOpts()))
    return;
  // A file without loops never read the profile: its entries all moved.
  if (!P.Loaded)
    load(Ctx.getDiagnostics(), SM, true, P);
  PresumedLoc Main =
      SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()));
  if (Main.isValid())
    P.Files.insert(Main.getFilename());
  if (P.Ok)
    warnUnmatched(Ctx.getDiagnostics(), P);
}

} // namespace proact
