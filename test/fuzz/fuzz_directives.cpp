// libFuzzer target over the plugin's directive reader, clause parser and
// lowering: each input becomes the text after '#pragma proact ' inside a
// function of a small C file, which clang's frontend parses (-fsyntax-only,
// -fopenmp, x86_64 host) with the plugin's handlers linked in, as
// `clang -fplugin=proact-clang.so` would. A crash, hang or sanitizer report
// is a finding; diagnostics are expected and ignored.
//
// The file around each input is the same as test/lit/Inputs/fuzz_replay.py
// builds, so that a crash found here replays under clang.
//
// Files live in an in-memory file system: the input file, <proact.h> and the
// generated-code contract from include/ (read once), and small stand-ins
// for <stdio.h> and <omp.h> so that a run parses little besides the input.
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace {

const char *const MainFile = "/fuzz/input.c";

// The function the directive lands in: arrays, scalars and a pointer of
// every kind the clauses and the body checks look at.
const char Prelude[] =
    "#include <proact.h>\n"
    "struct pt { int n; };\n"
    "double g(const double *);\n"
    "void f(int n, long m, double *a, double *b, float *u, float *v,\n"
    "       int *idx, struct pt *p) {\n"
    "  double s = 0; long k = 0; int j;\n"
    "#pragma proact ";
const char Postlude[] = "\n}\n";

struct Harness {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS;
  llvm::IntrusiveRefCntPtr<FileManager> Files;
  std::shared_ptr<CompilerInvocation> Base;
#if CLANG_VERSION_MAJOR >= 22 // diagnostic options are no longer shared
  std::unique_ptr<DiagnosticOptions> DiagOpts;
#else
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts;
#endif
  bool Verbose = false;
};

Harness *H = nullptr;

// The frontend API calls that differ between clang 16 and 22.
llvm::IntrusiveRefCntPtr<DiagnosticsEngine>
makeDiagnostics(DiagnosticConsumer *Client) {
#if CLANG_VERSION_MAJOR >= 22
  return CompilerInstance::createDiagnostics(*H->FS, *H->DiagOpts, Client,
                                             false);
#else
  return CompilerInstance::createDiagnostics(H->DiagOpts.get(), Client, false);
#endif
}

DiagnosticConsumer *makePrinter() {
#if CLANG_VERSION_MAJOR >= 22
  return new TextDiagnosticPrinter(llvm::errs(), *H->DiagOpts);
#else
  return new TextDiagnosticPrinter(llvm::errs(), H->DiagOpts.get());
#endif
}

// A compiler instance for Inv that sees the in-memory files only and owns
// Client.
std::unique_ptr<CompilerInstance>
makeInstance(std::shared_ptr<CompilerInvocation> Inv,
             DiagnosticConsumer *Client) {
#if CLANG_VERSION_MAJOR >= 22
  auto CI = std::make_unique<CompilerInstance>(std::move(Inv));
  CI->setVirtualFileSystem(H->FS);
  CI->setFileManager(H->Files);
#else
  auto CI = std::make_unique<CompilerInstance>();
  CI->setInvocation(std::move(Inv));
  CI->setFileManager(H->Files.get());
#endif
  CI->createDiagnostics(Client, /*ShouldOwnClient=*/true);
  return CI;
}

void addFile(llvm::vfs::InMemoryFileSystem &Mem, const std::string &To,
             const std::string &From) {
  auto Buf = llvm::MemoryBuffer::getFile(From);
  if (!Buf) {
    llvm::errs() << "fuzz_directives: cannot read " << From << "\n";
    std::exit(1);
  }
  Mem.addFile(To, 0, std::move(*Buf));
}

// PROACT_SOURCE_DIR is set by CMake; PROACT_FUZZ_INCLUDE overrides it for a
// binary moved to another machine.
std::string includeDir() {
  if (const char *E = std::getenv("PROACT_FUZZ_INCLUDE"))
    return E;
  return PROACT_SOURCE_DIR "/include";
}

std::shared_ptr<CompilerInvocation>
makeInvocation(const std::vector<const char *> &Args) {
  IgnoringDiagConsumer Ignore;
  llvm::IntrusiveRefCntPtr<DiagnosticsEngine> Diags = makeDiagnostics(&Ignore);
  auto Inv = std::make_shared<CompilerInvocation>();
  if (!CompilerInvocation::CreateFromArgs(*Inv, Args, *Diags)) {
    llvm::errs() << "fuzz_directives: bad frontend arguments\n";
    std::exit(1);
  }
  return Inv;
}

// Runs the frontend once on Args (a precompiled header, at setup).
bool invoke(const std::vector<const char *> &Args, bool EmitPch) {
  std::unique_ptr<CompilerInstance> CI =
      makeInstance(makeInvocation(Args), makePrinter());
  GeneratePCHAction Action;
  return EmitPch && CI->ExecuteAction(Action) &&
         !CI->getDiagnostics().hasErrorOccurred();
}

void setUp() {
  H = new Harness;
  H->Verbose = std::getenv("PROACT_FUZZ_VERBOSE") != nullptr;
  H->Mem = new llvm::vfs::InMemoryFileSystem;
  const std::string Inc = includeDir();
  for (const char *F :
       {"proact.h", "proact/status.h", "proact/detail/codegen.h",
        "proact/detail/device_ready.h", "proact/detail/part_iters.h",
        "proact/detail/ready_types.h", "proact/detail/device_walk.h",
        "proact/detail/device_team.h", "proact/detail/device_protocol.h",
        "proact/detail/read_check.h", "proact/detail/team_fold.h"})
    addFile(*H->Mem, std::string("/fuzz/include/") + F, Inc + "/" + F);
  H->Mem->addFile("/fuzz/stub/stdio.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(
                      "typedef struct _IO_FILE FILE;\n"
                      "int printf(const char *, ...);\n"));
  H->Mem->addFile("/fuzz/stub/stddef.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(
                      "typedef unsigned long size_t;\n"
                      "typedef long ptrdiff_t;\n"
                      "#define NULL ((void *)0)\n"));
  H->Mem->addFile("/fuzz/stub/omp.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(
                      "int omp_get_thread_num(void);\n"
                      "int omp_get_num_threads(void);\n"
                      "int omp_get_team_num(void);\n"
                      "int omp_get_num_teams(void);\n"));
  // Only the in-memory files are visible: no stat of the real disk per run.
  H->FS = new llvm::vfs::OverlayFileSystem(H->Mem);
  H->Files = new FileManager(FileSystemOptions(), H->FS);

  H->Mem->addFile("/fuzz/prelude.h", 0,
                  llvm::MemoryBuffer::getMemBuffer("#include <proact.h>\n"));
  H->DiagOpts = decltype(H->DiagOpts)(new DiagnosticOptions);
  const std::vector<const char *> Common = {
      "-triple", "x86_64-unknown-linux-gnu", "-fopenmp",
      "-fopenmp-version=51", "-std=gnu11", "-nostdsysteminc",
      "-nobuiltininc", "-isystem", "/fuzz/stub", "-I", "/fuzz/include",
      "-ferror-limit", "20", "-fno-spell-checking", "-w"};
  // The headers are parsed once, into a precompiled header (the plugin's
  // handler runs for their '#pragma proact __contract' as it would in a
  // compilation); each run loads it lazily.
  llvm::SmallString<128> Pch;
  if (llvm::sys::fs::createTemporaryFile("proact-fuzz", "pch", Pch)) {
    llvm::errs() << "fuzz_directives: cannot create a temporary file\n";
    std::exit(1);
  }
  std::vector<const char *> PchArgs = Common;
  for (const char *A : {"-emit-pch", "-x", "c-header", "/fuzz/prelude.h",
                        "-o"})
    PchArgs.push_back(A);
  PchArgs.push_back(Pch.c_str());
  if (!invoke(PchArgs, /*EmitPch=*/true)) {
    llvm::errs() << "fuzz_directives: the headers do not compile\n";
    std::exit(1);
  }
  addFile(*H->Mem, "/fuzz/prelude.pch", std::string(Pch));
  llvm::sys::fs::remove(Pch);

  std::vector<const char *> Args = Common;
  for (const char *A :
       {"-fsyntax-only", "-include-pch", "/fuzz/prelude.pch", "-x", "c",
        MainFile})
    Args.push_back(A);
  H->Base = makeInvocation(Args);
}

void runOne(const uint8_t *Data, size_t Size) {
  std::string Src = Prelude;
  Src.append(reinterpret_cast<const char *>(Data), Size);
  Src += Postlude;

  auto Inv = std::make_shared<CompilerInvocation>(*H->Base);
  Inv->getPreprocessorOpts().addRemappedFile(
      MainFile, llvm::MemoryBuffer::getMemBufferCopy(Src, MainFile).release());
  Inv->getPreprocessorOpts().RetainRemappedFileBuffers = false;

  std::unique_ptr<CompilerInstance> CI = makeInstance(
      Inv, H->Verbose ? makePrinter() : new IgnoringDiagConsumer);
  SyntaxOnlyAction Action;
  CI->ExecuteAction(Action);
  // The remapped buffer is gone with this run; its FileEntry must not be
  // served from the cache to the next one.
  H->Files->clearStatCache();
}

// Whether In has ')' then '[' with a ':' before its ']': clang 22.1.8
// dereferences null in SemaOpenMP::ActOnOMPArraySectionExpr on a cast of a
// parenthesised expression taking an array section, '(long)(i)[0:n]', with
// or without the plugin (plain clang-22 -fopenmp -fsyntax-only crashes), so
// such an input would end the campaign on a crash that is not PROACT's.
bool sectionAfterParen(llvm::StringRef In) {
  for (size_t I = In.find(')'); I != llvm::StringRef::npos;
       I = In.find(')', I + 1)) {
    const size_t B = In.find_first_not_of(" \t\n\r", I + 1);
    if (B == llvm::StringRef::npos || In[B] != '[')
      continue;
    const size_t E = In.find(']', B);
    if (In.slice(B, E == llvm::StringRef::npos ? In.size() : E).contains(':'))
      return true;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setUp();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 4096) // long inputs only slow the search down
    return -1;
  // clang 22.1.8's own parser never returns from '(::x' in C (with or
  // without the plugin: 'return (::p);' hangs plain clang-22 -fsyntax-only),
  // so such an input would end the campaign as a timeout that is not
  // PROACT's. No directive or loop PROACT reads needs '::'. (No
  // regression input for it: test/lit/fuzz-regressions.c compiles every
  // one with clang, which would hang.)
  const llvm::StringRef In(reinterpret_cast<const char *>(Data), Size);
  if (In.contains("::") || sectionAfterParen(In))
    return -1;
  runOne(Data, Size);
  return 0;
}
