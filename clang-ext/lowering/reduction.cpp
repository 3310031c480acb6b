// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "reduction.h"
#include "diagnostics.h"

namespace proact {
namespace {

std::string numbered(const char *Prefix, size_t R) {
  return Prefix + std::to_string(R);
}
// The parts' values (host), a part's start value and result (host, the
// result mapped from the device), a team's values and its threads' slots,
// and the last team's accumulator (device).
std::string partials(size_t R) { return numbered("__proact_red", R); }
std::string startOf(size_t R) { return numbered("__proact_in", R); }
std::string resultOf(size_t R) { return numbered("__proact_out", R); }
std::string teamValues(size_t R) { return numbered("__proact_ev", R); }
std::string threadSlots(size_t R) { return numbered("__proact_es", R); }
std::string lastAcc(size_t R) { return numbered("__proact_ea", R); }

// The value a part's and a thread's copy start at.
std::string startValue(const Reduction &R) {
  if (R.Op == "^" || R.Op == "|")
    return "0";
  // -0.0 is +'s identity in every real type: x + -0.0 == x even for x
  // = -0.0, which + 0 would turn into +0.0 (an integer gets 0). Negating
  // a zero of s's type makes both parts of a complex -0.0 too.
  if (R.Op == "+")
    return "(__typeof__(" + R.Spelling + "))-(__typeof__(" + R.Spelling +
           "))0";
  if (R.Op == "*")
    return "1";
  // OpenMP's && / || start the copies at the identity and always leave s
  // 0 or 1: a spread construct keeps that.
  if (inSpreadTrial() && (R.Op == "&&" || R.Op == "||"))
    return R.Op == "&&" ? "1" : "0";
  // max, min, &: idempotent, s itself is neutral. && and ||: an update
  // makes a copy 0 or 1, so one that still holds an s other than those
  // saw none (fold()).
  return R.Spelling;
}

// "Lhs = Lhs op V" in C. A max or min takes V over a NaN, as fmax does:
// a copy that started at a NaN s and saw no iteration (or whose updates
// compare, so that a NaN never wins) must not hide the others' values.
std::string fold(const Reduction &R, const std::string &Lhs,
                 const std::string &V) {
  if (R.Op == "max")
    return "if (" + V + " > " + Lhs + " || " + Lhs + " != " + Lhs + ") " +
           Lhs + " = " + V + ";";
  if (R.Op == "min")
    return "if (" + V + " < " + Lhs + " || " + Lhs + " != " + Lhs + ") " +
           Lhs + " = " + V + ";";
  // An && / || copy other than 0 or 1 saw no update (the copies start at
  // the variable's value): it leaves the other side as it is.
  if ((R.Op == "&&" || R.Op == "||") && !inSpreadTrial())
    return "if (" + V + " == 0 || " + V + " == 1) " + Lhs + " = " + Lhs +
           " == 0 || " + Lhs + " == 1 ? " + Lhs + " " + R.Op + " " + V +
           " : " + V + ";";
  return Lhs + " = " + Lhs + " " + R.Op + " " + V + ";";
}

// Scratch bytes per slot of the variables before R (team_fold.h).
std::string slotBytesBefore(size_t R) {
  std::string Out = "(size_t)0";
  for (size_t J = 0; J < R; ++J)
    Out += " + PROACT__FOLD_SLOT(sizeof(" + startOf(J) + "))";
  return Out;
}

// The team's threads fold slots [0, __proact_eT) of every variable
// pairwise into slot 0, a barrier before each round.
void emitTreeFold(Code &C, const Directive &D, const KernelIds &Ids) {
  C << "for (int __proact_eh = proact__fold_half(__proact_eT); __proact_eh "
       "> 0; __proact_eh >>= 1) {";
  C << Ids.Sync;
  C << "if (__proact_et < __proact_eh && __proact_et + __proact_eh < "
       "__proact_eT) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << fold(D.Reductions[R], threadSlots(R) + "[__proact_et]",
              threadSlots(R) + "[__proact_et + __proact_eh]");
  C << "} }";
}

std::string scalarTargetClauses(const Directive &D) {
  if (D.Reductions.empty())
    return "";
  std::string Map = " is_device_ptr(__proact_sc) map(from:";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    Map += (R ? ", " : " ") + resultOf(R);
  return Map + ")";
}

void emitScalarSetup(Code &C, const Directive &D) {
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "__typeof__(" + D.Reductions[R].Spelling + ") " + partials(R) +
             "[__proact_np > 0 ? __proact_np : 1];";
}

void emitScalarEnter(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  C << "{";
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    C << "__typeof__(" + Red.Spelling + ") " + startOf(R) + " = " +
             startValue(Red) + ", " + resultOf(R) + ";";
  }
  C << "char *const __proact_sc = proact__loop_part_reduction(__proact_loop, "
       "__proact_p, " +
           slotBytesBefore(D.Reductions.size()) +
           ", &__proact_nt, __proact_nth);";
}

void emitScalarThreadStart(Code &C, const Directive &D) {
  // The kernel never names the outer s: it is neither mapped nor captured.
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "__typeof__(" + startOf(R) + ") " + D.Reductions[R].Spelling +
             " = " + startOf(R) + ";";
}

void emitScalarThreadEnd(Code &C, const Directive &D, const KernelIds &Ids) {
  if (D.Reductions.empty())
    return;
  C << std::string("{ const int __proact_et = ") + Ids.Thread +
           ", __proact_eT = " + Ids.Threads + ", __proact_em = " + Ids.Team +
           ", __proact_eM = " + Ids.Teams + ";";
  // Where the threads fold (team_fold.h) depends on all variables' bytes.
  const std::string All = slotBytesBefore(D.Reductions.size());
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const std::string T = "__typeof__(" + startOf(R) + ")";
    C << T + " *const " + teamValues(R) + " = (" + T +
             " *)proact__fold_slots(__proact_sc, __proact_nt, "
             "PROACT__FOLD_SCRATCH_THREADS(" + All + ", __proact_nth), " +
             slotBytesBefore(R) + "); PROACT__FOLD_TEAM_SLOTS(" + T + ", " +
             threadSlots(R) + ", " + teamValues(R) +
             " + __proact_nt + (size_t)__proact_em * __proact_nth, " + All +
             ", __proact_nth);";
    C << threadSlots(R) + "[__proact_et] = " + D.Reductions[R].Spelling + ";";
  }
  emitTreeFold(C, D, Ids);
  C << "if (__proact_et == 0) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << teamValues(R) + "[__proact_em] = " + threadSlots(R) + "[0];";
  C << "proact__fold_flags(__proact_sc)[__proact_em] = "
       "proact__fold_arrive(__proact_sc, __proact_eM); }";
  C << Ids.Sync;
  // The last team folds the team values, each thread a stride of them in
  // team order, then the threads' results as above.
  C << "if (proact__fold_flags(__proact_sc)[__proact_em]) { "
       "proact__fold_acquire();";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "__typeof__(" + startOf(R) + ") " + lastAcc(R) + " = " + startOf(R) +
             ";";
  C << "for (int __proact_eu = __proact_et; __proact_eu < __proact_eM; "
       "__proact_eu += __proact_eT) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << fold(D.Reductions[R], lastAcc(R), teamValues(R) + "[__proact_eu]");
  C << "}";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << threadSlots(R) + "[__proact_et] = " + lastAcc(R) + ";";
  emitTreeFold(C, D, Ids);
  C << "if (__proact_et == 0) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << resultOf(R) + " = " + threadSlots(R) + "[0];";
  C << "} } }";
}

void emitScalarLeave(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << partials(R) + "[__proact_p] = " + resultOf(R) + ";";
  C << "}";
}

void emitScalarCombine(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  // Other ranks' parts' values first (several MPI ranks), so that every
  // rank folds the same values in the same order.
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "proact__loop_share(__proact_loop, (void *)" + partials(R) +
             ", sizeof(" +
             partials(R) + "[0]));";
  // Only parts that ran: a loop without iterations leaves s as it was.
  C << "for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) "
       "if (proact__loop_part_lo(__proact_loop, __proact_q) < "
       "proact__loop_part_hi(__proact_loop, __proact_q)) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << fold(D.Reductions[R], D.Reductions[R].Spelling,
              partials(R) + "[__proact_q]");
  C << "}";
}

} // namespace

// Array reductions, reduction(op: h[lo:len]) (proact/detail/codegen.h):
// every thread of a part's kernel has its own copy of each section, in
// the part's device memory __proact_ab (copy c at c * __proact_acb, the
// section of reduction R at __proact_aoff<R> in it), started at op's
// identity by a kernel before the part's kernels; after them a kernel
// folds the copies element by element in copy order into copy 0, whose
// sections go to the host (__proact_ap<R>, one per part), and after the
// loop the host folds the parts into h in part order.
namespace {

std::string elemType(size_t R) { return numbered("__proact_at", R); }
std::string arrayLo(size_t R) { return numbered("__proact_alo", R); }
std::string arrayLen(size_t R) { return numbered("__proact_alen", R); }
std::string arrayOff(size_t R) { return numbered("__proact_aoff", R); }
std::string arrayParts(size_t R) { return numbered("__proact_ap", R); }

// && and || arrays: their copies start at h's values (startsOf).
bool logicalArray(const Reduction &R) {
  return R.IsArray && (R.Op == "&&" || R.Op == "||") && !inSpreadTrial();
}
bool hasLogicalArray(const Directive &D) {
  for (const Reduction &R : D.Reductions)
    if (logicalArray(R))
      return true;
  return false;
}
// Host memory past the parts' results holding h[lo:len] before the loop.
std::string startsOf(size_t R) { return numbered("__proact_as", R); }

bool hasArray(const Directive &D) {
  for (const Reduction &R : D.Reductions)
    if (R.IsArray)
      return true;
  return false;
}

// The directive with its scalar reductions only, for the scalar lowering.
Directive scalarsOf(const Directive &D) {
  Directive S = D;
  S.Reductions.clear();
  for (const Reduction &R : D.Reductions)
    if (!R.IsArray)
      S.Reductions.push_back(R);
  return S;
}

// Op's identity in element type T.
std::string arrayIdentity(const Reduction &R, const std::string &T) {
  if (R.Op == "+")
    return "(" + T + ")-(" + T + ")0"; // as for scalars: x + -0.0 == x
  if (R.Op == "*" || R.Op == "&&")
    return "(" + T + ")1";
  if (R.Op == "&")
    return "(" + T + ")~(" + T + ")0";
  if (R.Op == "max")
    return "(" + T + ")PROACT__LOWEST((" + T + ")0)";
  if (R.Op == "min")
    return "(" + T + ")PROACT__HIGHEST((" + T + ")0)";
  return "(" + T + ")0"; // | ^ ||
}

// Copy Copy's section of reduction R, as an lvalue array.
std::string copyOf(size_t R, const std::string &Copy) {
  return "((" + elemType(R) + " *)(__proact_ab + (size_t)(" + Copy +
         ") * __proact_acb + " + arrayOff(R) + "))";
}

// A kernel over X in [0, N) of the part's geometry, shaped like the
// part's kernels (target teams + parallel, a plain strided loop): LLVM 16's
// host devices abort on a combined `distribute parallel for` launched
// from the parts' one-thread parallel region.
void openArrayKernel(Code &C, const std::string &X, const std::string &N,
                     const std::string &Maps = "") {
  C << "_Pragma(\"omp target teams num_teams(__proact_nt) "
       "thread_limit(__proact_nth) device(__proact_dev) "
       "is_device_ptr(__proact_ab)" + Maps + "\")";
  C << "_Pragma(\"omp parallel num_threads(__proact_nth)\")";
  C << "for (long long " + X +
           " = (long long)omp_get_team_num() * omp_get_num_threads() + "
           "omp_get_thread_num(); " + X + " < " + N + "; " + X +
           " += (long long)omp_get_num_teams() * omp_get_num_threads())";
}

void emitArraySetup(Code &C, const Directive &D) {
  std::string Total = "(size_t)0";
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    if (!Red.IsArray)
      continue;
    C << "typedef __typeof__((" << Red.Var << ")[0]) " + elemType(R) + ";";
    C << "const long long " + arrayLo(R) + " = ";
    C << (Red.Lo.empty() ? Code("0LL") : Code::asLongLong(Code().add(Red.Lo)));
    C << ", " + arrayLen(R) + " = " << Code::asLongLong(Code().add(Red.Len))
      << ";";
    C << "const size_t " + arrayOff(R) + " = " + Total + ";";
    Total = arrayOff(R) + " + PROACT__FOLD_SLOT((size_t)(" + arrayLen(R) +
            " > 0 ? " + arrayLen(R) + " : 0) * sizeof(" + elemType(R) + "))";
  }
  // The sections, checked before their bytes are counted, and for the
  // errors of the checked updates (read_check.h).
  C << "const proact__array_t __proact_asec[" + numbered("", D.Reductions.size()) +
           "] = {";
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    C << std::string(R ? ", " : "") + "{";
    if (Red.IsArray)
      C << "\"" + Red.Spelling + "\", (void *)(" << Red.Var
        << "), sizeof(" + elemType(R) + "), " + arrayLo(R) + ", " +
               arrayLen(R);
    else
      C << "0, 0, 0, 0, 0";
    C << "}";
  }
  C << "}; proact__loop_array_sections(__proact_loop, __proact_asec, " +
           numbered("", D.Reductions.size()) + ");";
  C << "const size_t __proact_acb = " + Total +
           "; proact__loop_array_check(__proact_loop, __proact_acb);";
  const bool Starts = hasLogicalArray(D);
  C << "char *const __proact_apb = proact__loop_array_partials(__proact_loop, "
       "(size_t)(__proact_np > 0 ? __proact_np : 1) * __proact_acb" +
           std::string(Starts ? " + __proact_acb" : "") + ");";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    if (D.Reductions[R].IsArray)
      C << elemType(R) + " *const " + arrayParts(R) + " = (" + elemType(R) +
               " *)(__proact_apb + (size_t)(__proact_np > 0 ? __proact_np "
               ": 1) * " + arrayOff(R) + ");";
  // An && or || update makes a copy's element 0 or 1: a copy that starts
  // at h's value and still holds one that is neither saw no update, which
  // the folds then skip (fold()). h's current value, taken before the
  // parts, is where the devices' copies start.
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    if (!logicalArray(Red))
      continue;
    C << elemType(R) + " *const " + startsOf(R) + " = (" + elemType(R) +
             " *)(__proact_apb + (size_t)(__proact_np > 0 ? __proact_np : "
             "1) * __proact_acb + " + arrayOff(R) + ");";
    C << "proact__loop_array_fetch(__proact_loop, \"" + Red.Spelling +
             "\", (void *)(" << Red.Var << "), sizeof(" + elemType(R) +
               "), " + arrayLo(R) + ", " + arrayLen(R) + ");";
    C << "for (long long __proact_aj = 0; __proact_aj < " + arrayLen(R) +
             "; __proact_aj++) " + startsOf(R) + "[__proact_aj] = ("
      << Red.Var << ")[" + arrayLo(R) + " + __proact_aj];";
  }
}

// Before the part's other reduction set-up: its copies (which may lower
// __proact_nt and __proact_nth).
void emitArrayCopies(Code &C) {
  C << "char *const __proact_ab = proact__loop_part_array_reduction("
       "__proact_loop, __proact_p, __proact_acb, &__proact_nt, "
       "&__proact_nth);";
}

// After it: the copies start at the identity.
void emitArrayInit(Code &C, const Directive &D) {
  C << "const long long __proact_anc = (long long)__proact_nt * "
       "__proact_nth;";
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    if (!Red.IsArray)
      continue;
    openArrayKernel(C, "__proact_ax", "__proact_anc * " + arrayLen(R),
                    logicalArray(Red) ? " map(to: " + startsOf(R) + "[0:" +
                                            arrayLen(R) + "])"
                                      : "");
    C << copyOf(R, "__proact_ax / " + arrayLen(R)) + "[__proact_ax % " +
             arrayLen(R) + "] = " +
             (logicalArray(Red)
                  ? startsOf(R) + "[__proact_ax % " + arrayLen(R) + "]"
                  : arrayIdentity(Red, elemType(R))) +
             ";";
  }
}

// At the start of a kernel's parallel region: h is the thread's copy.
void emitArrayThreadStart(Code &C, const Directive &D) {
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    if (Red.IsArray)
      C << elemType(R) + " *const " + Red.CName + " = " +
               copyOf(R, "(size_t)omp_get_team_num() * (size_t)__proact_nth "
                         "+ (size_t)omp_get_thread_num()") +
               " - " + arrayLo(R) + ";";
  }
}

// After the part's kernels: the copies folded into copy 0, in copy order,
// and its sections to the host.
void emitArrayFold(Code &C, const Directive &D) {
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    if (!Red.IsArray)
      continue;
    openArrayKernel(C, "__proact_aj", arrayLen(R));
    C << "{";
    C << elemType(R) + " __proact_aa = " + copyOf(R, "0") + "[__proact_aj];";
    C << "for (long long __proact_ac = 1; __proact_ac < __proact_anc; "
         "__proact_ac++) {";
    C << fold(Red, "__proact_aa", copyOf(R, "__proact_ac") + "[__proact_aj]");
    C << "}";
    C << copyOf(R, "0") + "[__proact_aj] = __proact_aa; }";
    C << "proact__loop_part_array_result(__proact_loop, __proact_p, " +
             arrayParts(R) + " + (size_t)__proact_p * (size_t)" + arrayLen(R) +
             ", " + copyOf(R, "0") + ", (size_t)" + arrayLen(R) +
             " * sizeof(" + elemType(R) + "));";
  }
}

// After the parts: h = h op part 0's op part 1's ..., where h is current.
void emitArrayCombine(Code &C, const Directive &D) {
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const Reduction &Red = D.Reductions[R];
    if (!Red.IsArray)
      continue;
    Code Args;
    Args << "(__proact_loop, \"" + Red.Spelling + "\", (void *)(" << Red.Var
         << "), sizeof(" + elemType(R) + "), " + arrayLo(R) + ", " +
                arrayLen(R) + ");";
    C << "proact__loop_array_fetch" << Args;
    C << "proact__loop_share(__proact_loop, (void *)" + arrayParts(R) +
             ", (size_t)(" + arrayLen(R) + " > 0 ? " + arrayLen(R) +
             " : 0) * sizeof(" + elemType(R) + "));";
    C << "for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) "
         "if (proact__loop_part_lo(__proact_loop, __proact_q) < "
         "proact__loop_part_hi(__proact_loop, __proact_q)) "
         "for (long long __proact_aj = 0; __proact_aj < " +
             arrayLen(R) + "; __proact_aj++) {";
    Code Elem;
    Elem << "(" << Red.Var << ")[" + arrayLo(R) + " + __proact_aj]";
    const std::string Part = arrayParts(R) + "[(size_t)__proact_q * (size_t)" +
                             arrayLen(R) + " + (size_t)__proact_aj]";
    // fold() on text; the element keeps the user's token for h. An array's
    // max / min updates compare, so an element that is NaN stays NaN, as
    // it does in the sequential loop (the copies never hold a NaN).
    if (Red.Op == "max" || Red.Op == "min")
      C << "if (" + Part + (Red.Op == "max" ? " > " : " < ") << Elem
        << ") " << Elem << " = " + Part + ";";
    else if (logicalArray(Red))
      C << "if (" + Part + " == 0 || " + Part + " == 1) " << Elem << " = "
        << Elem << " == 0 || " << Elem << " == 1 ? " << Elem
        << " " + Red.Op + " " + Part + " : " + Part + ";";
    else
      C << Elem << " = " << Elem << " " + Red.Op + " " + Part + ";";
    C << "}";
    C << "proact__loop_array_publish" << Args;
  }
}

} // namespace

std::string reductionTargetClauses(const Directive &D) {
  return scalarTargetClauses(scalarsOf(D)) +
         (hasArray(D) ? " is_device_ptr(__proact_ab)" : "");
}

void emitReductionSetup(Code &C, const Directive &D) {
  emitScalarSetup(C, scalarsOf(D));
  if (hasArray(D))
    emitArraySetup(C, D);
}

void emitReductionEnter(Code &C, const Directive &D) {
  if (hasArray(D))
    emitArrayCopies(C);
  emitScalarEnter(C, scalarsOf(D));
  if (hasArray(D))
    emitArrayInit(C, D);
}

void emitReductionThreadStart(Code &C, const Directive &D) {
  emitScalarThreadStart(C, scalarsOf(D));
  emitArrayThreadStart(C, D);
}

void emitReductionThreadEnd(Code &C, const Directive &D,
                            const KernelIds &Ids) {
  emitScalarThreadEnd(C, scalarsOf(D), Ids);
}

void emitReductionLeave(Code &C, const Directive &D) {
  if (hasArray(D))
    emitArrayFold(C, D);
  emitScalarLeave(C, scalarsOf(D));
}

void emitReductionCombine(Code &C, const Directive &D) {
  emitScalarCombine(C, scalarsOf(D));
  emitArrayCombine(C, D);
}

bool hasArrayReduction(const Directive &D) { return hasArray(D); }

} // namespace proact
