#include "diagnostics.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/ADT/SmallString.h"
#include <memory>
#include <set>
#include <tuple>

namespace proact {

static bool DevicePass;

void setDevicePass(bool Device) { DevicePass = Device; }

clang::DiagnosticBuilder report(clang::DiagnosticsEngine &DE,
                                clang::SourceLocation Loc, Diag D) {
  struct Entry {
    clang::DiagnosticsEngine::Level Level;
    const char *Text;
  };
  static const Entry Table[] = {
#define PROACT_DIAG_TABLE_(Name, Lvl, Txt)                                     \
  {clang::DiagnosticsEngine::Lvl, Txt},
      PROACT_DIAGNOSTICS(PROACT_DIAG_TABLE_)
#undef PROACT_DIAG_TABLE_
  };
  const Entry &E = Table[static_cast<int>(D)];
  // An ignored diagnostic also silences the notes that follow it.
  const bool Quiet = DevicePass &&
                     (E.Level == clang::DiagnosticsEngine::Warning ||
                      E.Level == clang::DiagnosticsEngine::Remark);
  // getCustomDiagID caches by (level, text), so repeated calls are cheap.
  unsigned ID = DE.getDiagnosticIDs()->getCustomDiagID(
      Quiet ? clang::DiagnosticIDs::Ignored
            : static_cast<clang::DiagnosticIDs::Level>(E.Level),
      E.Text);
  return DE.Report(Loc, ID);
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
