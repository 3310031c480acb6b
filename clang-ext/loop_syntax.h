// Reading a statement's tokens from the preprocessor and recognising a
// canonical 'for' header: for ([type] i = first; i CMP bound; step).
#ifndef PROACT_CLANG_EXT_LOOP_SYNTAX_H
#define PROACT_CLANG_EXT_LOOP_SYNTAX_H

#include "code.h"
#include "clang/Lex/Preprocessor.h"
#include <string>

namespace proact {

// Lexes from the preprocessor with a push-back buffer: a pragma handler may
// not use Preprocessor::LookAhead, so tokens read too far are handed back
// (Pending) and must be injected again after whatever the handler emits.
//
// It never consumes the end of a file: at the end of a file clang destroys
// the lexer that called the pragma handler, and the next token would crash
// it. At the end it returns a synthetic eof token instead and leaves the
// real one for the parser.
//
// While it lives, the preprocessor is in incremental mode, which keeps the
// main file's lexer alive at its end: a second line of defence for the
// main file.
class TokenReader {
public:
  explicit TokenReader(clang::Preprocessor &PP)
      : PP(PP), WasIncremental(PP.isIncrementalProcessingEnabled()) {
    PP.enableIncrementalProcessing(true);
  }
  ~TokenReader() { PP.enableIncrementalProcessing(WasIncremental); }
  TokenReader(const TokenReader &) = delete;
  TokenReader &operator=(const TokenReader &) = delete;
  void lex(clang::Token &T);
  void unlex(const clang::Token &T) { Pending.push_back(T); }
  // Tokens handed back, in stream order.
  Tokens pending() const { return Tokens(Pending.rbegin(), Pending.rend()); }

private:
  clang::Preprocessor &PP;
  bool WasIncremental;
  Tokens Pending; // a stack: back() is the next token
};

// Reads one complete C statement starting with First (already read) and
// appends its tokens to Out. Returns false at end of file (Out then ends
// with the reader's synthetic eof, which must not be handed back).
bool readStatement(TokenReader &R, clang::Token First, Tokens &Out);

struct CanonicalLoop {
  clang::Token Var;      // the induction variable
  std::string VarName;
  Tokens Type;           // declaration specifiers; empty if not declared
  Tokens First;          // initial value
  Tokens Bound;          // the other side of the comparison
  int Cmp = 0;           // PROACT__CMP_*
  Code Step;             // signed step
  size_t BodyBegin = 0;  // index of the body's first token in the statement
};

// Parses Stmt (starting at 'for') as a canonical loop. On failure, sets Why
// and WhereLoc and returns false.
bool parseCanonicalFor(clang::Preprocessor &PP, const Tokens &Stmt,
                       size_t Begin, CanonicalLoop &L, std::string &Why,
                       clang::SourceLocation &WhereLoc);

// End (exclusive) of the statement that starts at B in Toks.
size_t statementEnd(const Tokens &Toks, size_t B);

// Whether Toks contain a `for` whose header reads an array element (a
// subscript), as a CSR row's `for (e = rowptr[v]; e < rowptr[v + 1]; e++)`:
// iterations of data-dependent length.
bool hasIndexedLoop(const Tokens &Toks);

// Index of the token closing the bracket opened at Open, or Toks.size().
size_t matchingClose(const Tokens &Toks, size_t Open);

} // namespace proact

#endif
