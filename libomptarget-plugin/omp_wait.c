/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP's own entry points that move, set or free device memory, defined
 * by libproact as well and reached first (programs link it before
 * libomptarget, as for __tgt_target_kernel): each waits for the kernels
 * a loop left running as a CUDA graph (dev.h, kernel_graph_run without
 * wait), then calls libomptarget's. The program's `target data`,
 * `target update` and omp_target_memcpy then see what the loops wrote,
 * as they would had each loop waited. Those that give the program a
 * device address also note it, so that later loops wait at their end. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#include "error_report.h"
#include "omp_wait.h"

/* What waits for the graphs (the device layer's, set when it opens a
 * backend that leaves graphs running): this file is below the layer's
 * other files, which call OpenMP. */
static void (*graph_wait)(void);

void proact__omp_wait_set(void (*wait)(void)) {
  __atomic_store_n(&graph_wait, wait, __ATOMIC_RELEASE);
}

static void wait_graphs(void) {
  void (*wait)(void) = __atomic_load_n(&graph_wait, __ATOMIC_ACQUIRE);
  if (wait != NULL)
    wait();
}

void *proact__omp_next_entry(const char *name, void **slot) {
  void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (f != NULL)
    return f;
  f = dlsym(RTLD_NEXT, name);
  if (f == NULL)
    proact__fatal(NULL, 0, 0, "libproact found no %s after its own: is "
                              "libomptarget linked after it?", name);
  __atomic_store_n(slot, f, __ATOMIC_RELEASE);
  return f;
}

/* The program's device images, counted as libomptarget registers them.
 * libproact also registers an empty descriptor when it loads: LLVM 22's
 * omp_get_num_devices, which libomp calls at its start, dereferences a
 * runtime that only a registration sets up, and a program none of whose
 * objects carry device code would crash there. The program's own images
 * take its place when they come (removed at exit, it would reach a CUDA
 * plugin already shut down). */
typedef struct omp_bin_desc {
  int32_t nimages;
  void *images;
  void *entries_begin;
  void *entries_end;
} omp_bin_desc_t;
typedef void (*omp_register_fn_t)(omp_bin_desc_t *);
static void *register_next, *unregister_next;
static int omp_image_count, omp_empty_held;
static omp_bin_desc_t omp_empty_desc;

__attribute__((visibility("default"))) void
__tgt_register_lib(omp_bin_desc_t *desc) {
  omp_register_fn_t f;
  if (desc != NULL && desc->nimages > 0)
    __atomic_add_fetch(&omp_image_count, desc->nimages, __ATOMIC_RELAXED);
  *(void **)&f = proact__omp_next_entry("__tgt_register_lib", &register_next);
  f(desc);
  if (desc != NULL && desc->nimages > 0 &&
      __atomic_exchange_n(&omp_empty_held, 0, __ATOMIC_ACQ_REL)) {
    *(void **)&f =
        proact__omp_next_entry("__tgt_unregister_lib", &unregister_next);
    f(&omp_empty_desc);
  }
}

int proact__omp_images(void) {
  return __atomic_load_n(&omp_image_count, __ATOMIC_RELAXED);
}

__attribute__((constructor)) static void omp_images_open(void) {
  __tgt_register_lib(&omp_empty_desc);
  __atomic_store_n(&omp_empty_held, 1, __ATOMIC_RELEASE);
}

/* Defines name with parameters params (a parenthesized list) and
 * arguments args, of type ret (retkw: return, or nothing for void): waits,
 * runs the statement first, then forwards. */
#define PROACT_OMP_ENTRY(ret, retkw, name, params, args, first)               \
  typedef ret(*name##_fn_t) params;                                           \
  static void *name##_next;                                                   \
  __attribute__((visibility("default"))) ret name params {                   \
    name##_fn_t f;                                                            \
    wait_graphs();                                                            \
    first;                                                                    \
    *(void **)&f = proact__omp_next_entry(#name, &name##_next);               \
    retkw f args;                                                             \
  }
#define PROACT_OMP_WAIT_ENTRY(ret, retkw, name, params, args)                 \
  PROACT_OMP_ENTRY(ret, retkw, name, params, args, (void)0)

/* The mapper entries clang generates for `target data`, `target enter
 * data`, `target exit data` and `target update` (LLVM 16 to 22). */
#define PROACT_MAPPER_PARAMS                                                  \
  (void *loc, int64_t dev, int32_t n, void **bases, void **ptrs,              \
   int64_t *sizes, int64_t *types, void **names, void **mappers)
#define PROACT_MAPPER_ARGS                                                    \
  (loc, dev, n, bases, ptrs, sizes, types, names, mappers)
#define PROACT_NOWAIT_PARAMS                                                  \
  (void *loc, int64_t dev, int32_t n, void **bases, void **ptrs,              \
   int64_t *sizes, int64_t *types, void **names, void **mappers,              \
   int32_t ndeps, void *deps, int32_t nnoalias, void *noalias)
#define PROACT_NOWAIT_ARGS                                                    \
  (loc, dev, n, bases, ptrs, sizes, types, names, mappers, ndeps, deps,       \
   nnoalias, noalias)

/* Set for good once the program holds a device address of its own
 * (omp_get_mapped_ptr, use_device_ptr/addr): its own CUDA calls on it are
 * not ordered after graphs still running, so loops wait at their end. */
static int device_ptrs_out;

int proact__omp_device_ptrs_out(void) {
  return __atomic_load_n(&device_ptrs_out, __ATOMIC_ACQUIRE);
}

static void note_device_ptrs(int32_t n, const int64_t *types) {
  enum { TGT_MAP_RETURN_PARAM = 0x40 }; /* use_device_ptr/addr */
  for (int32_t i = 0; i < n && types != NULL; i++)
    if (types[i] & TGT_MAP_RETURN_PARAM)
      __atomic_store_n(&device_ptrs_out, 1, __ATOMIC_RELEASE);
}

PROACT_OMP_ENTRY(void, , __tgt_target_data_begin_mapper, PROACT_MAPPER_PARAMS,
                 PROACT_MAPPER_ARGS, note_device_ptrs(n, types))
PROACT_OMP_ENTRY(void, , __tgt_target_data_begin_nowait_mapper,
                 PROACT_NOWAIT_PARAMS, PROACT_NOWAIT_ARGS,
                 note_device_ptrs(n, types))

typedef void *(*mapped_ptr_fn_t)(const void *ptr, int dev);
static void *mapped_ptr_next;

void *proact__omp_mapped_ptr(const void *ptr, int dev) {
  mapped_ptr_fn_t f;
  *(void **)&f = proact__omp_next_entry("omp_get_mapped_ptr",
                                        &mapped_ptr_next);
  return f(ptr, dev);
}

__attribute__((visibility("default"))) void *
omp_get_mapped_ptr(const void *ptr, int dev) {
  wait_graphs();
  __atomic_store_n(&device_ptrs_out, 1, __ATOMIC_RELEASE);
  return proact__omp_mapped_ptr(ptr, dev);
}

PROACT_OMP_WAIT_ENTRY(void, , __tgt_target_data_end_mapper,
                      PROACT_MAPPER_PARAMS, PROACT_MAPPER_ARGS)
PROACT_OMP_WAIT_ENTRY(void, , __tgt_target_data_update_mapper,
                      PROACT_MAPPER_PARAMS, PROACT_MAPPER_ARGS)
PROACT_OMP_WAIT_ENTRY(void, , __tgt_target_data_end_nowait_mapper,
                      PROACT_NOWAIT_PARAMS, PROACT_NOWAIT_ARGS)
PROACT_OMP_WAIT_ENTRY(void, , __tgt_target_data_update_nowait_mapper,
                      PROACT_NOWAIT_PARAMS, PROACT_NOWAIT_ARGS)

/* The device memory routines (OpenMP 5.2, 3.8; omp_depend_t is a
 * pointer). Declared here, not from omp.h: LLVM 16's has no memset. */
PROACT_OMP_WAIT_ENTRY(int, return, omp_target_memcpy,
                      (void *dst, const void *src, size_t bytes,
                       size_t dst_off, size_t src_off, int dst_dev,
                       int src_dev),
                      (dst, src, bytes, dst_off, src_off, dst_dev, src_dev))
PROACT_OMP_WAIT_ENTRY(int, return, omp_target_memcpy_rect,
                      (void *dst, const void *src, size_t elem, int ndims,
                       const size_t *volume, const size_t *dst_offs,
                       const size_t *src_offs, const size_t *dst_dims,
                       const size_t *src_dims, int dst_dev, int src_dev),
                      (dst, src, elem, ndims, volume, dst_offs, src_offs,
                       dst_dims, src_dims, dst_dev, src_dev))
/* OpenMP 5.1's asynchronous copies and 6.0's memset: in libomptarget from
 * LLVM 19 on (not 16's), so defined only there, as libomptarget has them. */
#if __clang_major__ >= 19
PROACT_OMP_WAIT_ENTRY(int, return, omp_target_memcpy_async,
                      (void *dst, const void *src, size_t bytes,
                       size_t dst_off, size_t src_off, int dst_dev,
                       int src_dev, int ndeps, void **deps),
                      (dst, src, bytes, dst_off, src_off, dst_dev, src_dev,
                       ndeps, deps))
PROACT_OMP_WAIT_ENTRY(int, return, omp_target_memcpy_rect_async,
                      (void *dst, const void *src, size_t elem, int ndims,
                       const size_t *volume, const size_t *dst_offs,
                       const size_t *src_offs, const size_t *dst_dims,
                       const size_t *src_dims, int dst_dev, int src_dev,
                       int ndeps, void **deps),
                      (dst, src, elem, ndims, volume, dst_offs, src_offs,
                       dst_dims, src_dims, dst_dev, src_dev, ndeps, deps))
PROACT_OMP_WAIT_ENTRY(void *, return, omp_target_memset,
                      (void *ptr, int value, size_t bytes, int dev),
                      (ptr, value, bytes, dev))
PROACT_OMP_WAIT_ENTRY(void *, return, omp_target_memset_async,
                      (void *ptr, int value, size_t bytes, int dev,
                       int ndeps, void **deps),
                      (ptr, value, bytes, dev, ndeps, deps))
#endif
PROACT_OMP_WAIT_ENTRY(void, , omp_target_free, (void *ptr, int dev),
                      (ptr, dev))
/* LLVM's allocators' frees (llvm_omp_target_alloc_device and friends). */
PROACT_OMP_WAIT_ENTRY(void, , llvm_omp_target_free_device,
                      (void *ptr, int dev), (ptr, dev))
PROACT_OMP_WAIT_ENTRY(void, , llvm_omp_target_free_host, (void *ptr, int dev),
                      (ptr, dev))
PROACT_OMP_WAIT_ENTRY(void, , llvm_omp_target_free_shared,
                      (void *ptr, int dev), (ptr, dev))
