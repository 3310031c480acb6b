/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The C that replaces an annotated loop or data block
// (docs/design/lowering.md).
#ifndef PROACT_CLANG_EXT_LOWERING_H
#define PROACT_CLANG_EXT_LOWERING_H

#include "body_scan.h"
#include "multidim.h"

namespace proact {

// The replacement of `#pragma proact region(...)` + its loop, in two parts:
// Check, a copy of the loop that is never run and is parsed first, so that
// clang's checks of the user's code report each error once (and a loop
// with errors gets no Lowering); and Lowering, the real code.
struct LoopLowering {
  Code Check;
  Code Lowering;
};
// D and Body as flattenSections and flattenBody left them (F: their
// multi-dimensional arrays); Written and WrittenBody as the user wrote
// them, for Check.
LoopLowering lowerLoop(clang::Preprocessor &PP, const Directive &D,
                       const CanonicalLoop &L, const Tokens &Body,
                       const BodyAccesses &Accesses, const FlatArrays &F,
                       const Directive &Written, const Tokens &WrittenBody);

// `(void)(...);` statements that make clang parse the expressions of D's
// clauses at the user's tokens (part of the never-run check).
void emitClauseChecks(Code &C, const Directive &D);

// S as a C string literal.
std::string quoted(const std::string &S);

// The prefix put in front of the block of `#pragma proact data`: a one-pass
// 'for' whose init enters the data region and whose increment leaves it.
// OpenMP: a spread construct's mappings, which are OpenMP's on the
// default device.
Code lowerData(clang::Preprocessor &PP, const Directive &D,
               const FlatArrays &F, bool OpenMP);

// The replacement of `#pragma proact update ...`: one compound statement
// that describes its sections in order and calls proact__update (OpenMP:
// proact__omp_update, for a spread 'target update').
Code lowerUpdate(clang::Preprocessor &PP, const Directive &D,
                 const FlatArrays &F, bool OpenMP = false);

// The start of a spread 'target enter data' or 'target exit data': a
// compound statement that describes its maps and calls
// proact__omp_enter_data or proact__omp_exit_data in the condition of an
// 'if' whose body (the OpenMP construct) and closing '}' the caller adds.
// Counted: an enter or exit left to OpenMP, whose sections PROACT only
// counts (or exits), calls proact__omp_enter_counted or
// proact__omp_exit_counted(&desc, CountedDevName, CountedIfName, Refuse)
// as a statement instead; the caller declares those two variables.
Code lowerEnterExit(clang::Preprocessor &PP, const Directive &D,
                    const FlatArrays &F, bool Exit, bool Counted = false,
                    bool Refuse = false);
// The variables that hold a counted enter's or exit's device and if
// condition, evaluated once: its runtime call and the OpenMP construct
// after it read them.
extern const char *const CountedDevName;
extern const char *const CountedIfName;

} // namespace proact

#endif
