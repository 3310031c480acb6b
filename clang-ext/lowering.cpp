#include "lowering.h"
#include "collapse.h"
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

} // namespace

Code lowerLoop(Preprocessor &PP, const Directive &D, const CanonicalLoop &L,
               const Tokens &Body, const BodyAccesses &A) {
  Where W = whereOf(PP, D.Loc);
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
  C << Dd + ".mech = " + num(D.Mech) + "; " + Dd + ".chunk = " +
           num(D.Chunk) + "LL; " + Dd + ".threads = " + num(D.Threads) + ";";
  C << devicesFields(D, Dd);
  C << Dd + ".narrays = " + num(D.Arrays.size()) + "; " + Dd +
           ".arrays = __proact_arrays;";
  C << Dd + ".nwrites = " + num(A.Writes.size()) + "; " + Dd +
           ".writes = __proact_writes;";
  C << Dd + ".nreads = " + num(A.Reads.size()) + "; " + Dd +
           ".reads = __proact_reads;";
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
  bool Declared = !L.Type.empty();
  std::string Omp = "omp target teams distribute parallel for "
                    "device(__proact_dev)" +
                    mapClause(D);
  if (!Declared)
    Omp += " private(" + L.VarName + ")";
  CollapsedNest Nest;
  bool Collapse = findCollapsibleNest(PP, L, Body, Nest);
  if (Collapse) // one thread per point: coalesced, and scales with devices
    Omp += " collapse(" + num((long long)Nest.Headers.size() + 1) + ")";
  C << "proact__loop_part_begin(__proact_loop, __proact_p);";
  C << "_Pragma(" + quoted(Omp) + ")";
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
      << "(__proact_first + __proact_klo);" << L.Var << "<= " << T
      << "(__proact_first + __proact_khi - 1); ++" << L.Var << ")";
  } else {
    C << "for (long long __proact_k = __proact_klo; __proact_k < "
         "__proact_khi; __proact_k++)";
  }
  for (const Tokens &H : Nest.Headers)
    C << H;
  C << "{";
  const std::string Value = "(__proact_first + __proact_k * __proact_step)";
  if (!UnitStep && Declared)
    C << L.Type << L.Var << "= (" << L.Type << ")" + Value + ";";
  else if (!UnitStep)
    C << L.Var << "= (__typeof__(" << L.Var << "))" + Value + ";";
  C << (Collapse ? Nest.Body : Body) << "}";
  C << "proact__loop_part_end(__proact_loop, __proact_p);";
  C << "}";
  C << "proact__loop_end(__proact_loop);";
  if (!Declared) // the sequential loop leaves its variable at the exit value
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
