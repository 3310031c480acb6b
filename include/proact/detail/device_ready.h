/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Per-chunk readiness (docs/design/readiness.md): what the generated
 * kernels include, in parts by who compiles them. Shared with the host
 * (the runtime, the device layer, the CUDA poll agent): part_iters.h (a
 * part's iterations and blocks) and ready_types.h (the readiness state).
 * Device code of the kernels: device_walk.h (a team's walk over its
 * blocks), device_team.h (fences, team identities, clock, copies) and
 * device_protocol.h (the protocol). */
#ifndef PROACT_READY_H
#define PROACT_READY_H

#include "part_iters.h"
#include "device_walk.h"
#include "ready_types.h"
#include "device_team.h"
#include "device_protocol.h"

#endif /* PROACT_READY_H */
