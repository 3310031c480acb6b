/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Bounds of inner loops that move with the enclosing loops' variables:
// tiles (`for (i = ii; i < MIN(ii + B, n); i++)`), parity starts
// (`for (j = 1 + (i + 1) % 2; ...)`), windows (`j = i; j < i + 3`). Each
// bound is an affine form plus bounded terms (`e % c`, `e & m` with
// constant c, m), or the min / max of two bounds (the ternary forms MIN
// and MAX macros expand to). The lowering turns them into the ranges the
// runtime's spans need (docs/design/lowering.md, "Loop variables and store
// analysis").
#ifndef PROACT_CLANG_EXT_BOUNDS_H
#define PROACT_CLANG_EXT_BOUNDS_H

#include "affine.h"
#include <map>
#include <string>
#include <vector>

namespace proact {

struct BoundExpr {
  enum Kind { Sum, Min, Max } K = Sum;
  // Sum: Lin + the bounded terms + the nested min / max terms.
  LinearForm Lin;
  struct Bounded {
    bool Neg = false;
    bool And = false;  // e & m: [0, m]; else e % c
    LinearForm Operand;
    std::string C;     // the constant c or m
  };
  std::vector<Bounded> Mods;
  std::vector<std::pair<bool, BoundExpr>> Nested; // (negated, term)
  // Min, Max: the two operands.
  std::vector<BoundExpr> Kids;
};

// Whether two expressions are the same: equal integer constants (folded:
// `2 * 3` and `6`), or the same text once spaces and parentheses around
// the whole are dropped.
bool sameCoef(clang::Preprocessor &PP, const Code &A, const Code &B);

// Parses Toks as a bound over the loop variables Vars (Varying: names that
// change in the loop, which a bound may not use).
bool parseBound(clang::Preprocessor &PP, const Tokens &Toks,
                const std::set<std::string> &Vars,
                const std::set<std::string> &Varying, BoundExpr &Out,
                std::string &Why, clang::SourceLocation &Where);

// The run-time ranges of loop variables: name -> (least, greatest), as C
// expressions.
using RangeNames = std::map<std::string, std::pair<std::string, std::string>>;

// The least and the greatest value of E over the variables' ranges (C
// expressions of type long long).
Code boundLow(const BoundExpr &E, const RangeNames &R);
Code boundHigh(const BoundExpr &E, const RangeNames &R);

// How an inner loop's bounds follow the annotated variable I: its values
// are A * I + u, u within [First, Bound] run with Step (Exact: First and
// Bound are u's exact first value and bound, else the extreme values over
// the other variables' ranges, and the step is +-1).
struct Shift {
  Code A;
  Code First, Bound;
  bool Exact = false;
  // Both ends exact (no min, max or bounded term): each value of I runs
  // exactly A * I + [First, Bound] with the loop's step.
  bool Whole = false;
};

// Whether loop L's bounds both move with I by the same coefficient (taking
// the operand with I of a MIN for an upper end, of a MAX for a lower one).
bool shiftOf(clang::Preprocessor &PP, const std::string &I,
             const BoundExpr &First, const BoundExpr &Bound, bool Ascending,
             const RangeNames &R, Shift &Out);

// Whether E mentions Var outside its bounded terms.
bool mentions(const BoundExpr &E, const std::string &Var);

} // namespace proact

#endif
