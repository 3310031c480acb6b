/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Finds how a loop body uses the region arrays: every store `a[idx] op= ...`
// and every load `a[idx]`, with idx decomposed into coef * i + offset, where
// the offset may range over the canonical inner loops enclosing the access.
// An access whose index is not affine is recorded as touching the whole
// section: for a load, with a remark; for a store, with a warning, and the
// runtime then runs the loop on one device with the memcpy mechanism.
#ifndef PROACT_CLANG_EXT_BODY_SCAN_H
#define PROACT_CLANG_EXT_BODY_SCAN_H

#include "affine.h"
#include <set>
#include "bounds.h"
#include "directive.h"
#include "loop_syntax.h"
#include <vector>

namespace proact {

struct InnerTerm {     // Coef * j, j running over Loop
  Code Coef;
  CanonicalLoop Loop;
  bool Dependent = false; // its bounds use enclosing loops' variables
  BoundExpr First, Bound; // when Dependent
};

struct Access {
  int Array = 0;       // index in Directive::Arrays
  clang::Token At;     // the array name at the access
  bool Whole = false;  // may touch any element of the section
  Code Coef;           // coefficient of the outer loop variable
  Code Offset;
  std::vector<InnerTerm> Inner;
  // Enclosing inner loops that the index and the other loops' bounds do
  // not use, whose bounds and step the host can compute: one that runs no
  // iteration means the access never runs.
  std::vector<CanonicalLoop> Idle;
  // Some inner loop's bounds move with enclosing loops (bounds.h): Inner
  // then lists every enclosing loop, outermost first, with Coef 0 where
  // the index does not use its variable.
  bool Dependent = false;
  Code Len;            // reads(...) sections: off ranges over Offset + [0, Len)
  bool Guarded = false; // after a condition or jump of the body
  // A guarded store's index bounds (inclusive) that the conditions of the
  // ifs around it give (`if (i + 1 < n) a[i + 1] = v`); empty: none.
  Code GuardLo, GuardHi;
  // The same for the variables of loops (`if (j > 0) a[i * n + j - 1] =
  // v`), by name: an inner loop's range shrinks to them; the annotated
  // loop's bound the index through its coefficient.
  std::map<std::string, std::pair<Code, Code>> VarGuard;
  // The element's member the access names first (`p[j].x`: "x"), if any.
  std::string Member;
  // A load of a member that no store of its array writes (p[j].x beside
  // p[i].f = ..., a struct): it moves with its element but is no
  // dependence of the loop's.
  bool MemberApart = false;
};

// A load the kernels check against what the device holds
// (proact/detail/read_check.h): one after a condition or jump of the body,
// or one whose index is not affine. Every such load, not one per array.
struct CheckedLoad {
  int Array = 0;
  clang::Token At;    // the array name at the load
  bool Whole = false; // the index is not affine
  int Clause = -1;    // position in BodyAccesses::Reads of its array's
                      // reads(...) section, -1: none
  int Reduction = -1; // an update of an array reduction's thread copy:
                      // its position in Directive::Reductions (Array -1)
};

// An inner loop's variable declared before the loop (C89 style,
// `int j; ... for (j = 0; ...)`): each thread gets its own copy
// (docs/design/lowering.md, "Inner loop variables declared before the
// loop"), and its value after the loop must not be read
// (inner_vars.h checks that on the AST).
struct PrivateVar {
  clang::Token Var;    // in its first `for (j = ...)` header
  std::string Name;
  // Used in the body outside its loops' statements: one copy declared at
  // the top of the iteration; otherwise each `for (j = e; ...)` declares
  // its own, `for (__typeof__(j) j = e; ...)`, which keeps the loop
  // collapsible.
  bool Shadow = false;
  std::vector<unsigned> Headers; // raw locations of the j of each
                                 // `for (j = e; ...)` that declares it
};

struct BodyAccesses {
  std::vector<Access> Writes;
  std::vector<Access> Reads;
  // Affine loads replaced by a reads(...) clause: the runtime checks that
  // the clause covers them.
  std::vector<Access> Implied;
  std::vector<CheckedLoad> Checked;
  std::vector<PrivateVar> Private;
};

// Scans Body (the tokens after the loop header). Reports diagnostics and
// returns false on an error.
bool scanBody(clang::Preprocessor &PP, const Directive &D,
              const CanonicalLoop &Outer, const Tokens &Body,
              BodyAccesses &Out);

// The names Toks declare (`double t[2]`, `const float *p`), which name
// the declaration's object, not an outer one, from there on.
std::set<std::string> namesDeclaredIn(clang::Preprocessor &PP,
                                      const Tokens &Toks);

} // namespace proact

#endif
