/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The mechanisms' PROACT_* parameters (mech_param.h). */
#include <stdio.h>

#include "check.h"
#include "mech_param.h"

static proact_status_t parse_watchdog(const char *text,
                                      proact__param_value_t *value_p,
                                      char *why, size_t why_len) {
  PROACT_CHECK(proact__param_parse_plain(text, 1, 86400000, "milliseconds",
                                         value_p, why, why_len));
  if (value_p->i == 0) {
    snprintf(why, why_len, "0 would stop every agent at once");
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

const proact__param_t proact__param_watchdog_ms = {
    11, "PROACT_WATCHDOG_MS", "2000", "1 to 86400000",
    "an agent that still waits for a chunk this long after the part's "
    "kernel ended reports a stall naming the loop, device and chunk, "
    "and the program ends (a kernel that runs long is not a stall)",
    parse_watchdog};
PROACT__PARAM_REGISTER(proact__param_watchdog_ms)

const proact__param_t proact__param_ready_check = {
    15, "PROACT_READY_CHECK", "0", "0 or 1",
    "1: after each execution of a loop with readiness counters, read "
    "its state back and stop with an error unless every counter, "
    "owner and queue slot is back at its initial value (a test aid)",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_ready_check)
