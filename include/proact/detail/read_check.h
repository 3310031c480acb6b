/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The device-side read checks (docs/user/directives.md, "Read a[index]"):
 * a load of a region array that the host cannot check before the kernels
 * (one after a condition or jump of the body, one through an index that is
 * not affine, one of an array a reads(...) clause names that is either) is
 * lowered as
 *
 *   (*(__typeof__(&(a)[0]))proact__read_at((const void *)(a),
 *        sizeof((a)[0]), (long long)(index), lo, len, __proact_rf, site,
 *        (long long)(i)))
 *
 * where [lo, lo + len) is what the load may touch: the section the part's
 * device holds of a (proact__loop_part_section), or, for a reads(...)
 * array, the clause's elements at iteration i. An index outside it is not
 * loaded: the first thread to fail records (site, index, i) for the
 * runtime, which stops the program after the kernel naming the load, and
 * every failing load reads zeros instead. With PROACT_READ_CHECK=0 the
 * kernel gets no fault slot and a len of -1 (every index passes the
 * unsigned compare but lo - 1, which the slot-less failure path loads as
 * well), so one kernel serves both settings. Shared by the runtime (host C)
 * and the generated kernels; plain C structs and static inline functions
 * only. */
#ifndef PROACT_READ_CHECK_H
#define PROACT_READ_CHECK_H

#include "part_iters.h" /* PROACT__THREAD_VAR */

/* Bytes of zeros a failing load reads: the runtime allocates at least the
 * largest element size of the loop's arrays, and never less than this. */
#define PROACT__READ_ZEROS 64

/* A checked load, as the runtime reports it. An update of an array
 * reduction's thread copy, `h[index] += v` under reduction(+: h[lo:len]),
 * is checked the same way against the reduced section, so that an index
 * outside it cannot land in another thread's copy or outside the copies. */
typedef struct proact__read_site {
  int array;  /* position in proact__loop_desc_t.arrays; -1 - r: an update
                 of reduction r's section (proact__loop_array_sections) */
  int clause; /* position in proact__loop_desc_t.reads of the reads(...)
                 section it must lie in; -1: the array's section */
  int whole;  /* nonzero: its index is not affine; else it is guarded */
  int line;   /* location of the array's name at the load */
  int col;
} proact__read_site_t;

/* The first failing load of a part's kernel: written once, by the thread
 * that claimed the fault, in memory the host reads after the kernel. */
typedef struct proact__read_record {
  long long site;  /* 1 + its position in the loop's sites; 0: none */
  long long index; /* the element it would have read */
  long long iter;  /* the annotated loop's variable then */
} proact__read_record_t;

/* A part's fault slot (the kernels' __proact_rf), in the part's device
 * memory, kept between loops: claimed counts the failing loads (only ever
 * changed on a failure, which ends the program), record is where the first
 * one is written (host memory the device can write where the backend has
 * it, else the slot's own `local`, copied back after the kernel), and
 * zeros is what failing loads read. */
typedef struct proact__read_fault {
  unsigned long long claimed;
  proact__read_record_t *record;
  proact__read_record_t local;
  char pad[24];                   /* zeros at offset 64 */
  char zeros[PROACT__READ_ZEROS]; /* and more, to the largest element */
} proact__read_fault_t;

#ifdef _OPENMP
#pragma omp begin declare target

/* Records the failure (the first one only) and returns the zeros. Without
 * a fault slot (PROACT_READ_CHECK=0: the bounds let every index but
 * lo - 1 pass) the element itself. */
__attribute__((cold)) static inline const void *
proact__read_fail(const void *base, unsigned long size,
                  proact__read_fault_t *rf, int site, long long index,
                  long long iter) {
  proact__read_fault_t *const f = rf;
  PROACT__THREAD_VAR(f)
  if (f == 0)
    return (const char *)base + index * (long long)size;
  if (__atomic_fetch_add(&f->claimed, 1ull, __ATOMIC_RELAXED) == 0) {
    proact__read_record_t *r = f->record;
    r->index = index;
    r->iter = iter;
    r->site = (long long)site + 1;
  }
  return f->zeros;
}

/* The address of element index of base (elements of size bytes) when
 * index lies in [lo, lo + len), else the fault's zeros, the failure
 * recorded: one unsigned compare on the path taken. */
static inline const void *proact__read_at(const void *base,
                                          unsigned long size,
                                          long long index, long long lo,
                                          long long len,
                                          proact__read_fault_t *rf, int site,
                                          long long iter) {
  if (__builtin_expect((unsigned long long)index - (unsigned long long)lo <
                           (unsigned long long)len,
                       1))
    return (const char *)base + index * (long long)size;
  return proact__read_fail(base, size, rf, site, index, iter);
}

#pragma omp end declare target
#endif /* _OPENMP */

#endif /* PROACT_READ_CHECK_H */
