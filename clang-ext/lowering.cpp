#include "lowering.h"
#include <cstdio>
#include "collapse.h"
#include "forward.h"
#include "proact/lowering.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace proact {
namespace {

std::string quoted(const std::string &S) {
  std::string R = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      R += '\\';
    R += C;
  }
  return R + "\"";
}

struct Where {
  std::string File;
  unsigned Line = 0, Col = 0;
};

Where whereOf(Preprocessor &PP, SourceLocation L) {
  PresumedLoc P = PP.getSourceManager().getPresumedLoc(L);
  Where W;
  if (P.isValid()) {
    W.File = P.getFilename();
    W.Line = P.getLine();
    W.Col = P.getColumn();
  }
  return W;
}

std::string num(long long V) { return std::to_string(V); }

// Fills `<var>[k]` proact__array_t fields for every section.
void emitArrays(Code &C, const std::vector<Section> &Arrays,
                const std::string &Var, const std::string &Field) {
  for (size_t A = 0; A < Arrays.size(); ++A) {
    const Section &S = Arrays[A];
    std::string Slot = Var + "[" + num(A) + "]" + Field;
    std::string Lo = "__proact_lo" + num(A), Len = "__proact_len" + num(A);
    C << "const long long " << Lo << " = ";
    C << (S.Lo.empty() ? Code("0LL") : Code::asLongLong(Code().add(S.Lo)));
    C << "; const long long " << Len << " = "
      << Code::asLongLong(Code().add(S.Len)) << ";";
    C << Slot + ".name = " + quoted(S.Spelling) + ";";
    C << Slot + ".base = (void *)(" << S.Name << ");";
    C << Slot + ".elem_size = sizeof((" << S.Name << ")[0]);";
    C << Slot + ".lo = " + Lo + "; " + Slot + ".len = " + Len + ";";
  }
}

std::string devicesInit(const Directive &D) {
  if (!D.HasDevices)
    return "";
  std::string S = "static const int __proact_devices[] = {";
  for (size_t I = 0; I < D.Devices.size(); ++I)
    S += (I ? ", " : "") + num(D.Devices[I]);
  return S + "};";
}

std::string devicesFields(const Directive &D, const std::string &Desc) {
  if (!D.HasDevices)
    return Desc + ".devices = 0; " + Desc + ".ndevices = 0;";
  return Desc + ".devices = __proact_devices; " + Desc +
         ".ndevices = " + num((long long)D.Devices.size()) + ";";
}

// The `map(alloc: a[lo:len], ...)` clause: the device's copy is already
// present (associated by the runtime), so this only binds the names to it.
// The section is the part's own: the whole section of a replicated array,
// the device's window of a distributed one.
std::string mapClause(const Directive &D) {
  std::string S = " map(alloc:";
  for (size_t A = 0; A < D.Arrays.size(); ++A)
    S += (A ? ", " : " ") + D.Arrays[A].Spelling + "[__proact_plo" + num(A) +
         ":__proact_plen" + num(A) + "]";
  return S + ")";
}

// Declares and fills __proact_plo<A> / __proact_plen<A> for part p.
void emitPartSections(Code &C, const Directive &D) {
  for (size_t A = 0; A < D.Arrays.size(); ++A) {
    std::string Lo = "__proact_plo" + num(A), Len = "__proact_plen" + num(A);
    C << "long long " + Lo + ", " + Len +
             "; proact__loop_part_section(__proact_loop, __proact_p, " +
             num(A) + ", &" + Lo + ", &" + Len + ");";
  }
}

// Declares and fills `proact__access_t Var[]` for the given accesses.
void emitAccesses(Preprocessor &PP, Code &C, const std::string &Var,
                  const std::vector<Access> &List) {
  C << "proact__access_t " + Var + "[" + num(List.empty() ? 1 : List.size()) +
           "];";
  for (size_t S = 0; S < List.size(); ++S) {
    const Access &X = List[S];
    Where SW = whereOf(PP, X.At.getLocation());
    std::string Slot = Var + "[" + num(S) + "]";
    C << Slot + ".array = " + num(X.Array) + "; " + Slot + ".empty = 0; " +
             Slot + ".whole = " + (X.Whole ? "1" : "0") + ";";
    C << Slot + ".line = " + num(SW.Line) + "; " + Slot +
             ".col = " + num(SW.Col) + ";";
    if (X.Whole) {
      C << Slot + ".coef = 0; " + Slot + ".off_min = 0; " + Slot +
               ".off_max = 0;";
      continue;
    }
    C << Slot + ".coef = " << Code::asLongLong(X.Coef) << ";";
    C << Slot + ".off_min = " << Code::asLongLong(X.Offset) << ";";
    if (X.Len.empty())
      C << Slot + ".off_max = " + Slot + ".off_min;";
    else // a reads(...) section; an empty one reads nothing
      C << Slot + ".off_max = " + Slot + ".off_min + " << Code::asLongLong(X.Len)
        << " - 1; if (" + Slot + ".off_max < " + Slot + ".off_min) " + Slot +
               ".empty = 1;";
    for (const InnerTerm &T : X.Inner)
      C << "proact__span_add(&" + Slot + ", " << Code::asLongLong(T.Coef)
        << ", " << Code::asLongLong(Code().add(T.Loop.First)) << ", "
        << Code::asLongLong(Code().add(T.Loop.Bound)) << ", "
        << Code::asLongLong(T.Loop.Step) << ", " + num(T.Loop.Cmp) + ");";
  }
}

// The team's share of one block: a worksharing loop over the block's
// iterations (and the collapsed inner loops) running Body.
void emitBlockLoop(Code &C, const CanonicalLoop &L, const CollapsedNest &Nest,
                   const std::string &For, const Code &Body) {
  bool Declared = !L.Type.empty();
  C << "_Pragma(" + quoted(For) + ")";
  // A declared variable stepping by +1 is the loop's own counter, in its own
  // type (32-bit index arithmetic for an int loop); otherwise the iteration
  // number k is counted and the variable recomputed from it.
  bool UnitStep = Declared && L.Step.pieces().size() == 1 &&
                  L.Step.pieces()[0].IsText &&
                  L.Step.pieces()[0].Text == "1" &&
                  (L.Cmp == PROACT__CMP_LT || L.Cmp == PROACT__CMP_LE);
  if (UnitStep) {
    // i <= last rather than i < last + 1, which could overflow the type.
    Code T = Code("(").add(L.Type).add(")");
    C << "for (" << L.Type << L.Var << "= " << T
      << "(__proact_first + __proact_blo);" << L.Var << "<= " << T
      << "(__proact_first + __proact_bhi - 1); ++" << L.Var << ")";
  } else {
    C << "for (long long __proact_k = __proact_blo; __proact_k < "
         "__proact_bhi; __proact_k++)";
  }
  for (const Tokens &H : Nest.Headers)
    C << H;
  C << "{";
  const std::string Value = "(__proact_first + __proact_k * __proact_step)";
  if (!UnitStep && Declared)
    C << L.Type << L.Var << "= (" << L.Type << ")" + Value + ";";
  else if (!UnitStep)
    C << L.Var << "= (__typeof__(" << L.Var << "))" + Value + ";";
  C << Body << "}";
}

// The part's kernel: teams take the part's blocks (proact__part_block:
// consecutive iterations; block b by team b mod teams, so blocks finish roughly in
// order and chunks become ready while the kernel runs); the threads of a
// team share a block one iteration each in turn (coalesced), collapsing the
// rectangular inner loops. With a readiness state, the team reports each
// finished block (proact/ready.h).
void emitKernel(Code &C, const Directive &D, const CanonicalLoop &L,
                const CollapsedNest &Nest, const Code &Body,
                const Code *Forwarding) {
  bool Declared = !L.Type.empty();
  std::string Target = "omp target teams num_teams(__proact_nt) "
                       "thread_limit(__proact_nth) device(__proact_dev)" +
                       mapClause(D) +
                       " is_device_ptr(__proact_rd) firstprivate(__proact_it)";
  std::string Parallel = "omp parallel num_threads(__proact_nth)";
  if (!Declared)
    Parallel += " private(" + L.VarName + ")";
  std::string For = "omp for schedule(static, 1) nowait";
  if (!Nest.Headers.empty())
    For += " collapse(" + num((long long)Nest.Headers.size() + 1) + ")";
  C << "_Pragma(" + quoted(Target) + ")";
  C << "_Pragma(" + quoted(Parallel) + ")";
  C << "{ for (long long __proact_b = omp_get_team_num(); __proact_b < "
       "__proact_nb; __proact_b += omp_get_num_teams()) {";
  C << "long long __proact_blo, __proact_bhi; "
       "proact__part_block(&__proact_it, __proact_b, &__proact_blo, "
       "&__proact_bhi);";
  if (Forwarding != nullptr) {
    // Only blocks whose chunks someone reads forward their stores; the
    // rest run the plain body (no per-store checks).
    C << "if (proact__ready_block_touches(__proact_rd, __proact_b)) {";
    emitBlockLoop(C, L, Nest, For, *Forwarding);
    C << "} else {";
    emitBlockLoop(C, L, Nest, For, Body);
    C << "}";
  } else {
    emitBlockLoop(C, L, Nest, For, Body);
  }
  C << "if (__proact_rd != 0) proact__ready_block_done(__proact_rd, "
       "__proact_b);";
  C << "} }";
}

} // namespace

Code lowerLoop(Preprocessor &PP, const Directive &D, const CanonicalLoop &L,
               const Tokens &Body, const BodyAccesses &A) {
  Where W = whereOf(PP, D.Loc);
  CollapsedNest Nest;
  const Tokens &KernelBody =
      findCollapsibleNest(PP, L, Body, Nest) ? Nest.Body : Body;
  Code Forwarding;
  bool AnyWhole = false; // a non-affine store: one device, memcpy
  for (const Access &X : A.Writes)
    AnyWhole |= X.Whole;
  bool InlineOk = !AnyWhole && forwardingBody(KernelBody, A.Writes, Forwarding);
  Code C;
  C << "{";
  C << "proact__array_t __proact_arrays[" + num(D.Arrays.size()) + "];";
  emitArrays(C, D.Arrays, "__proact_arrays", "");
  emitAccesses(PP, C, "__proact_writes", A.Writes);
  emitAccesses(PP, C, "__proact_reads", A.Reads);
  C << devicesInit(D);
  const std::string Dd = "__proact_desc";
  C << "proact__loop_desc_t " + Dd + ";";
  C << Dd + ".file = " + quoted(W.File) + "; " + Dd + ".line = " +
           num(W.Line) + "; " + Dd + ".col = " + num(W.Col) + ";";
  C << Dd + ".first = " << Code::asLongLong(Code().add(L.First)) << ";";
  C << Dd + ".step = " << Code::asLongLong(L.Step) << ";";
  C << Dd + ".trip = proact__trip_count(" + Dd + ".first, "
    << Code::asLongLong(Code().add(L.Bound))
    << ", " + Dd + ".step, " + num(L.Cmp) + ", " + Dd + ".file, " + Dd +
           ".line);";
  C << Dd + ".decomp = " + num(D.Decomp) + "; " + Dd + ".decomp_block = ";
  if (!D.DecompBlock.empty())
    C << Code::asLongLong(Code().add(D.DecompBlock)) << ";";
  else
    C << std::string(D.Decomp == PROACT__DECOMP_BLOCK_CYCLIC ? "1" : "0") +
             ";";
  C << Dd + ".mech = " + num(D.Mech) + "; " + Dd + ".chunk = " +
           num(D.Chunk) + "LL; " + Dd + ".threads = " + num(D.Threads) + ";";
  C << devicesFields(D, Dd);
  C << Dd + ".narrays = " + num(D.Arrays.size()) + "; " + Dd +
           ".arrays = __proact_arrays;";
  C << Dd + ".nwrites = " + num(A.Writes.size()) + "; " + Dd +
           ".writes = __proact_writes;";
  C << Dd + ".nreads = " + num(A.Reads.size()) + "; " + Dd +
           ".reads = __proact_reads;";
  C << Dd + ".inner_trip = 1LL";
  for (const CanonicalLoop &In : Nest.Loops)
    C << " * proact__trip_count("
      << Code::asLongLong(Code().add(In.First)) << ", "
      << Code::asLongLong(Code().add(In.Bound)) << ", "
      << Code::asLongLong(In.Step) << ", " + num(In.Cmp) + ", " + Dd +
             ".file, " + Dd + ".line)";
  C << ";";
  C << Dd + ".inline_ok = " + std::string(InlineOk ? "1" : "0") + ";";
  {
    char Hex[32];
    snprintf(Hex, sizeof(Hex), "0x%016llxULL", D.Id);
    C << Dd + ".id = " + std::string(Hex) + ";";
  }
  C << "proact__loop_t *__proact_loop = proact__loop_begin(&" + Dd + ");";
  C << "const long long __proact_first = " + Dd +
           ".first, __proact_step = " + Dd + ".step;";
  // One host thread per part, each running its device's kernel to the end:
  // the kernels of all devices run at the same time, and the loop's implicit
  // barrier is the completion point. (`target nowait` + `taskwait` outside a
  // parallel region intermittently aborts in LLVM 16's libomp.)
  C << "const int __proact_np = proact__loop_nparts(__proact_loop);";
  C << "_Pragma(\"omp parallel for num_threads(__proact_np) schedule(static, "
       "1) if(__proact_np > 1)\")";
  C << "for (int __proact_p = 0; __proact_p < __proact_np; __proact_p++) {";
  C << "const int __proact_dev = proact__loop_part_device(__proact_loop, "
       "__proact_p);";
  C << "const long long __proact_klo = proact__loop_part_lo(__proact_loop, "
       "__proact_p);";
  C << "const long long __proact_khi = proact__loop_part_hi(__proact_loop, "
       "__proact_p);";
  C << "if (__proact_klo >= __proact_khi) continue;";
  emitPartSections(C, D);
  C << "int __proact_nt, __proact_nth, __proact_fwd; proact__part_iters_t "
       "__proact_it; long long __proact_nb; proact__ready_t *__proact_rd;";
  C << "proact__loop_part_kernel(__proact_loop, __proact_p, &__proact_nt, "
       "&__proact_nth, &__proact_it, &__proact_nb, &__proact_rd, "
       "&__proact_fwd);";
  C << "proact__loop_part_begin(__proact_loop, __proact_p);";
  if (InlineOk) { // mech(inline): the forwarding kernel
    C << "if (__proact_fwd) {";
    emitKernel(C, D, L, Nest, Code().add(KernelBody), &Forwarding);
    C << "} else {";
  }
  emitKernel(C, D, L, Nest, Code().add(KernelBody), nullptr);
  if (InlineOk)
    C << "}";
  C << "proact__loop_part_end(__proact_loop, __proact_p);";
  C << "}";
  C << "proact__loop_end(__proact_loop);";
  if (L.Type.empty()) // the sequential loop leaves its variable at the exit value
    C << L.Var << "= (__typeof__(" << L.Var
      << "))(__proact_first + " + Dd + ".trip * __proact_step);";
  C << "}";
  return C;
}

Code lowerData(Preprocessor &PP, const Directive &D) {
  Where W = whereOf(PP, D.Loc);
  Code C;
  C << "for (proact__data_t *__proact_data = ({";
  C << "proact__map_t __proact_maps[" + num(D.Arrays.size()) + "];";
  emitArrays(C, D.Arrays, "__proact_maps", ".array");
  for (size_t A = 0; A < D.Arrays.size(); ++A)
    C << "__proact_maps[" + num(A) + "].kind = " +
             num(D.Arrays[A].MapKind) + "; __proact_maps[" + num(A) +
             "].distribute = " + (D.Arrays[A].Distribute ? "1" : "0") + ";";
  C << devicesInit(D);
  const std::string Dd = "__proact_ddesc";
  C << "proact__data_desc_t " + Dd + ";";
  C << Dd + ".file = " + quoted(W.File) + "; " + Dd + ".line = " +
           num(W.Line) + "; " + Dd + ".col = " + num(W.Col) + ";";
  C << devicesFields(D, Dd);
  C << Dd + ".nmaps = " + num(D.Arrays.size()) + "; " + Dd +
           ".maps = __proact_maps;";
  C << "proact__data_begin(&" + Dd + "); });";
  C << "__proact_data; proact__data_end(__proact_data), __proact_data = 0)";
  return C;
}

} // namespace proact
