/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The body of mech(inline)'s forwarding kernel: every store to a region
// array, `a[idx] op= ...;`, becomes `{ a[idx] op= ...;
// proact__ready_forward(__proact_rd, A, &(a[idx]), sizeof(a[idx])); }`, so
// the new value also goes to the devices that read it as soon as it is
// made. Each store must begin a statement of its own (the common case);
// otherwise there is no forwarding kernel and the runtime falls back.
#ifndef PROACT_CLANG_EXT_FORWARD_H
#define PROACT_CLANG_EXT_FORWARD_H

#include "body_scan.h"
#include "code.h"

namespace proact {

// Fills Out with Body's forwarding form; false when some store of Writes
// is not a statement of its own (Out is then unspecified).
bool forwardingBody(const Tokens &Body, const std::vector<Access> &Writes,
                    Code &Out);

} // namespace proact

#endif
