/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Notes that would repeat at every execution of a loop are given once per
 * loop site. */
#ifndef PROACT_CORE_NOTE_ONCE_H
#define PROACT_CORE_NOTE_ONCE_H

#include "proact/detail/codegen.h"

/* The loop sites a kind of note was given about (zero-initialised). */
typedef struct proact__note_once {
  const char *files[256];
  int lines[256], n;
} proact__note_once_t;

/* Whether this is the first note of its kind (notes) about the loop at
 * desc; thread-safe. */
int proact__note_once(proact__note_once_t *notes,
                      const proact__loop_desc_t *desc);

#endif
