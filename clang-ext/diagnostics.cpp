#include "diagnostics.h"

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

} // namespace proact
