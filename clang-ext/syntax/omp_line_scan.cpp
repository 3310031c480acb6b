// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "omp_line_scan.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include <memory>
#include <utility>
#include <vector>

using namespace clang;

namespace proact {
namespace {

// Skipped ranges by file, as offsets [begin, end).
struct Skipped {
  FileID File;
  unsigned Begin, End;
};

std::vector<Skipped> &skipped() {
  static std::vector<Skipped> Ranges;
  return Ranges;
}

class SkipRecorder : public PPCallbacks {
public:
  explicit SkipRecorder(const SourceManager &SM) : SM(SM) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    (void)EndifLoc;
    const SourceLocation B = SM.getExpansionLoc(Range.getBegin()),
                         E = SM.getExpansionLoc(Range.getEnd());
    if (SM.getFileID(B) == SM.getFileID(E))
      skipped().push_back(
          {SM.getFileID(B), SM.getFileOffset(B), SM.getFileOffset(E) + 1});
  }

private:
  const SourceManager &SM;
};

bool inSkipped(FileID File, unsigned Offset) {
  for (const Skipped &S : skipped())
    if (S.File == File && Offset >= S.Begin && Offset < S.End)
      return true;
  return false;
}

bool isRaw(const Token &T, llvm::StringRef Word) {
  return T.is(tok::raw_identifier) && T.getRawIdentifier() == Word;
}

} // namespace

void trackSkippedRanges(Preprocessor &PP) {
  static const Preprocessor *Tracked = nullptr;
  if (Tracked == &PP)
    return;
  Tracked = &PP;
  skipped().clear();
  PP.addPPCallbacks(std::make_unique<SkipRecorder>(PP.getSourceManager()));
}

bool openMPPragmaBetween(Preprocessor &PP, SourceLocation From,
                         SourceLocation To) {
  const SourceManager &SM = PP.getSourceManager();
  const SourceLocation A = SM.getExpansionLoc(From), B = SM.getExpansionLoc(To);
  const FileID File = SM.getFileID(A);
  if (File != SM.getFileID(B) || !SM.isBeforeInTranslationUnit(A, B))
    return false;
  bool Invalid = false;
  const llvm::StringRef Buf = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return false;
  const unsigned Begin = SM.getFileOffset(A), End = SM.getFileOffset(B);
  // A raw lexer skips comments and sees every #if branch: the skipped
  // ones are left out by offset.
  Lexer Raw(SM.getLocForStartOfFile(File), PP.getLangOpts(), Buf.begin(),
            Buf.begin() + Begin, Buf.end());
  Raw.SetCommentRetentionState(false);
  Token Prev[2];
  Prev[0].startToken();
  Prev[1].startToken();
  for (;;) {
    Token T;
    const bool Last = Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return false;
    const unsigned Offset = SM.getFileOffset(T.getLocation());
    if (Offset >= End)
      return false;
    if (!inSkipped(File, Offset)) {
      // '#' 'pragma' 'omp', the '#' first on its line
      if (isRaw(T, "omp") && isRaw(Prev[1], "pragma") &&
          Prev[0].is(tok::hash) && Prev[0].isAtStartOfLine())
        return true;
      // _Pragma ( "omp ..." )
      if (tok::isStringLiteral(T.getKind()) && Prev[1].is(tok::l_paren) &&
          isRaw(Prev[0], "_Pragma")) {
        llvm::StringRef S(T.getLiteralData(), T.getLength());
        S = S.drop_until([](char C) { return C == '"'; }).drop_front();
        if (S.ltrim(" \t").starts_with("omp"))
          return true;
      }
      Prev[0] = Prev[1];
      Prev[1] = T;
    }
    if (Last)
      return false;
  }
}

} // namespace proact
