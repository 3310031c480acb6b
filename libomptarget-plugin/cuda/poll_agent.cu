/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The poll agent (mech(poll)): a persistent kernel launched on its own
// stream next to the loop's OpenMP kernel on the same GPU. Block j of the
// grid owns chunks j, j + grid, ...; its thread 0 polls the chunk's
// counter until the loop's teams brought it to zero, then the whole block
// pushes the chunk's pieces to the peers with 16-byte stores, then thread 0
// sets the counter back to its initial value for the loop's next execution
// (the state stays on the device, proact/detail/ready_types.h). It ends when
// every chunk with pieces is delivered, or when none became ready for
// timeout_ns (globaltimer) after the loop's kernel ended (rd->kernel_done),
// reporting the stalled chunk instead of hanging.
#include "proact/detail/ready_types.h"

struct agent_result { // proact__agent_result_t
  long long stalled;
  long long remaining;
  unsigned long long busy_ns;
  unsigned long long run_ns;
  unsigned long long share_ppm; // filled in by the host
};

static __device__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// 16 bytes at a time when both ends have the same alignment modulo 16 (a
// few bytes first: a stencil's halo starts one element into a row), four
// loads in flight per thread before their stores: a chunk is often copied
// by this block alone. proact__team_copy (device_team.h) is the kernels'
// twin, with one load in flight (registers).
static __device__ void block_copy(char *dst, const char *src, long long n) {
  long long i = 0;
  if (((reinterpret_cast<unsigned long long>(dst) ^
        reinterpret_cast<unsigned long long>(src)) & 15) == 0) {
    long long head =
        (long long)((16 - (reinterpret_cast<unsigned long long>(dst) & 15)) &
                    15);
    if (head > n)
      head = n;
    for (long long j = threadIdx.x; j < head; j += blockDim.x)
      dst[j] = src[j];
    const long long n16 = (n - head) / 16, t = blockDim.x;
    uint4 *d = reinterpret_cast<uint4 *>(dst + head);
    const uint4 *s = reinterpret_cast<const uint4 *>(src + head);
    long long j = threadIdx.x;
    for (; j + 3 * t < n16; j += 4 * t) {
      const uint4 a = s[j], b = s[j + t], c = s[j + 2 * t], e = s[j + 3 * t];
      d[j] = a;
      d[j + t] = b;
      d[j + 2 * t] = c;
      d[j + 3 * t] = e;
    }
    for (; j < n16; j += t)
      d[j] = s[j];
    i = head + n16 * 16;
  }
  for (long long j = i + threadIdx.x; j < n; j += blockDim.x)
    dst[j] = src[j];
}

extern "C" __global__ void proact_poll_agent(const proact__ready_t *rd,
                                             unsigned long long timeout_ns,
                                             agent_result *result) {
  __shared__ int stalled;
  const unsigned long long start = now_ns();
  unsigned long long last = start, busy = 0, looked = start;
  int ended = rd->kernel_done == nullptr; // the loop's kernel returned
  int worked = 0;
  for (long long c = blockIdx.x; c < rd->ncounters; c += gridDim.x) {
    if (rd->piece_first[c] == rd->piece_first[c + 1])
      continue;
    if (threadIdx.x == 0) {
      int left;
      stalled = 0;
      while ((left = *(volatile int *)&rd->counters[c]) != 0) {
        // The flag is host memory: read it at most once a millisecond,
        // since reads across PCIe from every spinning block slow the
        // loop's own kernel. The watchdog counts from the later of the
        // last chunk and the kernel's end: a long kernel is not a stall.
        if (!ended && now_ns() - looked > 1000000ull) {
          looked = now_ns();
          if (*(volatile int *)rd->kernel_done) {
            ended = 1;
            last = looked;
          }
        }
        if (ended && now_ns() - last > timeout_ns) {
          result->stalled = c + 1;
          result->remaining = left;
          stalled = 1;
          break;
        }
        __nanosleep(256);
      }
      __threadfence(); // acquire: the teams' stores before their decrement
    }
    __syncthreads();
    if (stalled) {
      if (threadIdx.x == 0)
        atomicMax(&result->run_ns, now_ns() - start);
      return;
    }
    unsigned long long t0 = now_ns();
    for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1]; p++)
      block_copy(rd->pieces[p].dst, rd->pieces[p].src, rd->pieces[p].bytes);
    __syncthreads();
    // No team decrements c again in this execution; the next one starts
    // after this kernel ended (push_drain), so a plain store is enough.
    if (threadIdx.x == 0)
      rd->counters[c] = rd->counters_init[c];
    last = now_ns();
    busy += last - t0;
    worked = 1;
    if (threadIdx.x == 0 && rd->stamps != nullptr) { // PROACT_TRACE
      rd->stamps[3 * c + 1] = t0;
      rd->stamps[3 * c + 2] = last;
    }
  }
  // The result is host memory: a block without chunks stays off PCIe.
  if (threadIdx.x == 0 && worked) {
    atomicMax(&result->busy_ns, busy);
    atomicMax(&result->run_ns, now_ns() - start); // the last block to end
  }
}

// The clock probe (agent_cuda.c): for k = 1 .. rounds, waits until the
// host wrote k to *go, then writes the global timer to stamp[k - 1]. The
// host brackets each round with its own clock. Gives up after a second
// without a round, so that it never outlives a host that stopped.
extern "C" __global__ void proact_clock_probe(volatile unsigned *go,
                                             volatile unsigned long long *stamp,
                                             int rounds) {
  for (int k = 1; k <= rounds; k++) {
    const unsigned long long start = now_ns();
    while (*go != (unsigned)k)
      if (now_ns() - start > 1000000000ull)
        return;
    stamp[k - 1] = now_ns();
    __threadfence_system();
  }
}
