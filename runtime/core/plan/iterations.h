/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Whether an annotated loop's iterations, and the iterations of the inner
 * loops the plugin collapsed with it, may run on different threads: the
 * kernels split them over devices, teams and threads, so two of them that
 * store one element, or one that reads an element another stores, would
 * race on one device as on several. */
#ifndef PROACT_CORE_ITERATIONS_H
#define PROACT_CORE_ITERATIONS_H

#include "proact/detail/codegen.h"

/* Stops the program, naming the store (and the load) and the element, when
 * the affine accesses prove such a pair: a store in two iterations of the
 * annotated loop, a store and a load of one element in two of them, or a
 * store that two iterations of the collapsed inner loops make. Accesses
 * the analysis cannot describe exactly (not affine, clamped tile bounds,
 * inner bounds followed by their hull, different coefficients) or that may
 * not run at every iteration (after a condition of the body) are left
 * unchecked here; the check between devices' writes still sees stores. */
void proact__loop_check_iterations(const proact__loop_desc_t *desc);

/* Whether two region arrays of the loop share host memory (b = a + 1):
 * the pushing mechanisms follow each name apart, so such a loop runs as
 * memcpy. */
int proact__loop_arrays_share(const proact__loop_desc_t *desc);

/* Whether the sections of x and y share a byte of host memory. */
int proact__sections_meet(const proact__array_t *x, const proact__array_t *y);

#endif
