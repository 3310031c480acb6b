/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Device copies of one array section: a replica per device, associated
 * with the host section so that OpenMP target regions mapping the section
 * (map(alloc: a[lo:len])) use them; or, distributed, a window per device
 * that loops grow (window.h). */
#ifndef PROACT_CORE_REPLICA_H
#define PROACT_CORE_REPLICA_H

#include "proact/detail/codegen.h"
#include "presence.h"

/* Host bytes [*lo_p, *hi_p) of array's section. Invalid sections (size 0
 * elements, negative length, NULL base, address overflow) are fatal errors
 * at file:line:col. */
void proact__array_bytes(const proact__array_t *array, const char *file,
                         int line, int col, char **lo_p, char **hi_p);

/* Allocates array's section on each of devs, copies it in unless kind is
 * PROACT__MAP_COPYOUT or _CREATE, associates it, and enters it in the
 * presence table. Unless implicit, gives it a validity map with every
 * replica current everywhere. Distributed (never implicit): allocates
 * nothing, every device's window empty, the host the only holder of every
 * byte. Under unified memory (unified.h) one shared allocation serves
 * every device instead, and distribute is ignored. Copies are not waited
 * for: call proact__dev_sync_all() before kernels use the replicas.
 * Failures are fatal. */
proact__present_t *proact__replica_create(const proact__array_t *array,
                                          const int *devs, int ndevs,
                                          int kind, int implicit,
                                          int distribute, const char *file,
                                          int line, int col);

/* Copies entry's byte offsets [lo, hi) that the host lacks to the host,
 * each piece from a device that holds its current value (the validity
 * map), contiguous pieces of one device in one copy. Not waited for:
 * call proact__dev_sync_all() before the host reads them. Failures are
 * fatal. */
void proact__replica_gather(proact__present_t *entry, uint64_t lo,
                            uint64_t hi);
/* The same into dst instead of the host array (dst + off receives byte
 * offset off); bytes the host holds are not copied. */
void proact__replica_gather_to(proact__present_t *entry, uint64_t lo,
                               uint64_t hi, char *dst);

/* Stops the program when the host memory of region entry is no longer
 * mapped: the program freed or unmapped the array while its data region
 * held it (allocators give large blocks back to the system at free). when
 * says which PROACT call found it. Checks the mappings only, one system
 * call: memory freed into the allocator's own pools is not seen. */
void proact__replica_check_host(const proact__present_t *entry,
                                const char *when);

/* proact__replica_check_host for every live entry of a data region (not
 * a loop's own): where a PROACT call meets a section no region holds, the
 * program may have freed a region array and allocated it anew. */
void proact__replica_check_hosts(const char *when);

/* Removes the entry from the table; when kind is COPY or COPYOUT, gathers
 * the section back to the host, each byte the host lacks from a device
 * that holds its current value (the validity map: after loops, different
 * devices own different parts); disassociates and frees. */
void proact__replica_destroy(proact__present_t *entry);

/* proact__replica_destroy but for the entry itself, which stays allocated
 * and is marked gone: the live regions that name it free it at their end. */
void proact__replica_release(proact__present_t *entry);

#endif
