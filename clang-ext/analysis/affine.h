/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Decomposes a subscript into a linear form over loop variables:
//   index = sum_v Coef[v] * v + K
// where Coef[v] and K are expressions that do not change during the loop.
#ifndef PROACT_CLANG_EXT_AFFINE_H
#define PROACT_CLANG_EXT_AFFINE_H

#include "code.h"
#include "clang/Lex/Preprocessor.h"
#include <map>
#include <set>
#include <string>

namespace proact {

struct LinearForm {
  std::map<std::string, Code> Coef; // only the loop variables that occur
  Code K = Code("0");
};

// What else the analysis may know about names of the loop body.
struct AffineNames {
  // Body locals that stand for their initializer's form (body_scan.h).
  const std::map<std::string, LinearForm> *Locals = nullptr;
  // Why a name of Varying changes, when there is more to say than that
  // it does (and how to rewrite the index).
  const std::map<std::string, std::string> *WhyVarying = nullptr;
  // The loop's region arrays: the host, which computes an invariant term
  // before the loop, may hold older elements than the devices.
  const std::set<std::string> *RegionArrays = nullptr;
};

// The first element of one of Regions that Toks reads (`off[0]`: the name
// before a '['), or null.
const clang::Token *regionElementIn(clang::Preprocessor &PP,
                                    const Tokens &Toks,
                                    const std::set<std::string> &Regions);

// LoopVars: names whose coefficient is wanted. Varying: names that change
// inside the loop (an index using them cannot be analysed). On failure Why
// says what was not affine and Where points at it; Invalid is set instead
// when the index has a floating type, which C rejects as a subscript (the
// compiler's error then says so).
//
// An integer cast is taken to keep its operand's value: true for every
// index that fits its type, the only ones a correct program computes.
bool analyseAffine(clang::Preprocessor &PP, const Tokens &Index,
                   const std::set<std::string> &LoopVars,
                   const std::set<std::string> &Varying, LinearForm &Out,
                   std::string &Why, clang::SourceLocation &Where,
                   const AffineNames &Names = AffineNames(),
                   bool *Invalid = nullptr);

} // namespace proact

#endif
