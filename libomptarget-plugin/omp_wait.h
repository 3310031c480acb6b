/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP's device memory entry points as libproact defines them
 * (omp_wait.c): each waits for the kernels loops left running, then calls
 * libomptarget's. */
#ifndef PROACT_OMP_WAIT_H
#define PROACT_OMP_WAIT_H

/* wait: what the entry points call first (NULL: nothing). */
void proact__omp_wait_set(void (*wait)(void));
/* libomptarget's definition of name, the one after libproact's own,
 * found once and cached in *slot; ends the program where there is none. */
void *proact__omp_next_entry(const char *name, void **slot);
/* How many device images the program registered with libomptarget (0: its
 * objects carry no device code, e.g. taken from a static library that
 * LLVM's offload linker left out). */
int proact__omp_images(void);
/* libomptarget's omp_get_mapped_ptr, for libproact's own lookups: the
 * program's call of it (libproact's definition) marks its device addresses
 * as out. */
void *proact__omp_mapped_ptr(const void *ptr, int dev);
/* Whether the program took a device address from OpenMP
 * (omp_get_mapped_ptr, use_device_ptr or use_device_addr). */
int proact__omp_device_ptrs_out(void);

#endif
