/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The paths of the files PROACT writes for the user (PROACT_DEBUG_FILE,
 * PROACT_STATS_FILE, PROACT_TRACE): one set of escapes for all three, so
 * that the processes of one job (MPI ranks, proact-tune's runs) each write
 * their own file, and a warning when two processes would write one. */
#ifndef PROACT_SUPPORT_OUTPUT_PATH_H
#define PROACT_SUPPORT_OUTPUT_PATH_H

#include <stddef.h>

#include "proact/status.h"

/* The escapes, as the parameters' docs list them. */
#define PROACT__OUTPUT_ESCAPES                                                 \
  "%h: the host name, %p: the process id, %r: the MPI rank, %%: %"

/* PROACT_INVALID_PARAM with why set when pattern holds an escape other
 * than %h, %p, %r and %%: more likely a typo than a wish for a '%'. */
proact_status_t proact__output_path_check(const char *pattern, char *why,
                                          size_t why_len);

/* pattern with %h (the host name up to its first dot), %p (the process
 * id), %r (proact__output_rank) and %% expanded into out; -1 when it does
 * not fit. */
int proact__output_path_expand(const char *pattern, char *out, size_t size);

/* The process's rank and the number of ranks as its launcher gives them
 * (mpirun's OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK, srun's
 * SLURM_PROCID): the rank PROACT's ranks take too. 0 of 1 without a
 * launcher; *var_p (may be NULL) names the variable, NULL without. */
int proact__output_rank(int *size_p, const char **var_p);

/* Called once for the file `var` names (pattern, expanded to path): 1
 * with msg set to the warning to print when another process of this job or
 * host writes the same file, where one would overwrite or mix with the
 * other's; else 0. The claim lasts until the process ends. */
int proact__output_clash(const char *var, const char *pattern,
                         const char *path, char *msg, size_t len);

#endif
