/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What a kernel's team does on its device, for the readiness protocol
 * (device_protocol.h) and the reductions (team_fold.h): fences, the
 * team's identities and barrier, the device's clock, a team's copy.
 * OpenMP device code only. */
#ifndef PROACT_DEVICE_TEAM_H
#define PROACT_DEVICE_TEAM_H

#ifdef _OPENMP
#include <omp.h>

/* Fences by hand: clang 16's NVPTX backend cannot select `fence`, acquire
 * loads or acq_rel read-modify-writes (relaxed atomics work). */
#ifdef __NVPTX__
#define PROACT__FENCE_GPU() __asm__ volatile("fence.acq_rel.gpu;" ::: "memory")
#define PROACT__FENCE_SYS() __asm__ volatile("fence.sc.sys;" ::: "memory")
#else
#define PROACT__FENCE_GPU() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define PROACT__FENCE_SYS() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif

#pragma omp begin declare target

#ifndef __NVPTX__
/* libc's clock_gettime under a name of our own, so that this header needs
 * neither <time.h> nor the POSIX feature macros the user's code may not
 * define; the layout is Linux's struct timespec. */
struct proact__timespec {
  long tv_sec;
  long tv_nsec;
};
extern int proact__clock_gettime(int clock, struct proact__timespec *ts)
    __asm__("clock_gettime");
#endif

/* A bare kernel's identities (clang 18+ `ompx_bare`: no device runtime
 * team start, see docs/design/lowering.md). On a GPU the team is the CUDA
 * block and each thread runs the kernel; on a host device or in the host
 * fallback a bare region is teams of one thread each, so thread 0 of 1. */
#ifdef __NVPTX__
static inline int proact__kernel_thread(void) {
  return __nvvm_read_ptx_sreg_tid_x();
}
static inline int proact__kernel_threads(void) {
  return __nvvm_read_ptx_sreg_ntid_x();
}
static inline int proact__kernel_team(void) {
  return __nvvm_read_ptx_sreg_ctaid_x();
}
static inline int proact__kernel_teams(void) {
  return __nvvm_read_ptx_sreg_nctaid_x();
}
/* The team's barrier (__syncthreads): also orders the team's memory. */
static inline void proact__kernel_sync(void) {
  __asm__ volatile("bar.sync 0;" ::: "memory");
}
#else
static inline int proact__kernel_thread(void) { return 0; }
static inline int proact__kernel_threads(void) { return 1; }
static inline int proact__kernel_team(void) { return omp_get_team_num(); }
static inline int proact__kernel_teams(void) { return omp_get_num_teams(); }
static inline void proact__kernel_sync(void) {}
#endif

/* Inlined wherever called, so that a call's constant `bare` picks one
 * branch before the optimiser looks at the runtime's: a bare kernel that
 * kept a call of the runtime's barrier or team numbers, which it never
 * sets up, would lose the code after it as unreachable. */
#define PROACT__TEAM_INLINE __attribute__((always_inline))

/* The calling kernel's team, for the readiness code that bare and SPMD
 * kernels share: bare is a constant of the generated call (1 in an
 * `ompx_bare` kernel, 0 in a target teams + parallel one), so each kernel
 * keeps only its own branch. */
static inline PROACT__TEAM_INLINE int proact__team_thread(int bare) {
  return bare ? proact__kernel_thread() : omp_get_thread_num();
}
static inline PROACT__TEAM_INLINE int proact__team_threads(int bare) {
  return bare ? proact__kernel_threads() : omp_get_num_threads();
}
static inline PROACT__TEAM_INLINE int proact__team_num(int bare) {
  return bare ? proact__kernel_team() : omp_get_team_num();
}
static inline PROACT__TEAM_INLINE int proact__team_count(int bare) {
  return bare ? proact__kernel_teams() : omp_get_num_teams();
}
/* The runtime's barrier in a function of its own: clang fetches the
 * thread's OpenMP number at the start of a function with an OpenMP
 * directive, a call that a bare kernel must not reach. */
static inline void proact__team_omp_barrier(void) {
#pragma omp barrier
}
static inline PROACT__TEAM_INLINE void proact__team_sync(int bare) {
  if (bare)
    proact__kernel_sync();
  else
    proact__team_omp_barrier();
}

/* The device's clock for rd->stamps, in ns: on a GPU its global timer
 * (the runtime maps it to the host's clock); a host device's kernels run
 * in the program's process and read its CLOCK_MONOTONIC (1 on Linux). */
static inline unsigned long long proact__ready_clock(void) {
#ifdef __NVPTX__
  unsigned long long t;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#else
  struct proact__timespec ts;
  proact__clock_gettime(1, &ts);
  return (unsigned long long)ts.tv_sec * 1000000000ull +
         (unsigned long long)ts.tv_nsec;
#endif
}

/* Copies bytes with the calling team's threads, 16 bytes at a time when
 * both ends have the same alignment modulo 16 (a few bytes first up to a
 * 16-byte boundary: a stencil's halo starts one element into a row, and a
 * byte-by-byte copy would be many times slower). The poll agent's
 * block_copy (poll_agent.cu) is its nvcc twin, with four loads in flight
 * per thread; here one, because more would cost the instrumented kernels,
 * which poll, trigger and dma run, many registers. The instrumented
 * kernels' register allocation is fragile: measure any change to this
 * function or its indices. */
static inline void proact__team_copy(char *dst, const char *src,
                                     long long bytes, int tid, int nth) {
  long long i = 0;
  /* A team of 16 threads or more copies the head in one step (a loop
   * there costs the instrumented kernels registers); a host device's team
   * of one thread copies bytes. */
  if (nth >= 16 &&
      (((unsigned long long)dst ^ (unsigned long long)src) & 15) == 0) {
    typedef unsigned int v4u __attribute__((ext_vector_type(4)));
    long long head = (long long)((16 - ((unsigned long long)dst & 15)) & 15);
    long long n;
    if (head > bytes)
      head = bytes;
    if (tid < head)
      dst[tid] = src[tid];
    n = (bytes - head) / 16;
    for (long long j = tid; j < n; j += nth)
      ((v4u *)(dst + head))[j] = ((const v4u *)(src + head))[j];
    i = head + n * 16;
  }
  for (long long j = i + tid; j < bytes; j += nth)
    dst[j] = src[j];
}

#pragma omp end declare target
#endif /* _OPENMP */

#endif /* PROACT_DEVICE_TEAM_H */
