/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// C's own multi-dimensional arrays as region arrays: `double a[n][m]`
// (constant or variable-length, a local or a parameter), `double (*a)[m]`,
// `double a[n][m][k]` (docs/design/lowering.md, "Multi-dimensional
// arrays"). Their elements are one block of memory, row after row, so each
// is lowered as a flat array of its scalar element: the lowering declares
//
//   __typeof__(&(a)[0][0]) __proact_flat_a = &(a)[0][0];
//   const long long __proact_s1_a = sizeof((a)[0]) / sizeof((a)[0][0]);
//
// (the strides from sizeof, which is right for variable-length arrays too:
// their size is the one saved at the declaration), a section
// a[lo:len][0:m] becomes the flat one [lo * s1, len * s1], and an access
// a[e1][e2] in the body becomes __proact_flat_a[(e1) * __proact_s1_a +
// (e2)] before the access analysis, which then sees a flat array with a
// symbolic coefficient. The user's tokens keep their locations, and every
// message names the array as written; the lowering alone says
// __proact_flat_a, by renaming the tokens that name the array at the end
// (renameIn).
#ifndef PROACT_CLANG_EXT_MULTIDIM_H
#define PROACT_CLANG_EXT_MULTIDIM_H

#include "code.h"
#include "directive.h"
#include "clang/Lex/Preprocessor.h"
#include <map>
#include <string>
#include <vector>

namespace proact {

struct FlatArray {
  std::string Name;                 // as the user spells it
  std::string Flat;                 // __proact_flat_<Name>
  std::vector<std::string> Strides; // __proact_s<k>_<Name>: elements per
                                    // step of subscript k (Rank - 1)
  int Rank = 0;
};

class FlatArrays {
public:
  const FlatArray *find(const std::string &Name) const;
  bool empty() const { return Arrays.empty(); }
  // The flat pointers and strides, declared before the lowering uses them
  // (the arrays as the user declared them are still in scope).
  Code prologue() const;
  // C with each token that names a multi-dimensional array in an element
  // access or a section (its location recorded) naming its flat pointer.
  Code renamed(clang::Preprocessor &PP, const Code &C) const;

  // Registers Name (rank Rank); returns the entry.
  const FlatArray &add(const std::string &Name, int Rank);
  // The token at Loc names Flat in the lowering.
  void rename(clang::SourceLocation Loc, const std::string &Flat) {
    Renamed[Loc.getRawEncoding()] = Flat;
  }

private:
  std::vector<FlatArray> Arrays;
  std::map<unsigned, std::string> Renamed; // raw location -> flat name
};

// Asks Sema the type of each array D's clauses name (region, reads,
// reduction and the data and update clauses): the sections of arrays of
// two or more dimensions become flat element sections (Lo, Len, CName),
// and a whole-array section `a` gets its length. Reports every problem (a
// section that does not take the inner dimensions whole, a whole-array
// section of a pointer, too many [lo:len]) and returns false on one.
bool flattenSections(clang::Preprocessor &PP, Directive &D, FlatArrays &F);

// Rewrites each element access a[e1][e2]... of a multi-dimensional array
// of F in Body (a loop body's tokens) into a flat one; reports every other
// use of such an array (a row a[i], the array itself, a subscript too
// many) and returns false on one. Out is materialized at the directive D.
bool flattenBody(clang::Preprocessor &PP, const Directive &D, FlatArrays &F,
                 const Tokens &Body, Tokens &Out);

} // namespace proact

#endif
