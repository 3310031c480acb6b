// The plugin's arguments, -fplugin-arg-proact-profile=FILE and
// -fplugin-arg-proact-ilp=N (docs/user/building.md), and the check that they
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
