/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The profile proact-tune writes (tools/tune/tune_profile.h): per loop,
// keyed by the base name of its file and its line, the mechanism, chunk
// size and transfer threads to bake into the generated code. Given with
// -fplugin-arg-proact-profile=FILE (docs/user/tuning.md).
#ifndef PROACT_CLANG_EXT_PROFILE_H
#define PROACT_CLANG_EXT_PROFILE_H

#include "directive.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include <string>

namespace proact {

// Remembers the profile's path (the plugin argument); it is read at the
// first loop.
void setProfilePath(const std::string &Path);

// Applies the loop's profile entry to D, where D leaves the choice open:
// the mechanism when there is no mech clause or it is mech(auto), chunk and
// threads when their clauses are absent. Reports a remark naming what it
// applied; an unreadable or malformed profile is an error (then false).
bool applyProfile(clang::Preprocessor &PP, Directive &D);

// At the end of the translation unit (the host pass): warns about each
// entry for this TU's files that matched no loop, at its line of the
// profile. Reads the profile first when no loop did.
void checkProfileAtEnd(clang::ASTContext &Ctx);

} // namespace proact

#endif
