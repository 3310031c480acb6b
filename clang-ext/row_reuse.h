// Row reuse in the plain column walk. A thread of the column walk goes down
// the rows of one column, so a stencil's read of row i + 1 is the read of
// row i that the next row makes, and the one after makes it as row i - 1.
// The plain column kernel keeps such values in registers from row to row
// (as hand-written CUDA does: below = mid; mid = above), so that a row
// loads one new element per stream, not one per read. The compiler cannot
// do it itself, not knowing that no store of the loop changes the array;
// a PROACT loop's independent iterations guarantee that no iteration
// writes what another reads.
#ifndef PROACT_CLANG_EXT_ROW_REUSE_H
#define PROACT_CLANG_EXT_ROW_REUSE_H

#include "code.h"
#include <functional>
#include <string>
#include <vector>

namespace proact {

struct Assignment;
struct BodyAccesses;
struct CanonicalLoop;
struct CollapsedNest;
struct Directive;

// A read a[idx] of the body in a stream: its tokens [B, E) in the prefix
// or in the right-hand side, and its row offset in the stream.
struct ReuseSite {
  bool InPrefix = false;
  size_t B = 0, E = 0;
  int Stream = 0;
  int Offset = 0;
};

// Reads of one array whose subscripts differ by whole rows: idx = S * i +
// R + d * S for the annotated loop's i, with the same S and R and integer
// offsets d from MinOffset to MaxOffset. Read: a read at MaxOffset, whose
// value at row r + e - MaxOffset is the stream's element of row r + e.
struct ReuseStream {
  Tokens Read;
  int MinOffset = 0, MaxOffset = 0;
};

struct RowReuse {
  std::vector<ReuseSite> Sites;
  std::vector<ReuseStream> Streams;
  bool usable() const { return !Streams.empty(); }
};

// Finds the streams of G's reads (G: the body split at its one store) that
// rows read more than once. Only reads evaluated in every iteration (none
// after a condition of the prefix, none in a right-hand side with ?:, &&
// or ||), of arithmetic elements of arrays the loop does not store to,
// with subscripts that are sums of products of integers, loop variables
// and variables declared before the loop; the annotated loop must step by
// one (UnitStep). Empty Out when nothing qualifies.
void planRowReuse(clang::Preprocessor &PP, const Directive &D,
                  const CanonicalLoop &L, const CollapsedNest &Nest,
                  const BodyAccesses &A, const Assignment &G, bool UnitStep,
                  RowReuse &Out);

// The C text of the annotated loop's variable at row __proact_k + Offset.
using RowValue = std::function<std::string(int Offset)>;

// For groups of U rows starting at row __proact_k (ilp.h), each stream
// keeps registers __proact_q<s>_<m>, m = 0 .. MaxOffset - MinOffset + U - 1,
// register m holding row __proact_k + MinOffset + m. Declares and loads
// the registers a group carries in (m below MaxOffset - MinOffset) for the
// group at the current __proact_k; VarType: the loop variable's type.
void emitReuseCarried(Code &C, const CanonicalLoop &L, const Code &VarType,
                      const RowReuse &R, const RowValue &Row);
// Declares and loads a group's new rows (the other U registers).
void emitReuseLoads(Code &C, const CanonicalLoop &L, const Code &VarType,
                    const RowReuse &R, unsigned U, const RowValue &Row);
// Moves the registers the next group carries in down by U rows.
void emitReuseShift(Code &C, const RowReuse &R, unsigned U);
// Toks (the prefix, InPrefix, or the right-hand side) for the group's row
// u, each site replaced by its register.
Code reuseCopy(const RowReuse &R, const Tokens &Toks, bool InPrefix,
               unsigned u);

} // namespace proact

#endif
