/* The plan of one execution of a loop, built in loop_begin before anything
 * moves: its devices and decomposition, the checks of its accesses, its
 * kernels' geometry, its write spans and the transfers its mechanism
 * records, and the mechanism itself (mech_choice.h). */
#ifndef PROACT_CORE_PLAN_H
#define PROACT_CORE_PLAN_H

#include "loop.h"
#include "presence.h"

/* Whether a store of the loop has an index that is not affine (whole = 1):
 * then it runs on one device with the baseline mechanism (lowering.h). */
int proact__plan_whole_write(const proact__loop_desc_t *desc);

/* The loop's devices: its devices(...) clause (participating devices, no
 * repeats) or every participating device; one device, the host, in the
 * fallback. A loop with a non-affine store keeps only the first. Its
 * decomposition: PROACT_DECOMPOSE, else its decompose(...) clause; auto
 * starts as BLOCK and is chosen once the arrays are known (amge.h). */
void proact__plan_parts(proact__loop_t *loop,
                        const proact__loop_desc_t *desc);

/* Stops the program, naming the load, when an affine load lies outside its
 * array's section, a load outside its reads(...) clause, or two iterations
 * race (iterations.h). entries: each array's region entry, NULL: none. */
void proact__plan_check_accesses(const proact__loop_desc_t *desc,
                                 proact__present_t *const *entries);

/* Splits the iterations (loop_split.c) and sets each part's kernel
 * geometry: teams, threads, the block and, for the column walk, tiles. */
void proact__plan_geometry(proact__loop_t *loop,
                           const proact__loop_desc_t *desc);

/* The parts' write spans, checked (a store outside its section, two
 * devices' writes of one element are fatal; stores whose overlap cannot
 * be told run the loop on one device), merged into loop->xfers. */
void proact__plan_writes(proact__loop_t *loop,
                         const proact__loop_desc_t *desc,
                         proact__present_t *const *entries);

/* Everything above once the loop's parts, mechanism and arrays are known:
 * balance, geometry, AMGE's decomposition, write spans, the mechanism's
 * check of the plan (mech_choice.h). */
void proact__plan_build(proact__loop_t *loop, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries);

#endif
