/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The mechanisms' PROACT_* parameters (support/param.h), registered by
 * this layer before main. */
#ifndef PROACT_MECH_PARAM_H
#define PROACT_MECH_PARAM_H

#include "param.h"

/* PROACT_WATCHDOG_MS (milliseconds) and PROACT_READY_CHECK (0 or 1). */
extern const proact__param_t proact__param_watchdog_ms,
    proact__param_ready_check;
#define PROACT__PARAM_WATCHDOG_MS (&proact__param_watchdog_ms)
#define PROACT__PARAM_READY_CHECK (&proact__param_ready_check)

#endif
