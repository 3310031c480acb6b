// Hand-written CUDA of the loops of proact_kernels.c (copy, scale, clamp, triad,
// 2-D 5-point Jacobi, 3-D 7-point stencil) plus cudaMemcpy device to device:
// the reference bandwidths for PROACT's generated kernels. Same options,
// sizes, inputs, repetitions, median and output format as proact_kernels
// (bench/kernels/common.h); each launch is timed alone with cudaEvents.
//
// Usage: cuda_kernels [--stream-n N] [--jacobi-n N] [--stencil3d-n N]
//                     [--reps R] [--warmup W] [--device D]
// Build: nvcc -O3 -arch=sm_90 cuda_kernels.cu -o cuda_kernels
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define CK(call)                                                               \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "cuda_kernels: %s:%d: %s: %s\n", __FILE__, __LINE__,     \
              #call, cudaGetErrorString(e_));                                  \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// After every launch: launch-configuration errors now, execution errors at
// the event synchronisation that follows.
#define CK_LAUNCH() CK(cudaGetLastError())

// ---------------------------------------------------------------- kernels

// Streaming kernels: float4 loads and stores over the first n/4 vectors
// (cudaMalloc returns 256-byte aligned pointers), a scalar tail for the last
// n % 4 elements; grid-stride loops, so any grid covers any n.
__global__ void __launch_bounds__(256)
k_copy(const float *__restrict__ a, float *__restrict__ c, long long n) {
  const long long n4 = n >> 2;
  const long long stride = (long long)gridDim.x * blockDim.x;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const float4 *a4 = reinterpret_cast<const float4 *>(a);
  float4 *c4 = reinterpret_cast<float4 *>(c);
  for (long long i = t; i < n4; i += stride)
    c4[i] = __ldg(&a4[i]);
  for (long long i = 4 * n4 + t; i < n; i += stride)
    c[i] = a[i];
}

__global__ void __launch_bounds__(256)
k_scale(const float *__restrict__ a, float *__restrict__ c, float s,
        long long n) {
  const long long n4 = n >> 2;
  const long long stride = (long long)gridDim.x * blockDim.x;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const float4 *a4 = reinterpret_cast<const float4 *>(a);
  float4 *c4 = reinterpret_cast<float4 *>(c);
  for (long long i = t; i < n4; i += stride) {
    float4 x = __ldg(&a4[i]);
    c4[i] = make_float4(s * x.x, s * x.y, s * x.z, s * x.w);
  }
  for (long long i = 4 * n4 + t; i < n; i += stride)
    c[i] = s * a[i];
}

// The scale capped at BK_CLAMP, as proact_kernels.c's clamp loop.
__global__ void __launch_bounds__(256)
k_clamp(const float *__restrict__ a, float *__restrict__ c, float s,
        long long n) {
  const long long n4 = n >> 2;
  const long long stride = (long long)gridDim.x * blockDim.x;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const float4 *a4 = reinterpret_cast<const float4 *>(a);
  float4 *c4 = reinterpret_cast<float4 *>(c);
  for (long long i = t; i < n4; i += stride) {
    float4 x = __ldg(&a4[i]);
    c4[i] = make_float4(fminf(s * x.x, BK_CLAMP), fminf(s * x.y, BK_CLAMP),
                        fminf(s * x.z, BK_CLAMP), fminf(s * x.w, BK_CLAMP));
  }
  for (long long i = 4 * n4 + t; i < n; i += stride)
    c[i] = fminf(s * a[i], BK_CLAMP);
}

__global__ void __launch_bounds__(256)
k_triad(const float *__restrict__ a, const float *__restrict__ b,
        float *__restrict__ c, float s, long long n) {
  const long long n4 = n >> 2;
  const long long stride = (long long)gridDim.x * blockDim.x;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const float4 *a4 = reinterpret_cast<const float4 *>(a);
  const float4 *b4 = reinterpret_cast<const float4 *>(b);
  float4 *c4 = reinterpret_cast<float4 *>(c);
  for (long long i = t; i < n4; i += stride) {
    float4 x = __ldg(&a4[i]), y = __ldg(&b4[i]);
    c4[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z,
                        x.w + s * y.w);
  }
  for (long long i = 4 * n4 + t; i < n; i += stride)
    c[i] = a[i] + s * b[i];
}

// 2-D 5-point Jacobi, 32 x 8 blocks: x along j (coalesced, 128-byte rows
// aligned on the row start), y along i; rows beyond the grid's y extent are
// handled by a grid-stride loop in i. Interior points only.
#define JX 32
#define JY 8
__global__ void __launch_bounds__(JX * JY)
k_jacobi(const float *__restrict__ u, float *__restrict__ v, long long n) {
  const long long j = (long long)blockIdx.x * JX + threadIdx.x;
  if (j < 1 || j >= n - 1)
    return;
  for (long long i = (long long)blockIdx.y * JY + threadIdx.y; i < n - 1;
       i += (long long)gridDim.y * JY) {
    if (i < 1)
      continue;
    const long long c = i * n + j;
    v[c] = BK_JAC * (__ldg(&u[c - n]) + __ldg(&u[c + n]) + __ldg(&u[c - 1]) +
                     __ldg(&u[c + 1]));
  }
}

// The same sweep as a CUDA programmer tunes it: blocks of JW threads over
// columns, each thread marching down JH rows of its column with u[i-1][j],
// u[i][j] and u[i+1][j] in registers, so each row is loaded once per strip
// (the horizontal neighbours are the warp's own row, L1 hits).
#define JW 128
#define JH 32
__global__ void __launch_bounds__(JW)
k_jacobi_walk(const float *__restrict__ u, float *__restrict__ v, long long n) {
  const long long j = (long long)blockIdx.x * JW + threadIdx.x;
  if (j < 1 || j >= n - 1)
    return;
  const long long i0 = 1 + (long long)blockIdx.y * JH;
  long long i1 = i0 + JH;
  if (i1 > n - 1)
    i1 = n - 1;
  if (i0 >= i1)
    return;
  long long c = i0 * n + j;
  float up = __ldg(&u[c - n]), mid = __ldg(&u[c]);
  for (long long i = i0; i < i1; i++, c += n) {
    const float dn = __ldg(&u[c + n]);
    v[c] = BK_JAC * (up + dn + __ldg(&u[c - 1]) + __ldg(&u[c + 1]));
    up = mid;
    mid = dn;
  }
}

// The column walk that also finds the sweep's largest change max |v - u|,
// as a solver's convergence test does: each thread keeps its maximum, the
// warp combines with shuffles, one atomicMax per warp on the float's bits
// (non-negative floats order as their bit patterns).
__global__ void __launch_bounds__(JW)
k_jacobi_walk_norm(const float *__restrict__ u, float *__restrict__ v,
                   long long n, unsigned *norm) {
  const long long j = (long long)blockIdx.x * JW + threadIdx.x;
  float big = 0;
  const long long i0 = 1 + (long long)blockIdx.y * JH;
  long long i1 = i0 + JH;
  if (i1 > n - 1)
    i1 = n - 1;
  if (j >= 1 && j < n - 1 && i0 < i1) {
    long long c = i0 * n + j;
    float up = __ldg(&u[c - n]), mid = __ldg(&u[c]);
    for (long long i = i0; i < i1; i++, c += n) {
      const float dn = __ldg(&u[c + n]);
      const float nv = BK_JAC * (up + dn + __ldg(&u[c - 1]) + __ldg(&u[c + 1]));
      big = fmaxf(big, fabsf(nv - mid));
      v[c] = nv;
      up = mid;
      mid = dn;
    }
  }
  for (int o = 16; o > 0; o >>= 1)
    big = fmaxf(big, __shfl_xor_sync(0xffffffffu, big, o));
  if ((threadIdx.x & 31) == 0)
    atomicMax(norm, __float_as_uint(big));
}

// 3-D 7-point stencil: 32 x 8 blocks over (k, j) -- x along k, the
// contiguous index -- each thread marching in i through a slab of SI planes
// (blockIdx.z picks the slab), keeping p[i-1], p[i], p[i+1] of its column in
// registers so that each plane is loaded once per slab.
#define SX 32
#define SY 8
#define SI 64
__global__ void __launch_bounds__(SX * SY)
k_stencil(const float *__restrict__ p, float *__restrict__ q, long long n) {
  const long long k = (long long)blockIdx.x * SX + threadIdx.x;
  const long long j = (long long)blockIdx.y * SY + threadIdx.y;
  if (k < 1 || k >= n - 1 || j < 1 || j >= n - 1)
    return;
  const long long nn = n * n;
  const long long i0 = 1 + (long long)blockIdx.z * SI;
  long long i1 = i0 + SI;
  if (i1 > n - 1)
    i1 = n - 1;
  if (i0 >= i1)
    return;
  long long c = i0 * nn + j * n + k;
  float below = __ldg(&p[c - nn]), mid = __ldg(&p[c]);
  for (long long i = i0; i < i1; i++, c += nn) {
    const float above = __ldg(&p[c + nn]);
    q[c] = BK_C0 * mid +
           BK_C1 * (below + above + __ldg(&p[c - n]) + __ldg(&p[c + n]) +
                    __ldg(&p[c - 1]) + __ldg(&p[c + 1]));
    below = mid;
    mid = above;
  }
}

// ---------------------------------------------------------------- harness

static float *dev_alloc(size_t n) {
  float *p = NULL;
  CK(cudaMalloc(&p, n * sizeof(float)));
  return p;
}

static float *host_alloc(size_t n, const char *what) {
  float *p = (float *)malloc(n * sizeof(float));
  if (!p) {
    fprintf(stderr, "cuda_kernels: out of host memory for %s (%zu floats)\n",
            what, n);
    exit(1);
  }
  return p;
}

// Host values -> new device array.
static float *dev_input(size_t n, unsigned seed, float *host) {
  for (size_t i = 0; i < n; i++)
    host[i] = bk_value((long)i, seed);
  float *d = dev_alloc(n);
  CK(cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice));
  return d;
}

static cudaEvent_t ev0, ev1;

// Runs launch() warmup + reps times, recording the reps' seconds in t.
template <typename F> static void timeit(const bk_opts &o, double *t, F launch) {
  for (int r = -o.warmup; r < o.reps; r++) {
    CK(cudaEventRecord(ev0));
    launch();
    CK(cudaEventRecord(ev1));
    CK(cudaEventSynchronize(ev1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, ev0, ev1));
    if (r >= 0)
      t[r] = 1e-3 * ms;
  }
  CK(cudaDeviceSynchronize());
}

static unsigned grid1(long long work, int sms) {
  // One thread per float4 (or element), at most 64 waves' worth of blocks
  // per SM; the grid-stride loop covers the rest.
  long long blocks = (work + 255) / 256;
  long long cap = (long long)sms * 2048 / 256 * 64;
  if (blocks > cap)
    blocks = cap;
  return (unsigned)(blocks < 1 ? 1 : blocks);
}

int main(int argc, char **argv) {
  // --device D is ours alone; the rest is common.h's.
  int dev = 0;
  int nargc = 0;
  char **nargv = (char **)malloc(sizeof(char *) * (size_t)(argc + 1));
  for (int i = 0; i < argc; i++) {
    if (i > 0 && !strcmp(argv[i], "--device") && i + 1 < argc) {
      dev = atoi(argv[++i]);
      continue;
    }
    nargv[nargc++] = argv[i];
  }
  nargv[nargc] = NULL;
  bk_opts o;
  int rc = bk_parse(nargc, nargv, &o);
  if (rc)
    return rc;

  CK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  const int sms = prop.multiProcessorCount;
  char device[320];
  snprintf(device, sizeof device, "CUDA device %d (%s, %d SMs)", dev,
           prop.name, sms);
  bk_header("CUDA", device, &o);

  const long long sn = o.stream_n, n2 = o.jacobi_n, n3 = o.stencil_n;
  const long long cells2 = n2 * n2, nn3 = n3 * n3, cells3 = nn3 * n3;
  const float s = BK_SCALE;
  const int reps = o.reps;

  // Host inputs (kept for the checks) and one host buffer for the outputs.
  size_t maxn = (size_t)sn;
  if ((size_t)cells2 > maxn) maxn = (size_t)cells2;
  if ((size_t)cells3 > maxn) maxn = (size_t)cells3;
  float *ha = host_alloc((size_t)sn, "a"), *hb = host_alloc((size_t)sn, "b");
  float *hu = host_alloc((size_t)cells2, "u");
  float *hp = host_alloc((size_t)cells3, "p");
  float *hout = host_alloc(maxn, "outputs");

  float *a = dev_input((size_t)sn, BK_SEED_A, ha);
  float *b = dev_input((size_t)sn, BK_SEED_B, hb);
  float *c_copy = dev_alloc((size_t)sn), *c_scale = dev_alloc((size_t)sn);
  float *c_triad = dev_alloc((size_t)sn), *c_mcpy = dev_alloc((size_t)sn);
  float *c_clamp = dev_alloc((size_t)sn);
  float *u = dev_input((size_t)cells2, BK_SEED_U, hu);
  float *v = dev_alloc((size_t)cells2), *vw = dev_alloc((size_t)cells2);
  float *p = dev_input((size_t)cells3, BK_SEED_P, hp);
  float *q = dev_alloc((size_t)cells3);
  CK(cudaEventCreate(&ev0));
  CK(cudaEventCreate(&ev1));

  double *t = (double *)malloc((size_t)reps * 9 * sizeof(double));
  double *t_copy = t, *t_scale = t + reps, *t_triad = t + 2 * reps;
  double *t_jac = t + 3 * reps, *t_st = t + 4 * reps, *t_mc = t + 5 * reps;
  double *t_jw = t + 6 * reps, *t_jn = t + 7 * reps, *t_cl = t + 8 * reps;
  unsigned *d_norm = nullptr, h_norm = 0;
  CK(cudaMalloc(&d_norm, sizeof(unsigned)));

  const unsigned gs = grid1((sn + 3) / 4, sms);
  timeit(o, t_copy, [&] { k_copy<<<gs, 256>>>(a, c_copy, sn); CK_LAUNCH(); });
  timeit(o, t_scale,
         [&] { k_scale<<<gs, 256>>>(a, c_scale, s, sn); CK_LAUNCH(); });
  timeit(o, t_cl,
         [&] { k_clamp<<<gs, 256>>>(a, c_clamp, s, sn); CK_LAUNCH(); });
  timeit(o, t_triad,
         [&] { k_triad<<<gs, 256>>>(a, b, c_triad, s, sn); CK_LAUNCH(); });

  long long gy = (n2 + JY - 1) / JY;
  if (gy > 65535)
    gy = 65535; // the kernel's loop in i covers the rest
  const dim3 gj((unsigned)((n2 + JX - 1) / JX), (unsigned)gy);
  timeit(o, t_jac, [&] { k_jacobi<<<gj, dim3(JX, JY)>>>(u, v, n2); CK_LAUNCH(); });

  const long long gwy = (n2 - 2 + JH - 1) / JH;
  if (gwy > 65535) {
    fprintf(stderr, "cuda_kernels: --jacobi-n %lld too large\n", n2);
    return 2;
  }
  const dim3 gw((unsigned)((n2 + JW - 1) / JW), (unsigned)gwy);
  timeit(o, t_jw, [&] { k_jacobi_walk<<<gw, JW>>>(u, vw, n2); CK_LAUNCH(); });
  // A solver's step: reset the norm, sweep, bring the norm to the host.
  timeit(o, t_jn, [&] {
    CK(cudaMemsetAsync(d_norm, 0, sizeof(unsigned)));
    k_jacobi_walk_norm<<<gw, JW>>>(u, vw, n2, d_norm);
    CK_LAUNCH();
    CK(cudaMemcpy(&h_norm, d_norm, sizeof(unsigned), cudaMemcpyDeviceToHost));
  });

  const long long sz = (n3 - 2 + SI - 1) / SI;
  if ((n3 + SY - 1) / SY > 65535 || sz > 65535) {
    fprintf(stderr, "cuda_kernels: --stencil3d-n %lld too large\n", n3);
    return 2;
  }
  const dim3 gsn((unsigned)((n3 + SX - 1) / SX), (unsigned)((n3 + SY - 1) / SY),
                 (unsigned)sz);
  timeit(o, t_st,
         [&] { k_stencil<<<gsn, dim3(SX, SY)>>>(p, q, n3); CK_LAUNCH(); });

  timeit(o, t_mc, [&] {
    CK(cudaMemcpy(c_mcpy, a, (size_t)sn * sizeof(float),
                  cudaMemcpyDeviceToDevice));
  });

  // Checks on BK_SAMPLES points of each output, against the host inputs.
  char where[96];
  bk_check ck[9] = {{"copy", 0},          {"scale", 0},
                    {"triad", 0},         {"jacobi2d", 0},
                    {"stencil3d", 0},     {"memcpy", 0},
                    {"jacobi2d-walk", 0}, {"jacobi2d-norm", 0},
                    {"clamp", 0}};
  {
    float got, want = bk_ref_norm(hu, (long)n2);
    memcpy(&got, &h_norm, sizeof got);
    if (!bk_close(got, want))
      bk_mismatch(&ck[7], "max change", got, want);
  }
  float *outs[5] = {c_copy, c_scale, c_triad, c_mcpy, c_clamp};
  int slot[5] = {0, 1, 2, 5, 8};
  for (int w = 0; w < 5; w++) {
    CK(cudaMemcpy(hout, outs[w], (size_t)sn * sizeof(float),
                  cudaMemcpyDeviceToHost));
    for (long x = 0; x < BK_SAMPLES; x++) {
      long i = bk_sample(x, 0, (long)sn);
      float ref = w == 1   ? s * ha[i]
                  : w == 2 ? ha[i] + s * hb[i]
                  : w == 4 ? bk_ref_clamp(ha[i])
                           : ha[i];
      snprintf(where, sizeof where, "[%ld]", i);
      int ok = (w == 0 || w == 3) ? hout[i] == ref : bk_close(hout[i], ref);
      if (!ok)
        bk_mismatch(&ck[slot[w]], where, hout[i], ref);
    }
  }
  float *jout[2] = {v, vw};
  int jslot[2] = {3, 6};
  for (int w = 0; w < 2; w++) {
    CK(cudaMemcpy(hout, jout[w], (size_t)cells2 * sizeof(float),
                  cudaMemcpyDeviceToHost));
    for (long x = 0; x < BK_SAMPLES; x++) {
      long i2 = bk_sample(x, 0, (long)((n2 - 2) * (n2 - 2)));
      long ji = 1 + i2 / (long)(n2 - 2), jj = 1 + i2 % (long)(n2 - 2);
      float ref = bk_ref_jacobi(hu, (long)n2, ji, jj);
      snprintf(where, sizeof where, "[%ld][%ld]", ji, jj);
      if (!bk_close(hout[ji * n2 + jj], ref))
        bk_mismatch(&ck[jslot[w]], where, hout[ji * n2 + jj], ref);
    }
  }
  CK(cudaMemcpy(hout, q, (size_t)cells3 * sizeof(float),
                cudaMemcpyDeviceToHost));
  for (long x = 0; x < BK_SAMPLES; x++) {
    long m = (long)n3 - 2;
    long i3 = bk_sample(x, 0, m * m * m);
    long si = 1 + i3 / (m * m), sj = 1 + (i3 / m) % m, sk = 1 + i3 % m;
    float ref = bk_ref_stencil(hp, (long)n3, si, sj, sk);
    long c = si * (long)nn3 + sj * (long)n3 + sk;
    snprintf(where, sizeof where, "[%ld][%ld][%ld]", si, sj, sk);
    if (!bk_close(hout[c], ref))
      bk_mismatch(&ck[4], where, hout[c], ref);
  }

  char size[64];
  const double fsn = (double)sn;
  snprintf(size, sizeof size, "%lld", sn);
  bk_report("copy", size, 8.0 * fsn, t_copy, reps, ck[0].bad == 0);
  bk_report("scale", size, 8.0 * fsn, t_scale, reps, ck[1].bad == 0);
  bk_report("clamp", size, 8.0 * fsn, t_cl, reps, ck[8].bad == 0);
  bk_report("triad", size, 12.0 * fsn, t_triad, reps, ck[2].bad == 0);
  snprintf(size, sizeof size, "%lld^2", n2);
  bk_report("jacobi2d", size, 8.0 * (double)(n2 - 2) * (double)(n2 - 2),
            t_jac, reps, ck[3].bad == 0);
  bk_report("jacobi2d-walk", size, 8.0 * (double)(n2 - 2) * (double)(n2 - 2),
            t_jw, reps, ck[6].bad == 0);
  bk_report("jacobi2d-norm", size, 8.0 * (double)(n2 - 2) * (double)(n2 - 2),
            t_jn, reps, ck[7].bad == 0 && ck[6].bad == 0);
  snprintf(size, sizeof size, "%lld^3", n3);
  bk_report("stencil3d", size,
            8.0 * (double)(n3 - 2) * (double)(n3 - 2) * (double)(n3 - 2), t_st,
            reps, ck[4].bad == 0);
  snprintf(size, sizeof size, "%lld", sn);
  bk_report("memcpy", size, 8.0 * fsn, t_mc, reps, ck[5].bad == 0);

  int fails = 0;
  for (int k = 0; k < 9; k++)
    fails += ck[k].bad != 0;
  CK(cudaEventDestroy(ev0));
  CK(cudaEventDestroy(ev1));
  float *dptrs[] = {a,      b, c_copy, c_scale, c_clamp, c_triad,
                    c_mcpy, u, v,      vw,      p,       q};
  for (float *d : dptrs)
    CK(cudaFree(d));
  free(ha); free(hb); free(hu); free(hp); free(hout); free(t); free(nargv);
  return fails ? 1 : 0;
}
