/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* free() and realloc() of memory that a live region entry holds. The
 * region's end would copy its devices' values into that memory after the
 * allocator reused it, and a loop would read the old values; a block the
 * allocator keeps in its own pools leaves no trace that the region's end
 * could see (replica.c's check sees only memory given back to the
 * system). libproact defines both functions, which the program's calls and
 * its libraries' then reach first, and passes every call on to glibc's;
 * while no entry is live that is one load more. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdlib.h>

#if defined(__GLIBC__)
#include <dlfcn.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>

#include "error_report.h"
#include "presence.h"

extern void __libc_free(void *ptr);
extern void *__libc_realloc(void *ptr, size_t size);

/* A report in progress on this thread: exit's own frees pass through.
 * Initial-exec: the dynamic loader itself calls free() from inside
 * __tls_get_addr (a stale module's block after dlclose and dlopen), where
 * a general-dynamic access would enter __tls_get_addr again, forever. */
static _Thread_local int watch_reporting
    __attribute__((tls_model("initial-exec")));

static void free_watch_check(void *ptr, const char *what, void *caller) {
  proact__held_t h;
  const char *lo = ptr;
  Dl_info info = {0};
  char from[512];
  const char *hi;

  if (ptr == NULL || !proact__present_held_any() || watch_reporting)
    return;
  hi = lo + malloc_usable_size(ptr);
  if (!proact__present_held_overlap(lo, hi, &h))
    return;
  /* OpenMP lets a program free an array it entered and never exit it:
   * the mappings end at PROACT's next call, before anything could take
   * a new array at those addresses for it. */
  if (h.entered && what[0] == 'f' && proact__present_note_freed(lo, hi))
    return;
  watch_reporting = 1;
  /* A static function has no dynamic symbol: its object and offset, for
   * addr2line. */
  if (dladdr(caller, &info) != 0 && info.dli_fname != NULL) {
    unsigned long off =
        (unsigned long)((uintptr_t)caller - (uintptr_t)info.dli_fbase);
    if (info.dli_sname != NULL)
      snprintf(from, sizeof(from), "%s in %s", info.dli_sname,
               info.dli_fname);
    else
      snprintf(from, sizeof(from), "%s at offset 0x%lx: addr2line -f -e %s "
               "0x%lx", info.dli_fname, off, info.dli_fname, off);
  } else {
    snprintf(from, sizeof(from), "%p", caller);
  }
  if (h.entered)
    proact__fatal(h.file, h.line, 0,
                  "%s() of %s[%lld:%lld], which the 'target enter data' "
                  "here still holds (called from %s): its 'target exit "
                  "data' would read or write memory the allocator reuses, "
                  "and a new array there would be taken for it%s; %s it "
                  "after its 'target exit data'",
                  what, h.name, h.sec_lo, h.sec_len, from,
                  what[0] == 'f' ? " (more entered arrays freed between "
                                   "two of PROACT's calls than it follows)"
                                 : "",
                  what);
  proact__fatal(h.file, h.line, 0,
                "%s() of %s[%lld:%lld], which the %s here still holds "
                "(called from %s): the %s would copy its values into memory "
                "the allocator reuses; %s it after the %s ends",
                what, h.name, h.sec_lo, h.sec_len,
                h.implicit ? "loop" : "data region", from,
                h.implicit ? "loop's end" : "region's end", what,
                h.implicit ? "loop" : "region");
}

__attribute__((visibility("default"))) void free(void *ptr) {
  free_watch_check(ptr, "free", __builtin_return_address(0));
  __libc_free(ptr);
}

__attribute__((visibility("default"))) void *realloc(void *ptr,
                                                     size_t size) {
  free_watch_check(ptr, "realloc", __builtin_return_address(0));
  return __libc_realloc(ptr, size);
}
#endif
