/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
#ifndef PROACT_CLANG_EXT_LANG_COMPAT_H
#define PROACT_CLANG_EXT_LANG_COMPAT_H
// The clang API spellings that differ between the supported clangs (16, 22),
// in one place so the rest of the plugin reads the same for both.

#include "clang/Basic/FileEntry.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/HeaderSearch.h"

namespace proact {

// True in the cc1 job that compiles device code (clang 17 renamed the flag).
inline bool isOpenMPDevicePass(const clang::LangOptions &LO) {
#if CLANG_VERSION_MAJOR >= 17
  return LO.OpenMPIsTargetDevice;
#else
  return LO.OpenMPIsDevice;
#endif
}

// Makes File known to header search, as an #include would, before the
// plugin enters it by hand: clang 22 looks up the includer's header
// information for every quoted #include inside it and expects it there.
inline void registerHeader(clang::HeaderSearch &HS, clang::FileEntryRef File) {
#if CLANG_VERSION_MAJOR >= 17
  HS.getFileInfo(File);
#else
  HS.getFileInfo(&File.getFileEntry());
#endif
}

// Whether this clang has `ompx_bare` target regions (clang 18+).
constexpr bool HasBareKernels = CLANG_VERSION_MAJOR >= 18;

} // namespace proact

#endif
