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
class TokenReader {
public:
  explicit TokenReader(clang::Preprocessor &PP) : PP(PP) {}
  void lex(clang::Token &T) {
    if (Pending.empty()) {
      PP.Lex(T);
      return;
    }
    T = Pending.back();
    Pending.pop_back();
  }
  void unlex(const clang::Token &T) { Pending.push_back(T); }
  // Tokens handed back, in stream order.
  Tokens pending() const { return Tokens(Pending.rbegin(), Pending.rend()); }

private:
  clang::Preprocessor &PP;
  Tokens Pending; // a stack: back() is the next token
};

// Reads one complete C statement starting with First (already read) and
// appends its tokens to Out. Returns false at end of file.
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

// Index of the token closing the bracket opened at Open, or Toks.size().
size_t matchingClose(const Tokens &Toks, size_t Open);

} // namespace proact

#endif
