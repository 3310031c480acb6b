/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT public C API.
 *
 * Most programs never call these functions: they annotate loops with
 * `#pragma proact` (docs/user/directives.md) and the Clang plugin lowers
 * them. The functions here let a program inspect the devices PROACT uses
 * and the last error it reported. The header compiles with or without the
 * plugin, in C and C++. */
#ifndef PROACT_H
#define PROACT_H

#include <stddef.h>
#include <stdio.h>

#include "proact/status.h"

/* With the plugin loaded, this reads the calls annotated loops are lowered
 * to (proact/detail/codegen.h); without it the pragma means nothing. */
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-pragmas"
#pragma proact __contract
#pragma clang diagnostic pop
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifndef PROACT_API
#define PROACT_API __attribute__((visibility("default")))
#endif

/* The version of this header; proact_version() gives the library's. */
#define PROACT_VERSION_MAJOR 0
#define PROACT_VERSION_MINOR 10
#define PROACT_VERSION_PATCH 0

/* The library's version, "MAJOR.MINOR.PATCH"; it may be newer than the
 * header a program was compiled with. */
PROACT_API const char *proact_version(void);

/* Human-readable text for a status code; never NULL. */
PROACT_API const char *proact_status_string(proact_status_t status);

/* The message of the last error PROACT reported in this process, or "" when
 * none. The string stays valid until the next error. */
PROACT_API const char *proact_get_last_error(void);

/* Number of devices annotated loops are spread over (after PROACT_DEVICES).
 * 0 means no offload device is usable and loops run on the host. */
PROACT_API int proact_num_devices(void);

/* OpenMP device number of the i-th participating device, or -1 if i is out
 * of range. */
PROACT_API int proact_device_id(int i);

/* "cuda", "host" or "none": the kind of device PROACT drives ("omp" when
 * the devices are of neither kind and every copy goes through
 * omp_target_memcpy). */
PROACT_API const char *proact_device_kind(void);

/* Writes to out (stdout when NULL) what PROACT found and will use: its
 * version, the participating devices with their properties (kind, name,
 * multiprocessors, threads per team, copy queues, poll agent, host queue,
 * memory), which devices reach each other's memory directly, and every
 * PROACT_* setting with its value and source (default or env). The
 * proact-info program prints it, and PROACT_INFO=1 prints it to stderr at
 * the first PROACT call. Initialises the devices as any PROACT call does;
 * an invalid PROACT_* value is a fatal error, as everywhere. Under several
 * MPI ranks only rank 0 prints (docs/user/cluster.md). */
PROACT_API void proact_print_info(FILE *out);

/* Transfer mechanisms a loop may name with mech(...). */
typedef enum proact_mech {
  PROACT_MECH_MEMCPY = 0, /* bulk device-to-device copies after the kernel */
  PROACT_MECH_INLINE = 1,
  PROACT_MECH_POLL = 2,
  PROACT_MECH_TRIGGER = 3,
  PROACT_MECH_DMA = 4,
  PROACT_MECH_AUTO = 5,
  PROACT_MECH_COUNT_
} proact_mech_t;

/* "memcpy", "inline", ...; "unknown" for an invalid value. */
PROACT_API const char *proact_mech_name(proact_mech_t mech);

#ifdef __cplusplus
}
#endif

#endif /* PROACT_H */
