/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Spread mode (-fplugin-arg-proact-openmp=spread): OpenMP offload
// constructs treated as PROACT directives (docs/user/openmp.md; the route:
// docs/design/lowering.md, "OpenMP constructs in spread mode").
#ifndef PROACT_CLANG_EXT_OPENMP_SPREAD_H
#define PROACT_CLANG_EXT_OPENMP_SPREAD_H

#include "code.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace proact {

// Called when the compilation parses (the plugin's AST action): in spread
// mode with OpenMP on, <proact.h> is included ahead of the file, as
// -include would, since an OpenMP program does not include it.
void prepareSpread(clang::CompilerInstance &CI);

// Installs the '#pragma omp' handler once the parser has registered its own
// (Sema's initialisation), and checks the finished AST: an OpenMP target
// construct left on one device inside a spread data region is an error.
std::unique_ptr<clang::ASTConsumer> makeSpreadConsumer();

// One array of a map(...), to(...) or from(...) list.
struct SpreadItem {
  std::string Name;
  Tokens Section;  // name[lo:len]... or the name alone (an array object)
  int MapKind = 0; // PROACT__MAP_* / PROACT__UPDATE_*
};

enum class SpreadKind { Loop, Data, Update, Enter, Exit };

// An OpenMP construct the handler translated, for proact_pragma.cpp.
struct SpreadConstruct {
  SpreadKind Kind = SpreadKind::Loop;
  clang::SourceLocation Loc; // the '#pragma' (or _Pragma)
  std::string Name;          // "target teams distribute parallel for", ...
  Tokens Omp;                // what clang's handler makes of the line: the
                             // OpenMP construct, when it does not spread
  Tokens Stay;               // Omp with the calls that keep the arrays of
                             // spread data regions current around it
  Tokens Handoff;            // an enter's or exit's construct wrapped for
                             // what PROACT hands OpenMP: the sections
                             // OpenMP holds itself, and the scalars
  Tokens ScalarHandoff;      // the same with its scalars alone (empty:
                             // it maps none)
  std::vector<SpreadItem> Items;
  // "target" or "target teams": the loop construct must follow on a line
  // of its own (spreadInner).
  bool Inner = false;
  // Scalars the outer line maps tofrom or from, or reduces: a reduction on
  // the inner line changes the host's value only for these.
  std::set<std::string> MappedBack;
  // Scalars either line maps: where OpenMP holds a copy of one on the
  // device ('target enter data'), the loop reads that copy.
  std::set<std::string> MappedScalars;
  Tokens Reductions;         // PROACT reduction(...) clauses, ready to parse
  // Each scalar those clauses reduce, with its operator: the loop line
  // after 'target teams' may name it again.
  std::map<std::string, std::string> ReducedOps;
  Tokens IfCond;             // a loop's if(...) condition for its target
                             // part: false runs it on the host
  Tokens Private;            // identifiers of private(...)
  // Arrays of the spread data regions visible at the pragma, for those the
  // body indexes without mapping them (OpenMP finds them present).
  std::vector<SpreadItem> Visible;
  // A 'target enter data' or 'target exit data' that stays OpenMP's for
  // its nowait, depend, device or if clause or a map modifier (Items from
  // the line without them): Counted is the construct with its device and
  // if expressions read from the variables CountedDecls declares
  // (CountedDevName, CountedIfName), which run once before PROACT counts
  // or exits the sections it holds (proact__omp_enter_counted,
  // proact__omp_exit_counted).
  Tokens Counted;
  Tokens CountedDecls;
  bool CountedRefuse = false; // a map modifier PROACT cannot follow
};

// The '#pragma omp' line Omp (annotations included) that follows a
// "target" or "target teams" line: its clauses join S's. Returns why the
// pair does not spread, or "".
std::string spreadInner(clang::Preprocessor &PP, const Tokens &Omp,
                        SpreadConstruct &S);

// proact_pragma.cpp: lowers S like the PROACT directive it stands for, or
// gives S.Omp back with a remark saying why not.
void handleSpreadConstruct(clang::Preprocessor &PP, SpreadConstruct &S);

// Remembers the arrays of a spread data region and the identifier of its
// marker variable (spreadMarker(N), declared first in its block).
void noteSpreadData(const clang::Token &Marker,
                    const std::vector<SpreadItem> &Items);
std::string spreadMarker(unsigned N);

} // namespace proact

#endif
