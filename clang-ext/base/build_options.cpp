// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "build_options.h"
#include "proact.h"

namespace proact {
namespace {

// Mechanism names in proact_mech_t order (include/proact.h).
const char *const MechNames[] = {"memcpy", "inline", "poll",
                                 "trigger", "dma",   "auto"};
ReadCheckMode TheReadCheck = ReadCheckMode::Runtime;
bool Instrumented = true, Forwarding = true;
std::string MechanismsArg;
bool Spread = false;

} // namespace

const char *mechName(int M) {
  return M >= 0 && M < (int)(sizeof(MechNames) / sizeof(*MechNames))
             ? MechNames[M]
             : nullptr;
}

void setReadCheckMode(ReadCheckMode M) { TheReadCheck = M; }
ReadCheckMode readCheckMode() { return TheReadCheck; }

bool setMechanisms(const std::string &List, std::string &Bad) {
  bool Instr = false, Fwd = false;
  size_t B = 0;
  while (B <= List.size()) {
    size_t E = List.find(',', B);
    if (E == std::string::npos)
      E = List.size();
    const std::string Name = List.substr(B, E - B);
    int M = -1;
    for (int K = 0; mechName(K) != nullptr; ++K)
      if (Name == mechName(K))
        M = K;
    if (M < 0 || M == PROACT_MECH_AUTO) {
      Bad = Name;
      return false;
    }
    Instr |= M == PROACT_MECH_POLL || M == PROACT_MECH_TRIGGER ||
             M == PROACT_MECH_DMA;
    Fwd |= M == PROACT_MECH_INLINE;
    B = E + 1;
  }
  Instrumented = Instr;
  Forwarding = Fwd;
  MechanismsArg = List;
  return true;
}

bool mechanismBuilt(int M) {
  switch (M) {
  case PROACT_MECH_POLL:
  case PROACT_MECH_TRIGGER:
  case PROACT_MECH_DMA:
    return Instrumented;
  case PROACT_MECH_INLINE:
    return Forwarding;
  default:
    return true;
  }
}

const std::string &mechanismsArg() { return MechanismsArg; }

bool setOpenMPMode(const std::string &Value) {
  if (Value != "spread" && Value != "off")
    return false;
  Spread = Value == "spread";
  return true;
}

bool openMPSpreadOn() { return Spread; }

} // namespace proact
