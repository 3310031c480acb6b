/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The parsed form of one '#pragma proact' line (grammar:
// docs/user/directives.md).
#ifndef PROACT_CLANG_EXT_DIRECTIVE_H
#define PROACT_CLANG_EXT_DIRECTIVE_H

#include "code.h"
#include "clang/Lex/Preprocessor.h"
#include <string>
#include <vector>

namespace proact {

// One [lo:len] of a section; Lo is empty for [:len].
struct SectionDim {
  Tokens Lo;
  Tokens Len;
  // Its '[', ':' and ']', so that a copy of it that clang parses (the
  // clause check) ends each expression at the user's own token.
  clang::Token LBracket, Colon, RBracket;
};

// name[lo:len], name[lo:len][lo2:len2]... (a multi-dimensional array, whose
// inner dimensions must be whole) or name alone (WholeArray: an array whose
// size the compiler knows). Lo is empty for name[:len].
struct Section {
  clang::Token Name;
  std::string Spelling;
  Tokens Lo;
  Tokens Len;
  clang::Token LBracket, Colon, RBracket;
  std::vector<SectionDim> Inner; // the [lo:len] after the first
  bool WholeArray = false;
  std::string Written; // the section as written, for messages
  // The name the lowering uses for the array: Spelling, or for an array of
  // several dimensions the flat pointer multidim.h declares (Lo and Len are
  // then flat element indices).
  std::string CName;
  int MapKind = 0; // PROACT__MAP_* for data clauses, PROACT__UPDATE_* for
                   // update clauses
  bool Distribute = false; // data clause distribute(name): no full replicas
};

// One variable of a reduction(op: var, ...) clause, or one array section
// reduction(op: h[lo:len]) (IsArray; Lo empty for h[:len]).
struct Reduction {
  std::string Op;     // + * & | ^ && || max min
  clang::Token Var;
  std::string Spelling;
  bool IsArray = false;
  Tokens Lo;
  Tokens Len;
  std::vector<SectionDim> Inner; // as Section's
  bool WholeArray = false;       // an array named alone (Sema says so)
  std::string Written;
  std::string CName;             // as Section's
};

enum class DirectiveKind { Loop, Data, Update };

struct Directive {
  DirectiveKind Kind = DirectiveKind::Loop;
  bool Unknown = false;            // not 'data', 'update' or a loop clause
                                   // first
  clang::SourceLocation Loc;       // the 'proact' token
  std::vector<Section> Arrays;     // region(...), the data clauses, or the
                                   // update clauses' sections in order
  std::vector<Section> Reads;      // reads(...): per-iteration read sections
  std::vector<Reduction> Reductions; // reduction(...) clauses, in order
  int Mech = 0;                    // proact_mech_t, memcpy by default
  bool HasMech = false;            // a mech(...) clause was given
  unsigned long long Id = 0;       // loops: hash of pragma and loop tokens
  int Decomp = 0;                  // PROACT__DECOMP_*, auto by default
  Tokens DecompBlock;              // block_cyclic's B; cyclic: empty, B 1
  clang::Token DecompClose;        // the ')' after B
  long long Chunk = 0;             // bytes; 0 = absent
  int Threads = 0;                 // 0 = absent
  clang::SourceLocation ChunkLoc, ThreadsLoc;
  bool HasDevices = false;         // devices(all) leaves it false
  std::vector<int> Devices;
};

// Parses the tokens of the pragma line (after 'proact', up to eod). Reports
// every problem as a diagnostic and returns false if there was one.
bool parseDirective(clang::Preprocessor &PP, const Tokens &Line,
                    clang::SourceLocation PragmaLoc, Directive &D);

} // namespace proact

#endif
