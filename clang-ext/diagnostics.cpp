#include "diagnostics.h"

namespace proact {

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
  // getCustomDiagID caches by (level, text), so repeated calls are cheap.
  unsigned ID = DE.getDiagnosticIDs()->getCustomDiagID(
      static_cast<clang::DiagnosticIDs::Level>(E.Level), E.Text);
  return DE.Report(Loc, ID);
}

} // namespace proact
