/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The calls the Clang plugin emits for `#pragma proact`
 * (docs/design/lowering.md).
 *
 * This header is the whole contract between clang-ext and libproact: the
 * plugin writes C that fills these descriptors and calls these functions;
 * nothing else is shared. User code should not call them directly.
 *
 * Index convention: every index below is an element index relative to the
 * array's host base pointer (`name` in `region(name[lo:len])`), the same
 * index the loop body writes with `name[index]`. */
#ifndef PROACT_LOWERING_H
#define PROACT_LOWERING_H

#include <stddef.h>

#include "device_ready.h"
#include "read_check.h"
#include "team_fold.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this contract. The plugin refuses to lower a pragma
 * unless this macro is defined (a missing #include <proact.h> is a clear
 * diagnostic) and equals the version it emits code for. Raise it whenever a
 * descriptor, a kind, or what an entry point means changes: every entry
 * point below links under its name plus "_abi<N>" (PROACT__ENTRY), so a
 * program built against another version fails to link or load, naming the
 * symbol, instead of running with a runtime that reads its code
 * differently. */
#define PROACT_LOWERING_ABI 19

#define PROACT__ABI_STR2(x) #x
#define PROACT__ABI_STR(x) PROACT__ABI_STR2(x)
/* The link name of entry point `name` (the C name stays the same, so the
 * generated code and `clang -E` output read as documented). */
#define PROACT__ENTRY(name)                                                    \
  __asm__(#name "_abi" PROACT__ABI_STR(PROACT_LOWERING_ABI))

/* Exported from libproact (built with -fvisibility=hidden). */
#ifndef PROACT_API
#define PROACT_API __attribute__((visibility("default")))
#endif

/* Comparison of a canonical loop's condition `i CMP bound`. */
enum {
  PROACT__CMP_LT = 0,
  PROACT__CMP_LE = 1,
  PROACT__CMP_GT = 2,
  PROACT__CMP_GE = 3
};

/* How a loop's iterations are split over its devices (decompose(...),
 * PROACT_DECOMPOSE; docs/user/directives.md). CYCLIC is BLOCK_CYCLIC with
 * blocks of 1 iteration. */
enum {
  PROACT__DECOMP_AUTO = 0,        /* the runtime picks (AMGE's policy) */
  PROACT__DECOMP_BLOCK = 1,       /* one contiguous block per device */
  PROACT__DECOMP_BLOCK_CYCLIC = 2 /* blocks of decomp_block iterations,
                                     dealt to the devices in turn */
};

/* Data-directive clause kinds. */
enum {
  PROACT__MAP_COPY = 0,    /* copy in at entry, back at exit */
  PROACT__MAP_COPYIN = 1,  /* copy in at entry only */
  PROACT__MAP_COPYOUT = 2, /* copy back at exit only */
  PROACT__MAP_CREATE = 3,  /* device storage only, no copies */
  /* Only in a spread 'target exit data' (proact__omp_exit_data), whose
   * 'from' is COPYOUT: */
  PROACT__MAP_RELEASE = 4, /* one mapping less, nothing copied back */
  PROACT__MAP_DELETE = 5   /* every mapping gone, nothing copied back */
};

/* An array section `name[lo:len]` as written in a clause. */
typedef struct proact__array {
  const char *name; /* spelling in the pragma, for messages */
  void *base;       /* host address of name[0] */
  size_t elem_size; /* sizeof(name[0]) */
  long long lo;     /* first element of the section */
  long long len;    /* number of elements */
} proact__array_t;

/* The inner loops an access records exactly (proact__access_t.dims). */
#define PROACT__ACCESS_DIMS 4

/* One access `name[index]` in a loop body (a store, or a load), with index
 * affine in the loop variable i: index = coef * i + off, off in
 * [off_min, off_max]. The range of off comes from inner loops of the body
 * (proact__span_add), which also records each inner loop's term while
 * there are at most PROACT__ACCESS_DIMS: then off takes exactly the values
 * off_min + sum_d r_d * |dim_stride[d]| + t, r_d in [0, dim_count[d]),
 * t in [0, base_len) with base_len = off_max - off_min + 1 - the terms'
 * extent, so that the runtime knows which elements a strided or column
 * store writes, not only their hull (docs/user/limits.md). Generated code
 * sets ndims to 0 before the proact__span_add calls. An access whose index
 * is not affine is described by
 * whole = 1: it may touch any element of the array's section. A loop with
 * such a store runs on its first device alone, with the memcpy mechanism:
 * which elements each device would write is unknown until it ran. */
typedef struct proact__access {
  int array;      /* position in proact__loop_desc_t.arrays */
  int empty;      /* nonzero: an inner loop has no iterations, no access */
  int whole;      /* nonzero: the whole section */
  long long coef;
  long long off_min;
  long long off_max;
  int line;       /* location of the access, for messages */
  int col;
  int guarded;    /* nonzero: it may not run at every iteration. A load: a
                     condition or jump of the body comes before it (a
                     guarded boundary load); the host's read checks skip
                     it, the kernels check it (read_check.h). A store: a
                     statement, a ?:, && or || of its own statement, or a
                     jump before it makes it conditional */
  int ndims;      /* inner-loop terms recorded; -1: more than
                     PROACT__ACCESS_DIMS (or too large), only the hull
                     [off_min, off_max] is known */
  long long dim_stride[PROACT__ACCESS_DIMS]; /* coef * step of the inner
                                                loop (nonzero) */
  long long dim_count[PROACT__ACCESS_DIMS];  /* its iterations (> 1) */
  int bounded;    /* nonzero: the index also lies in
                     bcoef * i + [boff_min, boff_max], and every span is the
                     intersection of both forms. An inner loop whose bounds
                     move with i and are clamped with min/max (the last tile
                     of a tiled loop) needs both: the first form follows i,
                     the second keeps the clamp */
  long long bcoef;
  long long boff_min;
  long long boff_max;
  int inexact;    /* nonzero: the form covers more than the access may touch
                     in one iteration (an inner loop whose bounds move with
                     i in a form followed only by its hull, or a reads(...)
                     section): good for what to copy, no proof that two
                     iterations touch one element. 2: every such inner
                     loop is recorded in dep[] with a step of 1, so the
                     form narrowed to one iteration is exact */
  /* dep[d] nonzero (set by proact__span_add_dep): term d is an inner loop
     whose variable lies in [dep_lo[d][0] * i + dep_lo[d][1],
     dep_hi[d][0] * i + dep_hi[d][1]] at iteration i, and the term holds
     its hull [dep_hull[d][0], dep_hull[d][1]] over the loop; the runtime
     narrows it to the iterations a part or a block runs. */
  int dep[PROACT__ACCESS_DIMS];
  long long dep_lo[PROACT__ACCESS_DIMS][2];
  long long dep_hi[PROACT__ACCESS_DIMS][2];
  long long dep_hull[PROACT__ACCESS_DIMS][2];
} proact__access_t;

typedef struct proact__loop_desc {
  const char *file; /* location of the pragma */
  int line;
  int col;
  long long first; /* value of i in iteration k is first + k * step */
  long long step;
  long long trip;  /* number of iterations (proact__trip_count) */
  int mech;        /* proact_mech_t */
  long long chunk; /* bytes, 0 when the clause is absent */
  int threads;     /* transfer threads, 0 when the clause is absent */
  const int *devices; /* devices(...) clause, NULL when absent */
  int ndevices;
  int narrays;
  const proact__array_t *arrays;
  int nwrites; /* the stores */
  proact__access_t *writes;
  int nreads;  /* the loads of region arrays (not those of stores) */
  proact__access_t *reads;
  long long inner_trip; /* iterations of the collapsed inner loops per
                           iteration of the annotated one (1: none) */
  int inline_ok;        /* the lowering emitted a forwarding kernel, so
                           mech(inline) can run */
  int columns;          /* the lowering emitted column-walk kernels (a
                           collapsed nest whose body is one assignment;
                           docs/design/lowering.md), PROACT_WALK picks;
                           its readiness kernels are column kernels only
                           (the flat walk has the plain kernel alone) */
  long long inner_last; /* iterations of the innermost collapsed loop */
  unsigned long long id; /* a hash of the pragma and the loop's tokens: a
                            proact-tune profile measured on another version
                            of the loop is not applied
                            (docs/user/tuning.md) */
  int decomp;             /* PROACT__DECOMP_* of its decompose clause */
  long long decomp_block; /* iterations per block of BLOCK_CYCLIC */
  int indexed_inner;      /* the body runs a loop whose bounds are read
                             from an array (a CSR row each iteration): on
                             a GPU, one team per SM
                             (docs/design/lowering.md) */
  int nimplied; /* the affine loads of arrays that a reads(...) clause
                   names, which the clause replaced in reads: each must lie,
                   at every iteration, inside the clause's section (the
                   entry of reads for the same array) */
  proact__access_t *implied;
  unsigned mechs_left_out; /* bit 1 << m for each mechanism m whose kernel
                              -fplugin-arg-proact-mechanisms left out (0:
                              none): asking for one stops the loop */
  int read_check;          /* PROACT__READ_CHECK_*: how the loads the
                              kernels check were compiled
                              (-fplugin-arg-proact-read-check) */
  int omp; /* a spread OpenMP construct: it runs on the default device,
              where a spread mapping made for another device is not
              present (proact__data_desc_t.omp) */
} proact__loop_desc_t;

/* proact__loop_desc_t.read_check (docs/user/building.md). RUNTIME: one
 * kernel, whose checks PROACT_READ_CHECK switches through the bounds it is
 * given; ON: always checked; OFF: never (PROACT_READ_CHECK=1 set in the
 * environment is then an error). */
#define PROACT__READ_CHECK_RUNTIME 0
#define PROACT__READ_CHECK_ON 1
#define PROACT__READ_CHECK_OFF 2

typedef struct proact__map {
  proact__array_t array;
  int kind;       /* PROACT__MAP_* */
  int distribute; /* nonzero: devices hold only the parts they use, not a
                     full replica (data clause distribute(...)) */
} proact__map_t;

typedef struct proact__data_desc {
  const char *file;
  int line;
  int col;
  const int *devices; /* devices(...) clause, NULL when absent */
  int ndevices;
  int nmaps;
  const proact__map_t *maps;
  int omp; /* a spread OpenMP construct: its mappings are OpenMP's on the
              default device (a construct of another device does not find
              them present) */
} proact__data_desc_t;

/* What one section of `#pragma proact update` makes current. */
enum {
  PROACT__UPDATE_HOST = 0,  /* host(...): the devices' values to the host */
  PROACT__UPDATE_DEVICE = 1 /* device(...): the host's values to the
                               devices */
};

/* One section of an update directive, in the order written. */
typedef struct proact__update_item {
  proact__array_t array;
  int kind; /* PROACT__UPDATE_* */
  int line; /* location of the section, for messages */
  int col;
} proact__update_item_t;

typedef struct proact__update_desc {
  const char *file; /* location of the pragma */
  int line;
  int col;
  int nitems;
  const proact__update_item_t *items;
} proact__update_desc_t;

typedef struct proact__loop proact__loop_t;
typedef struct proact__data proact__data_t;

/* Number of iterations of `for (i = first; i CMP bound; i += step)`; 0 when
 * the loop runs no iteration. A step of 0 or of the wrong sign for CMP is a
 * reported error (the loop would never end). */
PROACT_API long long proact__trip_count(long long first, long long bound,
                                        long long step, int cmp,
                                        const char *file, int line)
    PROACT__ENTRY(proact__trip_count);

/* A loop's variable of type T must hold every value the loop gives it up
 * to the one after its last iteration, first + trip * step: where it
 * cannot, the sequential loop's variable wraps around (or overflows) there
 * and the condition goes on from the wrapped value, which no count of
 * iterations describes (`unsigned char k = 250; k < 255; k += 3`). Stops
 * the program with the loop's location when it cannot. bits: T's value
 * bits (PROACT__VAR_BITS, 1 for _Bool); is_signed: PROACT__VAR_SIGNED. */
PROACT_API void proact__loop_fits(long long first, long long bound,
                                  long long step, int cmp, int bits,
                                  int is_signed, const char *file, int line)
    PROACT__ENTRY(proact__loop_fits);
#define PROACT__VAR_BITS(T) ((T)2 == (T)1 ? 1 : (int)(8 * sizeof(T)))
/* A loop's step: e, what its increment adds to a variable of type T
 * (computed in C's type for it), as T holds it, modulo T's width as a
 * signed number: `unsigned i; i = i - 1` steps by -1, not 2^32 - 1. */
#define PROACT__STEP(T, e)                                                    \
  (sizeof(T) == 1   ? (long long)(signed char)(e)                           \
   : sizeof(T) == 2 ? (long long)(short)(e)                                 \
   : sizeof(T) == 4 ? (long long)(int)(e)                                   \
                    : (long long)(e))
#define PROACT__VAR_SIGNED(T) ((T)-1 < (T)0)

#define PROACT__LL_MAX __LONG_LONG_MAX__
#define PROACT__LL_MIN (-__LONG_LONG_MAX__ - 1)

/* The sequential loop compares its variable and bound in their common type
 * (C's usual arithmetic conversions), which is not always a comparison of
 * their values: `int i = -2; i < n` with an unsigned n runs no iteration,
 * `i < 2.5` runs i = 2. The generated code converts the bound to that type,
 * `__typeof__((T)0 + (bound)) const v = (__typeof__((T)0 + (bound)))(bound)`
 * for a variable of type T, and PROACT__LOOP_BOUND(v, first, cmp), with
 * first the variable's first value (as T's), is the bound whose comparison
 * of values, in proact__trip_count, counts the iterations the sequential
 * loop runs. Loops that would run past the variable's range (undefined in
 * C) get a saturated bound. */
static inline long long proact__bound_none(long long first, int cmp) {
  /* a bound the first iteration fails */
  if (cmp == PROACT__CMP_LT || cmp == PROACT__CMP_GT)
    return first;
  if (cmp == PROACT__CMP_LE)
    return first > PROACT__LL_MIN ? first - 1 : first;
  return first < PROACT__LL_MAX ? first + 1 : first;
}

static inline long long proact__bound_unsigned(long long first, int cmp,
                                               unsigned long long b,
                                               int bits) {
  /* A negative first converts to 2^bits + first: the loop runs while the
   * variable, still negative, compares so with b - 2^bits. */
  if (first >= 0)
    return b > (unsigned long long)PROACT__LL_MAX ? PROACT__LL_MAX
                                                  : (long long)b;
  if (bits < 64)
    return (long long)b - (long long)(1ULL << bits);
  if (b > (unsigned long long)PROACT__LL_MAX)
    return (long long)(b - (unsigned long long)PROACT__LL_MAX - 1ULL) +
           PROACT__LL_MIN;
  /* b - 2^64 lies below every long long */
  return cmp <= PROACT__CMP_LE ? proact__bound_none(first, cmp)
                               : PROACT__LL_MIN;
}

static inline long long proact__bound_floating(long long first, int cmp,
                                               double b) {
  /* an integer i < b or i >= b exactly when it compares so with ceil(b),
   * i <= b or i > b with floor(b) (computed here: no libm in programs) */
  long long t;
  if (__builtin_isnan(b)) /* every comparison fails */
    return proact__bound_none(first, cmp);
  if (b >= 9223372036854775808.0)
    return cmp <= PROACT__CMP_LE ? PROACT__LL_MAX
                                 : proact__bound_none(first, cmp);
  if (b < -9223372036854775808.0)
    return cmp <= PROACT__CMP_LE ? proact__bound_none(first, cmp)
                                 : PROACT__LL_MIN;
  t = (long long)b; /* b rounded towards 0 */
  if (cmp == PROACT__CMP_LT || cmp == PROACT__CMP_GE)
    return (double)t < b ? t + 1 : t;
  return (double)t > b ? t - 1 : t;
}

#define PROACT__LOOP_BOUND(v, first, cmp)                                     \
  ((__typeof__(v))1 / 2 > 0                                                   \
       ? proact__bound_floating((first), (cmp), (double)(v))                  \
   : sizeof(v) <= sizeof(long long) && (__typeof__(v))-1 > 0                  \
       ? proact__bound_unsigned((first), (cmp), (unsigned long long)(v),      \
                                (int)(8 * sizeof(v)))                         \
       : (long long)(v))

/* Numbers a descending loop's iterations (step < 0) from its lowest index:
 * first becomes the last value and step its opposite, so that the splits
 * follow index values as for the ascending loop over the same indices
 * (device 0 gets the lowest block, under every decomposition). The
 * iterations are independent, so their order does not matter; the
 * generated code keeps the original first and step for the loop variable's
 * exit value. */
static inline void proact__loop_ascend(proact__loop_desc_t *desc) {
  if (desc->step < 0 && desc->step != PROACT__LL_MIN &&
      desc->trip > 0) {
    /* first - (trip - 1) * |step| lies between the bound and first; the
     * product may not fit a long long, its difference does. */
    desc->first = (long long)((unsigned long long)desc->first -
                              (unsigned long long)(desc->trip - 1) *
                                  (0ULL - (unsigned long long)desc->step));
    desc->step = -desc->step;
  }
}

/* Interval helpers for the bounds of inner loops (host code, before the
 * loop runs): the least and the greatest of coef * v for v in [lo, hi],
 * saturated, and the last value of `for (v = first; ...; v += step)` run
 * trip times. */
static inline long long proact__mul(long long a, long long b) {
  long long r;
  if (__builtin_mul_overflow(a, b, &r))
    return (a < 0) != (b < 0) ? PROACT__LL_MIN : PROACT__LL_MAX;
  return r;
}
static inline long long proact__add(long long a, long long b) {
  long long r;
  if (__builtin_add_overflow(a, b, &r))
    return a < 0 ? PROACT__LL_MIN : PROACT__LL_MAX;
  return r;
}
static inline long long proact__min(long long a, long long b) {
  return a < b ? a : b;
}
static inline long long proact__max(long long a, long long b) {
  return a < b ? b : a;
}
static inline long long proact__range_lo(long long coef, long long lo,
                                         long long hi) {
  return proact__min(proact__mul(coef, lo), proact__mul(coef, hi));
}
static inline long long proact__range_hi(long long coef, long long lo,
                                         long long hi) {
  return proact__max(proact__mul(coef, lo), proact__mul(coef, hi));
}
static inline long long proact__range_last(long long first, long long step,
                                           long long trip) {
  return proact__add(first, proact__mul(trip - 1, step));
}
/* The range of `e % c` (c > 0) for e in [lo, hi]: C's remainder takes e's
 * sign. */
static inline long long proact__mod_lo(long long lo, long long c) {
  return lo >= 0 ? 0 : 1 - c;
}
static inline long long proact__mod_hi(long long hi, long long c) {
  return hi <= 0 ? 0 : (hi < c - 1 ? hi : c - 1);
}

/* Widens site's [off_min, off_max] by coef * j for every value j takes in
 * `for (j = first; j CMP bound; j += step)` and records the term in
 * site's dims; marks the site empty if that inner loop runs no
 * iteration. */
PROACT_API void proact__span_add(proact__access_t *site, long long coef,
                                 long long first, long long bound,
                                 long long step, int cmp)
    PROACT__ENTRY(proact__span_add);
/* The same for an inner loop whose variable runs, at iteration i of the
 * annotated loop (i in [ilo, ihi]), over [lo_a * i + lo_b, hi_a * i +
 * hi_b] (its step taken as 1): the hull over the loop widens the site, and
 * the term records the bounds, so that a part's or a block's elements are
 * its own iterations' hull (proact__access_t.dep). */
PROACT_API void proact__span_add_dep(proact__access_t *site, long long coef,
                                     long long lo_a, long long lo_b,
                                     long long hi_a, long long hi_b,
                                     long long ilo, long long ihi)
    PROACT__ENTRY(proact__span_add_dep);

/* Enters a data region: every array gets a replica on each participating
 * device (unless an enclosing region already holds it), current everywhere
 * (copied in, or created); a distributed array (map.distribute, or
 * PROACT_DISTRIBUTE=1) gets nothing yet: each device's window grows as loops
 * need it, filled from the host or from a device. Never returns NULL; a
 * failure is reported and ends the program. */
PROACT_API proact__data_t *
proact__data_begin(const proact__data_desc_t *desc)
    PROACT__ENTRY(proact__data_begin);
/* Leaves it: for the arrays this region created with copy/copyout, gathers
 * each byte to the host from a device whose replica holds its current value
 * (after loops different devices hold different parts; no replica need be
 * current everywhere); then frees the replicas. Arrays reused from an
 * enclosing region are left to that region. */
PROACT_API void proact__data_end(proact__data_t *data)
    PROACT__ENTRY(proact__data_end);

/* `#pragma proact update`: carries out desc's items in order. HOST: each
 * byte of the section the host lacks is copied to it from a device that
 * holds its current value, and waited for. DEVICE: the host's values of
 * the section become the current ones; devices whose copies are tracked
 * (validity.h) fetch them when a later loop needs them, a single replica
 * or shared allocation receives them here. Each section must lie inside
 * an array section of a live data region: otherwise a fatal error at the
 * item's location. With no usable device (host fallback) it does
 * nothing. */
PROACT_API void proact__update(const proact__update_desc_t *desc)
    PROACT__ENTRY(proact__update);
/* A spread '#pragma omp target update': the same, except that a section
 * no data region holds is OpenMP's (mapped by 'target enter data' or
 * 'declare target'), updated between the host and the default device as
 * OpenMP does, or left alone where that device has no copy of it. */
PROACT_API void proact__omp_update(const proact__update_desc_t *desc)
    PROACT__ENTRY(proact__omp_update);
/* After a spread loop's reduction into the host's scalar s (bytes at
 * host): where OpenMP holds a copy of s on the default device ('target
 * enter data', 'target data'), the result goes there too, as OpenMP's
 * reduction would have put it; a later 'exit data map(from: s)' then
 * copies the result, not the copy's old value. file and line: the
 * construct, for the error if the copy fails. */
PROACT_API void proact__omp_reduced(const void *host, unsigned long bytes,
                                    const char *file, int line)
    PROACT__ENTRY(proact__omp_reduced);
/* Before a spread loop that maps the scalar at host (bytes): where OpenMP
 * holds a copy of it on the default device ('target enter data', an
 * enclosing 'target data'), the loop reads that copy, as OpenMP's
 * construct would find it present; *value (the host's value on entry)
 * gets it, and the call returns 1 (else 0). A reduced scalar starts from
 * that copy too, and its host variable keeps its value. file and line:
 * the construct, for the error if the copy fails. */
PROACT_API int proact__omp_mapped_scalar(void *value, const void *host,
                                          unsigned long bytes,
                                          const char *file, int line)
    PROACT__ENTRY(proact__omp_mapped_scalar);

/* A spread '#pragma omp target enter data': each map (COPYIN for 'to',
 * CREATE for 'alloc') of a section no data region or earlier enter holds
 * gets replicas on every device, as a data region's does, and stays mapped
 * until proact__omp_exit_data ends it, whatever the construct that runs
 * in between; a section held already counts one more mapping (OpenMP's
 * reference count). A section across the edge of a held one is a fatal
 * error at the pragma. Returns nonzero when a section is OpenMP's (mapped
 * on the default device by a construct that stayed OpenMP's): the
 * generated code then runs the OpenMP construct itself, which leaves
 * PROACT's sections alone. */
PROACT_API int proact__omp_enter_data(const proact__data_desc_t *desc)
    PROACT__ENTRY(proact__omp_enter_data);
/* A '#pragma omp target enter data' left to OpenMP only by its 'nowait',
 * 'depend', 'device' or 'if' clause or its map-type modifiers, just before
 * it runs: when cond holds and dev (PROACT__STAY_DEFAULT_DEVICE or a
 * number) is the default device, each section a spread mapping or data
 * region holds counts one more mapping, as OpenMP counts the construct
 * that finds it present, or with refuse (a modifier such as 'always') is
 * a fatal error at the pragma; the others are the construct's own. */
PROACT_API void proact__omp_enter_counted(const proact__data_desc_t *desc,
                                          int dev, int cond, int refuse)
    PROACT__ENTRY(proact__omp_enter_counted);
/* The same for a '#pragma omp target exit data': each section a spread
 * mapping holds is exited as proact__omp_exit_data exits it, at once
 * (its 'nowait' or 'depend' do not defer PROACT's part); the construct
 * that runs after finds only OpenMP's own sections. */
PROACT_API void proact__omp_exit_counted(const proact__data_desc_t *desc,
                                         int dev, int cond, int refuse)
    PROACT__ENTRY(proact__omp_exit_counted);
/* A spread '#pragma omp target exit data': 'from' (COPYOUT) and 'release'
 * count one mapping less, 'delete' drops them all; when neither a mapping
 * nor a live data region holds the section's entry any more, 'from' copies
 * the named section back from the devices that hold its current value and
 * the entry goes. A section nothing maps (neither PROACT nor OpenMP) is a
 * fatal error at the pragma, as is 'delete' of a section a live data
 * region holds. Returns nonzero as proact__omp_enter_data does. */
PROACT_API int proact__omp_exit_data(const proact__data_desc_t *desc)
    PROACT__ENTRY(proact__omp_exit_data);
/* A spread loop whose body indexes a pointer p its maps do not name, and
 * no spread data region around it: OpenMP finds p's array present through
 * a mapping made elsewhere. found: whether p (elements of elem bytes) lies
 * in a section a data region or an enter holds now; found_lo and
 * found_len give that section as p[lo:len] (lo <= 0), which the loop then
 * names. When not found the generated code runs the OpenMP construct. */
PROACT_API int proact__omp_found(const void *p, size_t elem)
    PROACT__ENTRY(proact__omp_found);
PROACT_API long long proact__omp_found_lo(const void *p, size_t elem)
    PROACT__ENTRY(proact__omp_found_lo);
PROACT_API long long proact__omp_found_len(const void *p, size_t elem)
    PROACT__ENTRY(proact__omp_found_len);
/* Whether OpenMP itself, not PROACT, maps the byte at p on the default
 * device (an enter or data construct that stayed OpenMP's, one of a file
 * built without spread mode): a spread loop that maps it runs as OpenMP's
 * construct, which finds it present. */
PROACT_API int proact__omp_kept(const void *p)
    PROACT__ENTRY(proact__omp_kept);
/* A spread loop that indexes an array a visible spread data region maps as
 * p[lo:len]: the section of the live data region or enter that holds it,
 * as p[held_lo:held_len], where an outer one maps more of it (OpenMP finds
 * that mapping present); p[lo:len] itself otherwise. */
PROACT_API long long proact__omp_held_lo(const void *p, size_t elem,
                                         long long lo, long long len)
    PROACT__ENTRY(proact__omp_held_lo);
PROACT_API long long proact__omp_held_len(const void *p, size_t elem,
                                          long long lo, long long len)
    PROACT__ENTRY(proact__omp_held_len);

/* Spread mode wraps each OpenMP target construct it leaves on one device:
 * for (proact__stay_t s = proact__omp_stay_begin(...); s.once;
 * proact__omp_stay_end(&s)) <construct>. While data regions hold arrays,
 * begin makes every held array current in the copy OpenMP finds present on
 * device dev (PROACT__STAY_DEFAULT_DEVICE: omp_get_default_device()), and
 * end makes that copy the array's current value (after waiting for the
 * construct's tasks with PROACT__STAY_NOWAIT). Otherwise both do
 * nothing. */
#define PROACT__STAY_DEFAULT_DEVICE (-1)
#define PROACT__STAY_HOST (-2)
#define PROACT__STAY_NOWAIT 1
/* A 'target exit data' left to OpenMP: OpenMP would neither copy back nor
 * unmap a section a spread 'target enter data' holds, so while one holds
 * any, begin stops the program with an error at the construct. */
#define PROACT__STAY_EXIT_DATA 2
/* The OpenMP construct of a spread enter or exit data, for the sections
 * OpenMP holds itself and the scalars: it concerns no array of PROACT's,
 * so begin and end only keep OMPT from following it. */
#define PROACT__STAY_HANDOFF 4
typedef struct proact__stay {
  int once;
  int flags;
  struct proact__stay_state *state;
} proact__stay_t;
PROACT_API proact__stay_t proact__omp_stay_begin(const char *file, int line,
                                                 int dev, int flags)
    PROACT__ENTRY(proact__omp_stay_begin);
PROACT_API void proact__omp_stay_end(proact__stay_t *st)
    PROACT__ENTRY(proact__omp_stay_end);

/* Prepares one execution of an annotated loop: finds (or creates, for the
 * duration of the loop) the replicas, splits the iterations into parts, one
 * per device, and checks the write sites. Then, for arrays of a data
 * region, makes each part's device hold the current value of every element
 * the part may access: the spans of its reads (the whole section for a read
 * with whole = 1) and of its writes, clamped to the loop's section; what
 * the device lacks is copied from another device, and waited for, before
 * this returns. Only the loads listed in reads are made current: a load of
 * a region array missing there may read a stale value. Never returns
 * NULL. */
PROACT_API proact__loop_t *
proact__loop_begin(const proact__loop_desc_t *desc)
    PROACT__ENTRY(proact__loop_begin);
/* Parts of the loop; part p runs on OpenMP device part_device(p); its
 * iterations k lie in [part_lo(p), part_hi(p)) (all of them with the BLOCK
 * decomposition; proact__loop_part_kernel gives which exactly). */
PROACT_API int proact__loop_nparts(const proact__loop_t *loop)
    PROACT__ENTRY(proact__loop_nparts);
/* Host threads to run the parts with, each taking parts t, t + T, ...:
 * one per part, or 1 where every part's kernel is recorded and launched
 * at the loop's end (PROACT_LAUNCH=graph). */
PROACT_API int proact__loop_threads(const proact__loop_t *loop)
    PROACT__ENTRY(proact__loop_threads);
PROACT_API int proact__loop_part_device(const proact__loop_t *loop, int part)
    PROACT__ENTRY(proact__loop_part_device);
/* Whether part runs on this process: 0 for a part on another MPI rank's
 * device (docs/design/ranks.md), which the generated code skips; always 1
 * for a process alone. */
PROACT_API int proact__loop_part_here(const proact__loop_t *loop, int part)
    PROACT__ENTRY(proact__loop_part_here);
/* The first call of a kernel's host fallback (the target region's host
 * version, which OpenMP runs instead of the kernel where no device can):
 * returns for the plain kernel (may_run) of a program without devices, whose
 * loops run there; otherwise reports, naming the loop, that a device could
 * not run its kernel, since the host would compute what the device's
 * replicas then lack. */
PROACT_API void proact__loop_host_fallback(const char *file, int line,
                                           int may_run)
    PROACT__ENTRY(proact__loop_host_fallback);

#ifdef _OPENMP
#pragma omp begin declare target
/* 1 in the host's code, where a kernel is its target region's host
 * fallback, 0 in a device's: the kernels give their host fallback a plain
 * walk and their devices the full one, from the same text in both passes
 * (each pass folds the constant and drops the other walk). */
static inline int proact__host_code(void) { return 1; }
static inline void proact__host_fallback(const char *file, int line,
                                         int may_run) {
  proact__loop_host_fallback(file, line, may_run);
}
#pragma omp begin declare variant match(device = {kind(nohost)})
static inline int proact__host_code(void) { return 0; }
static inline void proact__host_fallback(const char *file, int line,
                                         int may_run) {
  (void)file;
  (void)line;
  (void)may_run;
}
#pragma omp end declare variant
#pragma omp end declare target
#endif
/* After the parts, before the host folds their reduction values: fills
 * parts[p] (each bytes each, nparts of them) of every part that ran on
 * another rank, from that rank, and sends this rank's to the others, so
 * that every rank folds the same values in part order. Nothing for a
 * process alone. */
PROACT_API void proact__loop_share(proact__loop_t *loop, void *parts,
                                   size_t each)
    PROACT__ENTRY(proact__loop_share);
PROACT_API long long proact__loop_part_lo(const proact__loop_t *loop, int part)
    PROACT__ENTRY(proact__loop_part_lo);
PROACT_API long long proact__loop_part_hi(const proact__loop_t *loop, int part)
    PROACT__ENTRY(proact__loop_part_hi);
/* The elements [*lo_p, *lo_p + *len_p) of arrays[array] that part's device
 * holds: the loop's whole section for a replicated array; for a distributed
 * one, the window covering what the part reads and writes (possibly empty).
 * The generated kernels' read checks bound their loads by it. */
PROACT_API void proact__loop_part_section(const proact__loop_t *loop, int part,
                                          int array, long long *lo_p,
                                          long long *len_p)
    PROACT__ENTRY(proact__loop_part_section);
/* The address in part's device memory that stands for element 0 of
 * arrays[array].base: ((T *)ret)[k] is element k's copy on that device for
 * every k of the part's section (proact__loop_part_section), whichever
 * replica or window holds it. The kernels index it instead of relying on
 * OpenMP's association of the host address, which has one device pointer
 * per OpenMP device. The host base itself without devices; NULL when the
 * device holds none of the array. */
PROACT_API void *proact__loop_part_base(const proact__loop_t *loop, int part,
                                        int array)
    PROACT__ENTRY(proact__loop_part_base);

/* The geometry of part's kernel: *teams teams of *threads threads take
 * the part's iterations in *nblocks blocks (block b: the iterations
 * proact__part_block(iters, b) gives, by team b mod teams; the kernels
 * walk them with proact__block_walk_*, the instrumented one with
 * proact__ready_walk, by ticket where ready->ticketed; the readiness
 * kernels run block ready->order[k] at place k where that is not NULL,
 * proact__ready_block_of). *ready is the
 * part's readiness state on its device (proact/detail/device_ready.h),
 * NULL when the part pushes nothing; the kernel calls
 * proact__ready_block_done after each block when it is not. Bit 0 of
 * *forward: run the forwarding kernel (each store also goes through
 * proact__ready_forward; mech(inline)); bit 1, set with *ready on a host
 * device: where the build gives host devices one kernel per loop, the
 * plain kernel runs the part's walk (proact__one_walk). */
PROACT_API void proact__loop_part_kernel(proact__loop_t *loop, int part,
                                         int *teams, int *threads,
                                         proact__part_iters_t *iters,
                                         long long *nblocks,
                                         proact__ready_t **ready,
                                         int *forward)
    PROACT__ENTRY(proact__loop_part_kernel);

/* The device scratch of part's reduction kernel (proact/detail/team_fold.h):
 * bytes is the sum of PROACT__FOLD_SLOT(sizeof(s)) over the loop's
 * reduction variables. Lowers *teams where needed so that teams x threads
 * slots stay a few MB (the kernels walk any number of teams), and returns
 * memory on the part's device, kept and grown between loops, its counter
 * at 0. Out of device memory: a fatal error naming the loop. */
PROACT_API char *proact__loop_part_reduction(proact__loop_t *loop, int part,
                                             size_t bytes, int *teams,
                                             int threads)
    PROACT__ENTRY(proact__loop_part_reduction);

/* Loops with loads the kernels check (proact/detail/read_check.h), right
 * after proact__loop_begin: the loop's sites (kept until loop_end). Then
 * each part's host thread asks proact__loop_part_checks for its kernel's
 * fault slot, a device address; NULL: PROACT_READ_CHECK=0, run the kernel
 * without checks (the lowering then gives its checked loads bounds that
 * every index passes, read_check.h). A failure recorded there ends the program in
 * proact__loop_end with an error naming the load, its index, the section
 * and the loop. */
PROACT_API void proact__loop_checks(proact__loop_t *loop,
                                    const proact__read_site_t *sites,
                                    int nsites)
    PROACT__ENTRY(proact__loop_checks);
PROACT_API proact__read_fault_t *proact__loop_part_checks(proact__loop_t *loop,
                                                          int part)
    PROACT__ENTRY(proact__loop_part_checks);
/* Array reductions, reduction(op: h[lo:len]) (docs/design/lowering.md,
 * "Array reductions"): each thread of a part's kernel accumulates into its
 * own copy of every reduced section, started at op's identity; a second
 * kernel folds the copies element by element in copy order, and after the
 * loop the host folds the parts' results into h in part order.
 *
 * The copies of part's kernel: copy_bytes per thread (every section of
 * the loop, each rounded up to 16 bytes), teams x threads of them in
 * device memory kept and grown between loops. Lowers *teams (and, at one
 * team, *threads) so that they take at most PROACT__ARRAY_FOLD_BUDGET
 * bytes; a copy larger than that is a fatal error naming the loop. */
#define PROACT__ARRAY_FOLD_BUDGET ((size_t)256 << 20)
PROACT_API char *proact__loop_part_array_reduction(proact__loop_t *loop,
                                                   int part,
                                                   size_t copy_bytes,
                                                   int *teams, int *threads)
    PROACT__ENTRY(proact__loop_part_array_reduction);
/* Before the parts start (on the loop's thread, so that the error is
 * reported once): a fatal error naming the loop when one thread's copy of
 * copy_bytes exceeds PROACT__ARRAY_FOLD_BUDGET. */
PROACT_API void proact__loop_array_check(proact__loop_t *loop,
                                         size_t copy_bytes)
    PROACT__ENTRY(proact__loop_array_check);
/* After the sections' bounds are known, before the parts start: the
 * loop's reductions in clause order (a scalar's entry zeroed), which the
 * checked updates (proact__read_site_t.array < 0) are reported against;
 * kept by reference until proact__loop_end. */
PROACT_API void proact__loop_array_sections(proact__loop_t *loop,
                                            const proact__array_t *sections,
                                            int nsections)
    PROACT__ENTRY(proact__loop_array_sections);
/* Host memory for the parts' folded sections, bytes of it, zeroed, freed
 * by proact__loop_end. */
PROACT_API char *proact__loop_array_partials(proact__loop_t *loop,
                                             size_t bytes)
    PROACT__ENTRY(proact__loop_array_partials);
/* Copies bytes at dev_src on part's device into host_dst, waiting. */
PROACT_API void proact__loop_part_array_result(proact__loop_t *loop,
                                               int part, void *host_dst,
                                               const void *dev_src,
                                               size_t bytes)
    PROACT__ENTRY(proact__loop_part_array_result);
/* Around the host's fold into h[lo:len] (elem bytes each; name for
 * messages): fetch brings the current value of a section that a data
 * region holds to the host; publish makes the host's new value current
 * there (copied into every replica, or for a distributed array held by
 * the host alone). Neither does anything for an array no region holds. */
PROACT_API void proact__loop_array_fetch(proact__loop_t *loop,
                                         const char *name, void *base,
                                         size_t elem, long long lo,
                                         long long len)
    PROACT__ENTRY(proact__loop_array_fetch);
PROACT_API void proact__loop_array_publish(proact__loop_t *loop,
                                           const char *name, void *base,
                                           size_t elem, long long lo,
                                           long long len)
    PROACT__ENTRY(proact__loop_array_publish);

/* The 1-D walk's consecutive groups tell the compiler that a group's first
 * element of an array lies on a 16-byte boundary, so that it merges the
 * group's loads and stores into vector ones. On NVPTX those accesses are
 * global-memory ones by the time the vectorizer looks at them, and LLVM 22
 * does not carry an assumption made on the generic pointer over to them:
 * the assumption is made on the global pointer there (only assumed, never
 * dereferenced). LLVM 16 needs it on the generic one. */
#if defined(__NVPTX__) && __clang_major__ >= 17
#define PROACT__ASSUME_ALIGNED16(p)                                            \
  ((void)__builtin_assume_aligned(                                             \
      (const __attribute__((address_space(1))) void *)(p), 16))
#else
#define PROACT__ASSUME_ALIGNED16(p) ((void)__builtin_assume_aligned((p), 16))
#endif

/* The identities of max and min for an array reduction's element type: the
 * lowest and highest value of each arithmetic type (x is a value of it).
 * From the compiler's macros: generated code may not see <limits.h>. */
#define PROACT__CHAR_SIGNED ((char)-1 < 0)
/* NVPTX has no long double: even an association that is never chosen
 * fails to compile there. */
#if defined(__NVPTX__)
#define PROACT__LDBL_LOWEST
#define PROACT__LDBL_HIGHEST
#else
#define PROACT__LDBL_LOWEST , long double : -__builtin_infl()
#define PROACT__LDBL_HIGHEST , long double : __builtin_infl()
#endif
/* _Float16 and the 128-bit integers where the target has them. */
#if defined(__FLT16_MAX__)
#define PROACT__F16_LOWEST , _Float16 : -(_Float16)__builtin_inff()
#define PROACT__F16_HIGHEST , _Float16 : (_Float16)__builtin_inff()
#else
#define PROACT__F16_LOWEST
#define PROACT__F16_HIGHEST
#endif
#if defined(__SIZEOF_INT128__)
#define PROACT__I128_MAX ((__int128)(~(unsigned __int128)0 >> 1))
#define PROACT__I128_LOWEST                                                    \
  , __int128 : -PROACT__I128_MAX - 1, unsigned __int128 : (unsigned __int128)0
#define PROACT__I128_HIGHEST                                                   \
  , __int128 : PROACT__I128_MAX, unsigned __int128 : ~(unsigned __int128)0
#else
#define PROACT__I128_LOWEST
#define PROACT__I128_HIGHEST
#endif
#define PROACT__LOWEST(x)                                                      \
  _Generic((x), _Bool: 0,                                                      \
           char: PROACT__CHAR_SIGNED ? -__SCHAR_MAX__ - 1 : 0,                 \
           signed char: -__SCHAR_MAX__ - 1, unsigned char: 0,                  \
           short: -__SHRT_MAX__ - 1, unsigned short: 0,                        \
           int: -__INT_MAX__ - 1, unsigned: 0U,                                \
           long: -__LONG_MAX__ - 1L, unsigned long: 0UL,                       \
           long long: -__LONG_LONG_MAX__ - 1LL, unsigned long long: 0ULL,      \
           float: -__builtin_inff(),                                           \
           double: -__builtin_inf() PROACT__LDBL_LOWEST PROACT__F16_LOWEST     \
               PROACT__I128_LOWEST)
#define PROACT__HIGHEST(x)                                                     \
  _Generic((x), _Bool: 1,                                                      \
           char: PROACT__CHAR_SIGNED ? __SCHAR_MAX__ : __SCHAR_MAX__ * 2 + 1,  \
           signed char: __SCHAR_MAX__, unsigned char: __SCHAR_MAX__ * 2 + 1,   \
           short: __SHRT_MAX__, unsigned short: __SHRT_MAX__ * 2 + 1,          \
           int: __INT_MAX__, unsigned: __INT_MAX__ * 2U + 1U,                  \
           long: __LONG_MAX__, unsigned long: __LONG_MAX__ * 2UL + 1UL,        \
           long long: __LONG_LONG_MAX__,                                       \
           unsigned long long: __LONG_LONG_MAX__ * 2ULL + 1ULL,                \
           float: __builtin_inff(),                                            \
           double: __builtin_inf() PROACT__LDBL_HIGHEST PROACT__F16_HIGHEST    \
               PROACT__I128_HIGHEST)

/* Called by part p's host thread right before and right after its kernel:
 * the statistics time each device's kernels (and whether they overlap). */
PROACT_API void proact__loop_part_begin(proact__loop_t *loop, int part)
    PROACT__ENTRY(proact__loop_part_begin);
PROACT_API void proact__loop_part_end(proact__loop_t *loop, int part)
    PROACT__ENTRY(proact__loop_part_end);
/* Called after every part's kernel completed: runs the loop's transfer
 * mechanism, then frees the loop. For arrays of a data region, each part's
 * write spans become current on that part's device only (other replicas
 * and the host get them lazily: the next loop that reads them, or the
 * region's end). For arrays of no data region (loop-only replicas), the
 * written spans are copied to the host array, which then holds the values
 * the sequential loop would produce. */
PROACT_API void proact__loop_end(proact__loop_t *loop)
    PROACT__ENTRY(proact__loop_end);

#ifdef __cplusplus
}
#endif

#endif /* PROACT_LOWERING_H */
