/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A piece of C to inject: generated text mixed with original tokens, so the
// user's own tokens keep their source locations (diagnostics point at them).
#ifndef PROACT_CLANG_EXT_CODE_H
#define PROACT_CLANG_EXT_CODE_H

#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Token.h"
#include <string>
#include <vector>

namespace proact {

using Tokens = std::vector<clang::Token>;

// +1 for an opening bracket ( [ {, -1 for a closing one, 0 otherwise.
inline int bracketDelta(const clang::Token &T) {
  if (T.isOneOf(clang::tok::l_paren, clang::tok::l_square, clang::tok::l_brace))
    return 1;
  if (T.isOneOf(clang::tok::r_paren, clang::tok::r_square, clang::tok::r_brace))
    return -1;
  return 0;
}

// Whether Toks[I] follows what ends an operand (a name, a literal, ')' or
// ']'), so that an operator there is binary: the & of `a & b`, not of
// `&x`.
inline bool followsOperand(const std::vector<clang::Token> &Toks, size_t I) {
  using namespace clang;
  return I > 0 && Toks[I - 1].isOneOf(tok::identifier, tok::numeric_constant,
                                      tok::char_constant, tok::r_paren,
                                      tok::r_square);
}

// Whether T is an assignment operator: = or a compound one (+=, <<=, ...).
inline bool isAssignOp(const clang::Token &T) {
  using namespace clang;
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                   tok::slashequal, tok::percentequal) ||
         T.isOneOf(tok::ampequal, tok::pipeequal, tok::caretequal,
                   tok::lesslessequal, tok::greatergreaterequal);
}

// The spelling of T. Annotation tokens (what other pragmas, such as
// `#pragma omp`, become) have none, and Preprocessor::getSpelling would read
// past their data.
inline std::string spelling(const clang::Preprocessor &PP,
                            const clang::Token &T) {
  return T.isAnnotation() ? std::string() : PP.getSpelling(T);
}

// The condition of every generated block that never runs (the check
// copies, the kernels' capture-order copies): a constant clang's
// -Wunreachable-code takes for dead on purpose both in the lowering's macro
// expansion and as the plain text a separate preprocessing step prints (a
// parenthesised 0 counts only outside a macro). inner_vars knows its form.
inline constexpr const char NeverRuns[] = "!sizeof(char)";

struct Piece {
  bool IsText = true;
  std::string Text;   // when IsText
  clang::Token Tok;   // otherwise
};

class Code {
public:
  Code() = default;
  explicit Code(std::string Text) { add(std::move(Text)); }

  Code &add(std::string Text) {
    Piece P;
    P.Text = std::move(Text);
    Pieces.push_back(std::move(P));
    return *this;
  }
  Code &add(const clang::Token &Tok) {
    Piece P;
    P.IsText = false;
    P.Tok = Tok;
    Pieces.push_back(std::move(P));
    return *this;
  }
  Code &add(const Tokens &Toks) {
    for (const clang::Token &T : Toks)
      add(T);
    return *this;
  }
  Code &add(const Code &Other) {
    Pieces.insert(Pieces.end(), Other.Pieces.begin(), Other.Pieces.end());
    return *this;
  }
  template <typename T> Code &operator<<(const T &X) { return add(X); }
  Code &operator<<(const char *S) { return add(std::string(S)); }

  // "(long long)(<code>)": how every user expression enters our arithmetic.
  static Code asLongLong(const Code &C) {
    Code R("(long long)(");
    R.add(C).add(")");
    return R;
  }

  const std::vector<Piece> &pieces() const { return Pieces; }
  bool empty() const { return Pieces.empty(); }

private:
  std::vector<Piece> Pieces;
};

} // namespace proact

#endif
