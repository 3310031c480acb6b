// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "diagnostics.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/SmallString.h"
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace proact {

static bool DevicePass;

void setDevicePass(bool Device) { DevicePass = Device; }

namespace {

// The switchable diagnostics by name, with report()'s table entry each
// stands for; the profile's duplicate and unmatched warnings (profile.cpp)
// have none there but share the same control.
struct Switch {
  const char *Name;
  bool Remark;
  std::optional<Diag> D;
};
const Switch Switches[] = {
    {"pragma-spelling", false, Diag::PragmaNearMiss},
    {"non-affine-write", false, Diag::NonAffineWrite},
    {"unused-region-array", false, Diag::RegionArrayUnused},
    {"arguments-not-applied", false, Diag::ArgumentsNotApplied},
    {"profile-stale", false, Diag::ProfileStale},
    {"profile-duplicate", false, std::nullopt},
    {"profile-unmatched", false, std::nullopt},
    {"clause-without-effect", false, Diag::ClauseWithoutEffect},
    {"device-global", false, Diag::DeviceGlobalRead},
    {"spread-preprocessed", false, Diag::SpreadPreprocessed},
    {"whole-array-read", true, Diag::WholeArrayRead},
    {"profile-applied", true, Diag::ProfileApplied},
    {"openmp-spread", true, Diag::OpenMPSpread},
    {"openmp-spread", true, Diag::OpenMPNotSpread},
    {"openmp-spread", true, Diag::SpreadAttempt},
    {"openmp-spread", true, Diag::OpenMPStaysCopies},
};

bool Trial = false, TrialFailed = false;

const char *switchName(Diag D) {
  for (const Switch &S : Switches)
    if (S.D == D)
      return S.Name;
  return nullptr;
}

// The plugin's W/R arguments in the order given, each as (name, what):
// what is one of "on", "off", "error", "no-error".
std::vector<std::pair<std::string, std::string>> &userSwitches() {
  static std::vector<std::pair<std::string, std::string>> V;
  return V;
}

} // namespace

std::string switchTag(const char *Name) {
  return std::string(" [proact:") + Name + "]";
}

bool takeDiagnosticArg(const std::string &Arg, bool *Taken, std::string *Why) {
  *Taken = false;
  if (Arg.size() < 2 || (Arg[0] != 'W' && Arg[0] != 'R'))
    return true;
  const bool Remark = Arg[0] == 'R';
  std::string Name = Arg.substr(1), What = "on";
  auto Strip = [&](const char *Prefix, const char *W) {
    if (Name.rfind(Prefix, 0) != 0)
      return false;
    Name = Name.substr(strlen(Prefix));
    What = W;
    return true;
  };
  if (Remark)
    Strip("no-", "off");
  else if (!Strip("error=", "error") && !Strip("no-error=", "no-error"))
    Strip("no-", "off");
  bool Known = Name == "proact";
  for (const Switch &S : Switches)
    Known |= S.Remark == Remark && Name == S.Name;
  if (!Known) {
    std::set<std::string> Listed;
    for (const Switch &S : Switches)
      if (S.Remark == Remark && Listed.insert(S.Name).second)
        *Why += std::string(Why->empty() ? "" : ", ") + S.Name;
    return false;
  }
  *Taken = true;
  userSwitches().emplace_back(Name, What);
  return true;
}

clang::DiagnosticIDs::Level userLevel(const clang::DiagnosticsEngine &DE,
                                      clang::DiagnosticIDs::Level Default,
                                      const char *Name) {
  const clang::DiagnosticOptions &O = DE.getDiagnosticOptions();
  if (Default == clang::DiagnosticIDs::Remark) {
    bool On = false;
    for (const std::string &R : O.Remarks)
      On = R == "everything" ? true : R == "no-everything" ? false : On;
    for (const auto &[N, What] : userSwitches())
      if (N == Name || N == "proact")
        On = What == "on";
    return On ? clang::DiagnosticIDs::Remark : clang::DiagnosticIDs::Ignored;
  }
  if (Default != clang::DiagnosticIDs::Warning)
    return Default;
  bool On = true, Error = false;
  for (const std::string &W : O.Warnings) {
    if (W == "no-everything")
      On = false;
    else if (W == "everything")
      On = true;
    else if (W == "error")
      Error = true;
    else if (W == "no-error")
      Error = false;
  }
  for (const auto &[N, What] : userSwitches()) {
    if (N != Name && N != "proact")
      continue;
    if (What == "on" || What == "off")
      On = What == "on";
    else if (What == "error")
      On = Error = true;
    else
      Error = false;
  }
  // -w wins over everything else, as with clang's own warnings.
  if (O.IgnoreWarnings || !On)
    return clang::DiagnosticIDs::Ignored;
  return Error ? clang::DiagnosticIDs::Error : clang::DiagnosticIDs::Warning;
}

void setSpreadTrial(bool On) {
  Trial = On;
  TrialFailed = false;
}

bool spreadTrialFailed() { return TrialFailed; }

bool inSpreadTrial() { return Trial; }

namespace {

struct Entry {
  clang::DiagnosticsEngine::Level Level;
  const char *Text;
};
const Entry Table[] = {
#define PROACT_DIAG_TABLE_(Name, Lvl, Txt)                                     \
  {clang::DiagnosticsEngine::Lvl, Txt},
    PROACT_DIAGNOSTICS(PROACT_DIAG_TABLE_)
#undef PROACT_DIAG_TABLE_
};

} // namespace

clang::DiagnosticBuilder report(clang::DiagnosticsEngine &DE,
                                clang::SourceLocation Loc, Diag D) {
  Entry E = Table[static_cast<int>(D)];
  if (Trial && (E.Level == clang::DiagnosticsEngine::Error ||
                E.Level == clang::DiagnosticsEngine::Warning)) {
    TrialFailed |= E.Level == clang::DiagnosticsEngine::Error;
    E.Level = clang::DiagnosticsEngine::Remark;
    D = Diag::SpreadAttempt;
  }
  // An ignored diagnostic also silences the notes that follow it.
  const bool Quiet = DevicePass &&
                     (E.Level == clang::DiagnosticsEngine::Warning ||
                      E.Level == clang::DiagnosticsEngine::Remark);
  auto Level = static_cast<clang::DiagnosticIDs::Level>(E.Level);
  std::string Text = E.Text;
  if (const char *Name = switchName(D)) {
    Level = userLevel(DE, Level, Name);
    Text += switchTag(Name);
  }
  return DE.Report(Loc, customDiagID(DE, Quiet ? clang::DiagnosticIDs::Ignored
                                               : Level,
                                     Text));
}

unsigned customDiagID(clang::DiagnosticsEngine &DE,
                      clang::DiagnosticIDs::Level Level,
                      const std::string &Text) {
  // getCustomDiagID caches by (level, text), so repeated calls are cheap.
  const unsigned ID = DE.getDiagnosticIDs()->getCustomDiagID(Level, Text);
#if CLANG_VERSION_MAJOR >= 20
  // Since clang 20 a custom diagnostic is mapped like clang's own, and one
  // that starts ignored is a warning that -Weverything turns on: a PROACT
  // warning switched off, or a remark not asked for, would print as a
  // warning (an error under -Werror). A mapping of the user's is never
  // turned on; this one holds in the current state and those copied from
  // it (keepIgnoredIgnored sets it before any pragma makes a state).
  if (Level == clang::DiagnosticIDs::Ignored)
    DE.setSeverity(ID, clang::diag::Severity::Ignored, clang::SourceLocation());
#endif
  return ID;
}

void keepIgnoredIgnored(clang::DiagnosticsEngine &DE) {
  for (size_t I = 0; I < sizeof Table / sizeof Table[0]; ++I) {
    const Diag D = static_cast<Diag>(I);
    std::string Text = Table[I].Text;
    if (const char *Name = switchName(D))
      Text += switchTag(Name);
    customDiagID(DE, clang::DiagnosticIDs::Ignored, Text);
  }
}

namespace {

class OnceConsumer : public clang::DiagnosticConsumer {
public:
  OnceConsumer(clang::DiagnosticConsumer *Inner,
               std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Inner(Inner), Owned(std::move(Owned)) {
    // What was reported before counts ("N errors generated", the exit code).
    NumWarnings = Inner->getNumWarnings();
    NumErrors = Inner->getNumErrors();
  }

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Inner->EndSourceFile(); }
  void finish() override { Inner->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    Inner->clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Inner->IncludeInDiagnosticCounts();
  }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level == clang::DiagnosticsEngine::Note && Dropping)
      return;
    Dropping = false;
    if (Level == clang::DiagnosticsEngine::Warning ||
        Level == clang::DiagnosticsEngine::Remark) {
      llvm::SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      auto Key = std::make_tuple(Info.getID(),
                                 Info.getLocation().getRawEncoding(),
                                 std::string(Text.str()));
      if (!Seen.insert(std::move(Key)).second) {
        Dropping = true;
        return;
      }
    }
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Inner->HandleDiagnostic(Level, Info);
  }

private:
  clang::DiagnosticConsumer *Inner;
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  bool Dropping = false; // the last warning was a repeat: drop its notes
};

} // namespace

void reportRepeatsOnce(clang::DiagnosticsEngine &DE) {
  static const clang::DiagnosticsEngine *Done = nullptr;
  // -verify's consumer checks what reaches it when the file ends and
  // expects to stay the engine's client.
  if (Done == &DE || DE.getClient() == nullptr ||
      DE.getDiagnosticOptions().VerifyDiagnostics)
    return;
  Done = &DE;
  const bool Owns = DE.ownsClient();
  clang::DiagnosticConsumer *Inner = DE.getClient();
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
  if (Owns)
    Owned = DE.takeClient();
  DE.setClient(new OnceConsumer(Inner, std::move(Owned)),
               /*ShouldOwnClient=*/true);
}

} // namespace proact
