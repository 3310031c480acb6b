#include "reduction.h"

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
  if (R.Op == "^" || R.Op == "|" || R.Op == "||")
    return "0";
  // -0.0 is +'s identity in every real type: x + -0.0 == x even for x
  // = -0.0, which + 0 would turn into +0.0 (an integer gets 0).
  if (R.Op == "+")
    return "(__typeof__(" + R.Spelling + "))-0.0";
  if (R.Op == "*" || R.Op == "&&")
    return "1";
  return R.Spelling; // max, min, &: idempotent, s itself is neutral
}

// "Lhs = Lhs op V" in C.
std::string fold(const Reduction &R, const std::string &Lhs,
                 const std::string &V) {
  if (R.Op == "max")
    return "if (" + V + " > " + Lhs + ") " + Lhs + " = " + V + ";";
  if (R.Op == "min")
    return "if (" + V + " < " + Lhs + ") " + Lhs + " = " + V + ";";
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
void emitTreeFold(Code &C, const Directive &D) {
  C << "for (int __proact_eh = proact__fold_half(__proact_eT); __proact_eh "
       "> 0; __proact_eh >>= 1) {";
  C << "_Pragma(\"omp barrier\")";
  C << "if (__proact_et < __proact_eh && __proact_et + __proact_eh < "
       "__proact_eT) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << fold(D.Reductions[R], threadSlots(R) + "[__proact_et]",
              threadSlots(R) + "[__proact_et + __proact_eh]");
  C << "} }";
}

} // namespace

std::string reductionTargetClauses(const Directive &D) {
  if (D.Reductions.empty())
    return "";
  std::string Map = " is_device_ptr(__proact_sc) map(from:";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    Map += (R ? ", " : " ") + resultOf(R);
  return Map + ")";
}

void emitReductionSetup(Code &C, const Directive &D) {
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "__typeof__(" + D.Reductions[R].Spelling + ") " + partials(R) +
             "[__proact_np > 0 ? __proact_np : 1];";
}

void emitReductionEnter(Code &C, const Directive &D) {
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

void emitReductionThreadStart(Code &C, const Directive &D) {
  // The kernel never names the outer s: it is neither mapped nor captured.
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "__typeof__(" + startOf(R) + ") " + D.Reductions[R].Spelling +
             " = " + startOf(R) + ";";
}

void emitReductionThreadEnd(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  C << "{ const int __proact_et = omp_get_thread_num(), __proact_eT = "
       "omp_get_num_threads(), __proact_em = omp_get_team_num(), "
       "__proact_eM = omp_get_num_teams();";
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
  emitTreeFold(C, D);
  C << "if (__proact_et == 0) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << teamValues(R) + "[__proact_em] = " + threadSlots(R) + "[0];";
  C << "proact__fold_flags(__proact_sc)[__proact_em] = "
       "proact__fold_arrive(__proact_sc, __proact_eM); }";
  C << "_Pragma(\"omp barrier\")";
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
  emitTreeFold(C, D);
  C << "if (__proact_et == 0) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << resultOf(R) + " = " + threadSlots(R) + "[0];";
  C << "} } }";
}

void emitReductionLeave(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << partials(R) + "[__proact_p] = " + resultOf(R) + ";";
  C << "}";
}

void emitReductionCombine(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  // Only parts that ran: a loop without iterations leaves s as it was.
  C << "for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) "
       "if (proact__loop_part_lo(__proact_loop, __proact_q) < "
       "proact__loop_part_hi(__proact_loop, __proact_q)) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << fold(D.Reductions[R], D.Reductions[R].Spelling,
              partials(R) + "[__proact_q]");
  C << "}";
}

} // namespace proact
