#include "reduction.h"

namespace proact {
namespace {

std::string partials(size_t R) { return "__proact_red" + std::to_string(R); }

// The value a part's copy starts at.
std::string startValue(const Reduction &R) {
  if (R.Op == "+" || R.Op == "^" || R.Op == "|" || R.Op == "||")
    return "0";
  if (R.Op == "*" || R.Op == "&&")
    return "1";
  return R.Spelling; // max, min, &: idempotent, s itself is neutral
}

// "s = s op v" in C.
std::string fold(const Reduction &R, const std::string &V) {
  const std::string &S = R.Spelling;
  if (R.Op == "max")
    return "if (" + V + " > " + S + ") " + S + " = " + V + ";";
  if (R.Op == "min")
    return "if (" + V + " < " + S + ") " + S + " = " + V + ";";
  return S + " = " + S + " " + R.Op + " " + V + ";";
}

std::string clauses(const Directive &D) {
  std::string Out;
  for (const Reduction &R : D.Reductions)
    Out += " reduction(" + R.Op + ": " + R.Spelling + ")";
  return Out;
}

} // namespace

std::string reductionTargetClauses(const Directive &D) {
  if (D.Reductions.empty())
    return "";
  std::string Map = " map(tofrom:";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    Map += (R ? ", " : " ") + D.Reductions[R].Spelling;
  return Map + ")" + clauses(D);
}

std::string reductionParallelClauses(const Directive &D) {
  return clauses(D);
}

void emitReductionSetup(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << "__typeof__(" + D.Reductions[R].Spelling + ") " + partials(R) +
             "[__proact_np > 0 ? __proact_np : 1];";
  C << "for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << partials(R) + "[__proact_q] = " + startValue(D.Reductions[R]) + ";";
  C << "}";
}

// LLVM 16's libomp deadlocks when host threads run teams reductions at the
// same time and one has a single team while another has several (host
// offload, 2 devices, parts of 1 and 2 teams: every run hangs). A team with
// no block to walk costs nothing, so no part runs fewer than 2.
void emitReductionTeams(Code &C, const Directive &D) {
  if (!D.Reductions.empty())
    C << "if (__proact_nt < 2) __proact_nt = 2;";
}

void emitReductionEnter(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  C << "{";
  // __typeof__ reads the outer s: the new one is in scope only after its
  // declarator.
  for (size_t R = 0; R < D.Reductions.size(); ++R) {
    const std::string &S = D.Reductions[R].Spelling;
    C << "__typeof__(" + S + ") " + S + " = " + partials(R) + "[__proact_p];";
  }
}

void emitReductionLeave(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << partials(R) + "[__proact_p] = " + D.Reductions[R].Spelling + ";";
  C << "}";
}

void emitReductionCombine(Code &C, const Directive &D) {
  if (D.Reductions.empty())
    return;
  // Only parts that ran: a loop without iterations leaves s as it was (a
  // -0.0 sum plus a part's 0 would become +0.0).
  C << "for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) "
       "if (proact__loop_part_lo(__proact_loop, __proact_q) < "
       "proact__loop_part_hi(__proact_loop, __proact_q)) {";
  for (size_t R = 0; R < D.Reductions.size(); ++R)
    C << fold(D.Reductions[R], partials(R) + "[__proact_q]");
  C << "}";
}

} // namespace proact
