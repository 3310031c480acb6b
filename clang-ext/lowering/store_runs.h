/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Whether a loop's stores can be forwarded as they are made (mech(inline)):
// the runtime runs the forwarding kernel only where each store writes one
// run of consecutive elements per piece of a part and runs at every
// iteration (runtime/mech/mech_inline.c). A loop whose stores provably never
// do gets no forwarding kernel, which would only cost compile time.
#ifndef PROACT_CLANG_EXT_STORE_RUNS_H
#define PROACT_CLANG_EXT_STORE_RUNS_H

#include "body_scan.h"
#include "loop_syntax.h"

namespace proact {

// False when some store of Writes runs after a condition, or leaves a gap
// between the elements of two consecutive iterations of L or of an inner
// loop (a strided store, a nest that skips part of each row): then only a
// part of a single iteration of L could ever be forwarded whole. True when
// that cannot be shown from the subscripts' and bounds' text.
bool storesMayForward(clang::Preprocessor &PP,
                      const std::vector<Access> &Writes,
                      const CanonicalLoop &L);

} // namespace proact

#endif
