/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT status codes: one X-macro list generates the enum and the strings. */
#ifndef PROACT_STATUS_H
#define PROACT_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* X(name, value, message). 0 is success, positive is "in progress",
 * negative is an error. */
#define PROACT_STATUS_MAP(X)                                                  \
  X(OK, 0, "success")                                                         \
  X(IN_PROGRESS, 1, "operation in progress")                                  \
  X(ERR_NO_DEVICE, -1, "no usable offload device")                            \
  X(ERR_NO_MEMORY, -2, "out of memory")                                       \
  X(ERR_INVALID_PARAM, -3, "invalid parameter")                               \
  X(ERR_UNSUPPORTED, -4, "operation not supported")                           \
  X(ERR_TIMED_OUT, -5, "timed out")                                           \
  X(ERR_NOT_FOUND, -6, "not found")                                           \
  X(ERR_DEVICE, -7, "device or driver error")                                 \
  X(ERR_OVERLAP, -8, "overlapping writes from different devices")

typedef enum proact_status {
#define PROACT_STATUS_ENUM_(name, value, msg) PROACT_##name = value,
  PROACT_STATUS_MAP(PROACT_STATUS_ENUM_)
#undef PROACT_STATUS_ENUM_
} proact_status_t;

#ifdef __cplusplus
}
#endif

#endif /* PROACT_STATUS_H */
