// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "inject.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace proact {

Code quiet(const Code &C, const std::string &Group) {
  Code Q("_Pragma(\"clang diagnostic push\") "
         "_Pragma(\"clang diagnostic ignored \\\"" + Group + "\\\"\")");
  Q.add(C);
  Q.add("_Pragma(\"clang diagnostic pop\")");
  return Q;
}

Tokens materialize(Preprocessor &PP, SourceLocation At, const Code &C) {
  // One buffer holds all text pieces, one per line, lexed in one pass.
  std::string Buf;
  std::vector<size_t> Starts;
  for (const Piece &P : C.pieces())
    if (P.IsText) {
      Starts.push_back(Buf.size());
      Buf += P.Text;
      Buf += '\n';
    }
  SourceManager &SM = PP.getSourceManager();
  FileID FID = SM.createFileID(
      llvm::MemoryBuffer::getMemBufferCopy(Buf, "<proact lowering>"),
      SrcMgr::C_System, 0, 0, At);
  SourceLocation BufStart = SM.getLocForStartOfFile(FID);
  // One expansion entry for the whole buffer, as for a macro body: tokens
  // that must pair up (a statement expression's '(' and '{') share it.
  SourceLocation ExpStart =
      SM.createExpansionLoc(BufStart, At, At, (unsigned)Buf.size() + 1);
  Lexer Lex(FID, SM.getBufferOrFake(FID), SM, PP.getLangOpts());
  std::vector<Token> Lexed;
  std::vector<size_t> Offsets; // of each lexed token in the buffer
  for (;;) {
    Token T;
    bool AtEnd = Lex.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.is(tok::raw_identifier))
      PP.LookUpIdentifierInfo(T);
    size_t Off = SM.getFileOffset(T.getLocation());
    T.setLocation(ExpStart.getLocWithOffset((int)Off));
    Lexed.push_back(T);
    Offsets.push_back(Off);
    if (AtEnd)
      break;
  }
  // Interleave: text piece k owns the lexed tokens that start in its line.
  Tokens Out;
  size_t Next = 0, TextIdx = 0;
  for (const Piece &P : C.pieces()) {
    if (!P.IsText) {
      Out.push_back(P.Tok);
      continue;
    }
    size_t Begin = Starts[TextIdx];
    size_t End = Begin + P.Text.size();
    ++TextIdx;
    while (Next < Lexed.size() && Offsets[Next] >= Begin &&
           Offsets[Next] < End)
      Out.push_back(Lexed[Next++]);
  }
  return Out;
}

void inject(Preprocessor &PP, const Tokens &Toks) {
  if (Toks.empty()) // an empty token stream crashes HandlePragmaDirective
    return;
  auto Arr = std::make_unique<Token[]>(Toks.size());
  for (size_t I = 0; I < Toks.size(); ++I)
    Arr[I] = Toks[I];
  PP.EnterTokenStream(std::move(Arr), Toks.size(),
                      /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
}

} // namespace proact
