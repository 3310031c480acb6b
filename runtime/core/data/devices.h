/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The participating devices: every OpenMP device, or the PROACT_DEVICES
 * subset, in that order. With no offload device, PROACT falls back to one
 * part on the host (omp_get_initial_device()) and keeps no replicas. */
#ifndef PROACT_CORE_DEVICES_H
#define PROACT_CORE_DEVICES_H

#include <stddef.h>

/* Initialises the base and device layers and the device list; idempotent. */
void proact__devices_init(void);

/* Stops with an error naming file:line:col when called inside an OpenMP
 * parallel region of more than one thread, by every thread or by one (a
 * single or masked construct): `what` ("loop", "data region") starts
 * parallel and target regions of its own. */
void proact__devices_require_serial(const char *file, int line, int col,
                                    const char *what);

/* Number of participating devices; 0 in the host fallback. */
int proact__devices_count(void);
/* OpenMP number of the i-th participating device. */
int proact__devices_id(int i);
/* Whether OpenMP device dev participates. */
int proact__devices_participates(int dev);
/* The devices of a directive: its devices(...) clause (devices, ndevices;
 * each must participate, none twice, else a fatal error at file:line:col),
 * or every participating device when devices is NULL. Writes them to devs_p
 * (PROACT__DEV_MAX entries) and returns how many. */
int proact__devices_of_clause(const int *devices, int ndevices,
                              const char *file, int line, int col,
                              int *devs_p);
/* Whether dev's copies of arrays are associated with the host arrays in
 * OpenMP's presence table: only for the first logical device of each
 * OpenMP device, the one host address OpenMP can map there (the kernels
 * take every device's addresses explicitly). */
int proact__devices_associated(int dev);
/* Writes the participating devices as "0,1,3" into buf. */
void proact__devices_format(const int *ids, int n, char *buf, size_t len);

#endif
