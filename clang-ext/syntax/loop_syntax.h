/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
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
//
// Readers nest: a '#pragma proact' met while one reads runs its handler
// inside the reader's lex(). That handler finds the reader with active()
// and marks it (interrupt, stop), so that the directive being read is given
// back instead of lowered around a half-read or half-lowered statement.
class TokenReader {
public:
  TokenReader(clang::Preprocessor &PP, clang::SourceLocation Directive)
      : PP(PP), WasIncremental(PP.isIncrementalProcessingEnabled()),
        Directive(Directive), Outer(Active) {
    PP.enableIncrementalProcessing(true);
    Active = this;
  }
  ~TokenReader() {
    PP.enableIncrementalProcessing(WasIncremental);
    Active = Outer;
  }
  TokenReader(const TokenReader &) = delete;
  TokenReader &operator=(const TokenReader &) = delete;
  void lex(clang::Token &T);
  void unlex(const clang::Token &T) { Pending.push_back(T); }
  // Lexes a token past the end of the statement (looking for 'else'): a
  // directive met there follows the statement and is no nested one.
  void lexAhead(clang::Token &T) {
    LookingAhead = true;
    lex(T);
    LookingAhead = false;
  }
  bool lookingAhead() const { return LookingAhead; }
  // Whether the file's next token is a '#pragma' or '_Pragma', which no
  // 'else' can follow: lexing it would run its handler before the
  // statement read so far has been lowered.
  bool pragmaNext() const;
  // Tokens handed back, in stream order.
  Tokens pending() const { return Tokens(Pending.rbegin(), Pending.rend()); }

  // The innermost reader now reading, or nullptr.
  static TokenReader *active() { return Active; }
  clang::SourceLocation directive() const { return Directive; }
  // The statement read so far (set by the loop handler), or nullptr.
  const Tokens *read() const { return Read; }
  void setRead(const Tokens *R) { Read = R; }
  // A nested '#pragma proact' at At was met while reading.
  void interrupt(clang::SourceLocation At) {
    if (Interrupted.isInvalid())
      Interrupted = At;
  }
  clang::SourceLocation interrupted() const { return Interrupted; }
  // Stop reading: the next lex() and every later one return a synthetic
  // eof, and the token lexed meanwhile is handed back (pending()).
  void stop() { Stopped = true; }
  bool stopped() const { return Stopped; }

private:
  clang::Preprocessor &PP;
  bool WasIncremental;
  clang::SourceLocation Directive;
  TokenReader *Outer;
  const Tokens *Read = nullptr;
  clang::SourceLocation Interrupted;
  bool Stopped = false;
  bool LookingAhead = false;
  Tokens Pending; // a stack: back() is the next token
  static TokenReader *Active;
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
  bool OpenMPStep = true; // the increment is one OpenMP's canonical form
                          // accepts (not `i = i - s + 1`)
  int StepSign = 0;       // +1 or -1 where the increment's sign is written
                          // (++, --, += 2, i = i - 1), else 0
  size_t BodyBegin = 0;  // index of the body's first token in the tokens parsed
                         // (not relative to the for's Begin)
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
