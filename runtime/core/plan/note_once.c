/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Notes given once per loop site (note_once.h). */
#include <pthread.h>
#include <string.h>

#include "note_once.h"

int proact__note_once(proact__note_once_t *notes,
                      const proact__loop_desc_t *desc) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  int first = 1;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < notes->n && first; i++)
    first = !(notes->lines[i] == desc->line &&
              strcmp(notes->files[i], desc->file) == 0);
  if (first && notes->n < 256) {
    notes->files[notes->n] = desc->file;
    notes->lines[notes->n++] = desc->line;
  }
  pthread_mutex_unlock(&lock);
  return first;
}
