/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The plugin's arguments, -fplugin-arg-proact-profile=FILE,
// -fplugin-arg-proact-ilp=N, -fplugin-arg-proact-mechanisms=LIST,
// -fplugin-arg-proact-read-check=MODE, -fplugin-arg-proact-openmp=spread
// (openmp_spread.h) and the warning and remark switches
// (diagnostics.h, docs/user/building.md), and the check that they
// reached the loops: clang hands them over only to compilations that parse,
// so a file whose loops were lowered by an earlier `clang -E` (as
// -save-temps does) would otherwise ignore them without a word.
#ifndef PROACT_CLANG_EXT_PLUGIN_ARGS_H
#define PROACT_CLANG_EXT_PLUGIN_ARGS_H

namespace proact {

// Called by the pragma handler at every directive it reads.
void noteDirective();

} // namespace proact

#endif
