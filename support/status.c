/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Status strings (from the X-macro list in proact/status.h), mechanism
 * names, and the process-wide last-error message returned by
 * proact_get_last_error(). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "proact.h"
#include "error_report.h"

const char *proact_status_string(proact_status_t status) {
  switch (status) {
#define PROACT_STATUS_CASE_(name, value, msg)                                 \
  case PROACT_##name:                                                         \
    return msg;
    PROACT_STATUS_MAP(PROACT_STATUS_CASE_)
#undef PROACT_STATUS_CASE_
  }
  return "unknown status";
}

/* One buffer: the API promises validity only until the next error. */
static char last_error[1024];
static pthread_mutex_t last_error_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned last_error_serial;

void proact__set_last_errorv(const char *fmt, va_list ap) {
  pthread_mutex_lock(&last_error_lock);
  vsnprintf(last_error, sizeof(last_error), fmt, ap);
  __atomic_add_fetch(&last_error_serial, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&last_error_lock);
}

unsigned proact__last_error_serial(void) {
  return __atomic_load_n(&last_error_serial, __ATOMIC_ACQUIRE);
}

void proact__set_last_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  proact__set_last_errorv(fmt, ap);
  va_end(ap);
}

const char *proact_get_last_error(void) { return last_error; }

const char *proact_mech_name(proact_mech_t mech) {
  static const char *const names[PROACT_MECH_COUNT_] = {
      [PROACT_MECH_MEMCPY] = "memcpy", [PROACT_MECH_INLINE] = "inline",
      [PROACT_MECH_POLL] = "poll",     [PROACT_MECH_TRIGGER] = "trigger",
      [PROACT_MECH_DMA] = "dma",       [PROACT_MECH_AUTO] = "auto",
  };
  if ((int)mech < 0 || mech >= PROACT_MECH_COUNT_)
    return "unknown";
  return names[mech];
}
