#include "profile.h"
#include "diagnostics.h"
#include "proact.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdlib>
#include <map>
#include <sstream>

using namespace clang;

namespace proact {
namespace {

struct Entry {
  int Mech = -1;
  long long Chunk = 0;
  int Threads = 0;
  bool HasId = false;
  unsigned long long Id = 0;
  std::string Key; // as written: "path/base.c:LINE" or "base.c:LINE"
};

struct Profile {
  std::string Path;
  bool Loaded = false, Ok = true;
  // By "base.c:LINE": an entry keyed by a path (proact-tune writes the path
  // the compiler saw) or by a base name (earlier profiles, hand-written
  // ones) is found alike; several sources of one base name each have one.
  std::multimap<std::string, Entry> Loops;
};

Profile &theProfile() {
  static Profile P;
  return P;
}

std::string baseName(const std::string &F) {
  size_t S = F.find_last_of('/');
  return S == std::string::npos ? F : F.substr(S + 1);
}

// Reads the file once; reports the first problem without a location (the
// profile is not a source file) and leaves Ok false.
void load(DiagnosticsEngine &DE, Profile &P) {
  P.Loaded = true;
  auto Buf = llvm::MemoryBuffer::getFile(P.Path);
  if (!Buf) {
    report(DE, SourceLocation(), Diag::ProfileUnreadable)
        << P.Path << Buf.getError().message();
    P.Ok = false;
    return;
  }
  std::istringstream In((*Buf)->getBuffer().str());
  std::string Text;
  for (unsigned N = 1; std::getline(In, Text); ++N) {
    if (Text.empty() || Text[0] == '#')
      continue;
    std::istringstream L(Text);
    std::string Word, Key, KMech, Mech, KChunk, KThreads;
    Entry E;
    bool Good = static_cast<bool>(L >> Word >> Key >> KMech >> Mech >>
                                  KChunk >> E.Chunk >> KThreads >>
                                  E.Threads) &&
                Word == "loop" && KMech == "mech" && KChunk == "chunk" &&
                KThreads == "threads" && E.Chunk >= 0 && E.Threads >= 0 &&
                Key.find(':') != std::string::npos;
    for (int M = 0; Good && mechName(M) != nullptr; ++M)
      if (Mech == mechName(M) && M != PROACT_MECH_AUTO)
        E.Mech = M;
    std::string KId, Hex;
    if (Good && (L >> KId)) { // optional: "id HEX"
      char *End = nullptr;
      Good = KId == "id" && static_cast<bool>(L >> Hex) && Hex.size() == 16;
      if (Good) {
        E.Id = std::strtoull(Hex.c_str(), &End, 16);
        E.HasId = true;
        Good = End != nullptr && *End == '\0';
      }
    }
    if (!Good || E.Mech < 0 || (L >> Word)) {
      report(DE, SourceLocation(), Diag::ProfileMalformed)
          << P.Path << N << Text;
      P.Ok = false;
      return;
    }
    E.Key = Key;
    P.Loops.emplace(baseName(Key), E);
  }
}

} // namespace

void setProfilePath(const std::string &Path) {
  Profile &P = theProfile();
  P.Path = Path;
  P.Loaded = false;
  P.Ok = true;
  P.Loops.clear();
}

bool applyProfile(Preprocessor &PP, Directive &D) {
  Profile &P = theProfile();
  if (P.Path.empty())
    return true;
  if (!P.Loaded)
    load(PP.getDiagnostics(), P);
  if (!P.Ok)
    return false;
  PresumedLoc Loc = PP.getSourceManager().getPresumedLoc(D.Loc);
  if (Loc.isInvalid())
    return true;
  std::string Line = ":" + std::to_string(Loc.getLine());
  auto Range = P.Loops.equal_range(baseName(Loc.getFilename()) + Line);
  if (Range.first == Range.second)
    return true;
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
    if (!PP.getLangOpts().OpenMPIsDevice)
      report(PP.getDiagnostics(), D.Loc, Diag::ProfileStale)
          << P.Path << E.Key;
    return true;
  }
  std::string Applied;
  if (!D.HasMech || D.Mech == PROACT_MECH_AUTO) {
    D.Mech = E.Mech;
    Applied += std::string(" mech(") + mechName(E.Mech) + ")";
  }
  if (D.Chunk == 0 && E.Chunk > 0) {
    D.Chunk = E.Chunk;
    Applied += " chunk(" + std::to_string(E.Chunk) + ")";
  }
  if (D.Threads == 0 && E.Threads > 0) {
    D.Threads = E.Threads;
    Applied += " threads(" + std::to_string(E.Threads) + ")";
  }
  // Both compiler passes lower the loop the same way; one remark is enough.
  if (!Applied.empty() && !PP.getLangOpts().OpenMPIsDevice)
    report(PP.getDiagnostics(), D.Loc, Diag::ProfileApplied)
        << P.Path << Applied.substr(1);
  return true;
}

} // namespace proact
