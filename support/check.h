/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Status-checking macros (NCCL checks.h style). An error is logged once,
 * where it is first found; these macros only propagate it. */
#ifndef PROACT_BASE_CHECK_H
#define PROACT_BASE_CHECK_H

#include "proact/status.h"

/* Returns the status of expr from the enclosing function if it is an
 * error. */
#define PROACT_CHECK(expr)                                                    \
  do {                                                                        \
    proact_status_t proact_check_st_ = (expr);                                \
    if (proact_check_st_ < 0)                                                 \
      return proact_check_st_;                                                \
  } while (0)

/* Stores the status of expr in status and jumps to label if it is an
 * error (unwind with err_free_x: labels in reverse order). */
#define PROACT_CHECK_GOTO(expr, status, label)                                \
  do {                                                                        \
    (status) = (expr);                                                        \
    if ((status) < 0)                                                         \
      goto label;                                                             \
  } while (0)

/* For cleanup paths: runs expr and keeps the first error in status. */
#define PROACT_CHECK_KEEP(expr, status)                                       \
  do {                                                                        \
    proact_status_t proact_check_st_ = (expr);                                \
    if (proact_check_st_ < 0 && (status) >= 0)                                \
      (status) = proact_check_st_;                                            \
  } while (0)

#endif
