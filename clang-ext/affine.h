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

// LoopVars: names whose coefficient is wanted. Varying: names that change
// inside the loop (an index using them cannot be analysed). On failure Why
// says what was not affine and Where points at it.
bool analyseAffine(clang::Preprocessor &PP, const Tokens &Index,
                   const std::set<std::string> &LoopVars,
                   const std::set<std::string> &Varying, LinearForm &Out,
                   std::string &Why, clang::SourceLocation &Where);

} // namespace proact

#endif
