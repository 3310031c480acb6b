/* Which OpenMP kernel shape makes the 2-D 5-point Jacobi sweep fast with
 * clang 16? The companion of copy_shapes.c for the stencil: times
 * v[i][j] = 0.25 (u[i-1][j] + u[i+1][j] + u[i][j-1] + u[i][j+1]) over the
 * interior of an n x n float grid on OpenMP device 0 in several shapes
 * (plain OpenMP, no PROACT plugin), median of repetitions.
 * Usage: stencil_shapes [n (default 16384)] [reps (default 20)] [device (default 0)] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define REPS_MAX 200
/* PROACT's lowering on a GPU (docs/design/lowering.md): 1056 teams of 256
 * threads, blocks of 8192 points, i.e. of max(1, 8192 / inner trip) rows. */
#define BLK_POINTS 8192
#define BLK_TEAMS 1056
#define BLK_THREADS 256

typedef void variant_func_t(const float *u, float *v, long n, int dev);

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

#define STENCIL(i, j)                                                          \
  (0.25f * (u[((i) - 1) * n + (j)] + u[((i) + 1) * n + (j)] +                 \
            u[(i) * n + (j) - 1] + u[(i) * n + (j) + 1]))

/* What a CUDA programmer's OpenMP would be: both loops collapsed. */
static void v_collapse(const float *u, float *v, long n, int dev) {
#pragma omp target teams distribute parallel for collapse(2) device(dev) is_device_ptr(u, v)
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = STENCIL(i, j);
}

/* An earlier lowering: teams take row blocks; '#pragma omp for
 * collapse(2) schedule(static, 1)' inside. */
static void v_block_for(const float *u, float *v, long n, int dev) {
  const long inner = n - 2, rows = inner >= BLK_POINTS ? 1 : BLK_POINTS / inner;
  const long long nb = (n - 2 + rows - 1) / rows;
#pragma omp target teams num_teams(BLK_TEAMS) thread_limit(BLK_THREADS) device(dev) is_device_ptr(u, v)
#pragma omp parallel num_threads(BLK_THREADS)
  for (long long blk = omp_get_team_num(); blk < nb;
       blk += omp_get_num_teams()) {
    const long lo = 1 + (long)blk * rows;
    const long hi = lo + rows < n - 1 ? lo + rows : n - 1;
#pragma omp for collapse(2) schedule(static, 1) nowait
    for (long i = lo; i <= hi - 1; ++i)
      for (long j = 1; j < n - 1; j++)
        v[i * n + j] = STENCIL(i, j);
  }
}

/* Row blocks; each thread walks its columns j = 1 + t, 1 + t + T, ...,
 * U columns at a time with every load issued before the U stores. */
#define BLK_ILP_BODY(U)                                                        \
  const long inner = n - 2, rows = inner >= BLK_POINTS ? 1 : BLK_POINTS / inner; \
  const long long nb = (n - 2 + rows - 1) / rows;                              \
  _Pragma("omp target teams num_teams(BLK_TEAMS) thread_limit(BLK_THREADS) device(dev) is_device_ptr(u, v)") \
  _Pragma("omp parallel num_threads(BLK_THREADS)")                              \
  {                                                                            \
    const long t = omp_get_thread_num(), T = omp_get_num_threads();            \
    for (long long blk = omp_get_team_num(); blk < nb;                         \
         blk += omp_get_num_teams()) {                                         \
      const long lo = 1 + (long)blk * rows;                                    \
      const long hi = lo + rows < n - 1 ? lo + rows : n - 1;                   \
      for (long i = lo; i < hi; i++)                                           \
        for (long j = 1 + t; j < n - 1; j += (U) * T) {                        \
          if (j + ((U) - 1) * T < n - 1) {                                     \
            float r[U];                                                        \
            for (int k = 0; k < (U); k++)                                      \
              r[k] = STENCIL(i, j + k * T);                                    \
            for (int k = 0; k < (U); k++)                                      \
              v[i * n + j + k * T] = r[k];                                     \
          } else {                                                             \
            for (long jj = j; jj < n - 1; jj += T)                             \
              v[i * n + jj] = STENCIL(i, jj);                                  \
          }                                                                    \
        }                                                                      \
    }                                                                          \
  }

static void v_block_strided(const float *u, float *v, long n, int dev) {
  BLK_ILP_BODY(1)
}
static void v_block_ilp2(const float *u, float *v, long n, int dev) {
  BLK_ILP_BODY(2)
}
static void v_block_ilp4(const float *u, float *v, long n, int dev) {
  BLK_ILP_BODY(4)
}
static void v_block_ilp8(const float *u, float *v, long n, int dev) {
  BLK_ILP_BODY(8)
}


/* 2-D tiles of TW columns x TH rows, one tile per block, teams taking tiles
 * team, team + teams, ...; thread t owns column t % TW of the tile and walks
 * its rows in order (with TW < T, the threads t / TW split the rows). Row
 * i - 1 and row i of a column were read by the same warp one step before,
 * so the vertical neighbours come from L1 instead of L2 or DRAM. */
#define TILE_WALK_BODY(TW, TH, REUSE)                                          \
  const long inner = n - 2;                                                    \
  const long ncol = (inner + (TW) - 1) / (TW), nrow = (inner + (TH) - 1) / (TH); \
  const long long nb = (long long)ncol * nrow;                                 \
  _Pragma("omp target teams num_teams(BLK_TEAMS) thread_limit(512) device(dev) is_device_ptr(u, v)") \
  _Pragma("omp parallel num_threads(512)")                                     \
  {                                                                            \
    const long t = omp_get_thread_num(), T = omp_get_num_threads();            \
    /* T >= TW on a GPU; a host team may have fewer threads than TW, whose  \
     * lanes then take every T-th column */                                    \
    const long ngrp = T >= (TW) ? T / (TW) : 1, grp = T >= (TW) ? t / (TW) : 0; \
    const long rows_per = ((TH) + ngrp - 1) / ngrp;                            \
    for (long long blk = omp_get_team_num(); blk < nb;                         \
         blk += omp_get_num_teams())                                           \
    for (long lane = T >= (TW) ? t % (TW) : t; lane < (TW);                    \
         lane += T >= (TW) ? (TW) : T) {                                       \
      const long ti = (long)(blk / ncol), tj = (long)(blk % ncol);             \
      const long j = 1 + tj * (TW) + lane;                                     \
      long lo = 1 + ti * (TH) + grp * rows_per;                                \
      long hi = lo + rows_per;                                                 \
      const long tile_hi = 1 + (ti + 1) * (TH);                                \
      if (hi > tile_hi) hi = tile_hi;                                          \
      if (hi > n - 1) hi = n - 1;                                              \
      if (j >= n - 1 || lo >= hi) continue;                                    \
      if (REUSE) {                                                             \
        float up = u[(lo - 1) * n + j], c = u[lo * n + j];                     \
        for (long i = lo; i < hi; i++) {                                       \
          const float dn = u[(i + 1) * n + j];                                 \
          v[i * n + j] = 0.25f * (up + dn + u[i * n + j - 1] + u[i * n + j + 1]); \
          up = c;                                                              \
          c = dn;                                                              \
        }                                                                      \
      } else {                                                                 \
        for (long i = lo; i < hi; i++)                                         \
          v[i * n + j] = STENCIL(i, j);                                        \
      }                                                                        \
    }                                                                          \
  }

static void v_tile512x32(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(512, 32, 0)
}
static void v_tile512x64(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(512, 64, 0)
}
static void v_tile256x64(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(256, 64, 0)
}
static void v_tile128x128(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(128, 128, 0)
}
static void v_tile512x32_reuse(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(512, 32, 1)
}
static void v_tile512x64_reuse(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(512, 64, 1)
}
static void v_tile256x64_reuse(const float *u, float *v, long n, int dev) {
  TILE_WALK_BODY(256, 64, 1)
}

/* Blocks of U rows; thread t takes columns j = 1 + t, 1 + t + T, ... and
 * for each computes the U rows of its column with every load issued before
 * the U stores (the copy's groups, along i): the U + 2 vertical loads of a
 * column are issued together and repeated ones merge, so each row is read
 * about once per block. RESTRICT: the pointers restrict-qualified. */
#define ROWGROUP_BODY(U, RESTRICT)                                             \
  const long inner = n - 2;                                                    \
  const long long nb = (inner + (U) - 1) / (U);                                \
  _Pragma("omp target teams num_teams(BLK_TEAMS) thread_limit(512) device(dev) is_device_ptr(u0, v0)") \
  _Pragma("omp parallel num_threads(512)")                                     \
  {                                                                            \
    const float *RESTRICT u = u0;                                              \
    float *RESTRICT v = v0;                                                    \
    const long t = omp_get_thread_num(), T = omp_get_num_threads();            \
    for (long long blk = omp_get_team_num(); blk < nb;                         \
         blk += omp_get_num_teams()) {                                         \
      const long lo = 1 + (long)blk * (U);                                     \
      if (lo + (U) <= n - 1) {                                                 \
        for (long j = 1 + t; j < n - 1; j += T) {                              \
          float r[U];                                                          \
          for (int k = 0; k < (U); k++)                                        \
            r[k] = STENCIL(lo + k, j);                                         \
          for (int k = 0; k < (U); k++)                                        \
            v[(lo + k) * n + j] = r[k];                                        \
        }                                                                      \
      } else {                                                                 \
        for (long i = lo; i < n - 1; i++)                                      \
          for (long j = 1 + t; j < n - 1; j += T)                              \
            v[i * n + j] = STENCIL(i, j);                                      \
      }                                                                        \
    }                                                                          \
  }
#define NO_RESTRICT

static void v_rows2(const float *u0, float *v0, long n, int dev) {
  ROWGROUP_BODY(2, NO_RESTRICT)
}
static void v_rows4(const float *u0, float *v0, long n, int dev) {
  ROWGROUP_BODY(4, NO_RESTRICT)
}
static void v_rows8(const float *u0, float *v0, long n, int dev) {
  ROWGROUP_BODY(8, NO_RESTRICT)
}
static void v_rows4_restrict(const float *u0, float *v0, long n, int dev) {
  ROWGROUP_BODY(4, restrict)
}
static void v_rows1_restrict(const float *u0, float *v0, long n, int dev) {
  ROWGROUP_BODY(1, restrict)
}

/* One team per tile of TW columns x TH rows (TEAMS 0; else TEAMS teams
 * taking tiles in turn) and one lane (column) per thread on a GPU; a host
 * device may give fewer teams and threads, which then loop over tiles and
 * lanes. The body (the arguments after IDX, the index type) runs for column
 * j over rows [lo, hi) of an ni x ni grid. */
#define TEAM_TILE_LANES(TW, TH, TEAMS, IDX, ...)                               \
  const IDX inner = (IDX)n - 2, ni = (IDX)n;                                   \
  const IDX ncol = (inner + (TW) - 1) / (TW), nrow = (inner + (TH) - 1) / (TH); \
  const int ntiles = (int)(ncol * nrow), tw = (TW);                            \
  const int nteams = (TEAMS) > 0 ? (TEAMS) : ntiles;                           \
  _Pragma("omp target teams num_teams(nteams) thread_limit(tw) device(dev) is_device_ptr(u, v)") \
  _Pragma("omp parallel num_threads(tw)")                                      \
  {                                                                            \
    for (int tile = omp_get_team_num(); tile < ntiles;                         \
         tile += omp_get_num_teams())                                          \
    for (int lane = omp_get_thread_num(); lane < (TW);                         \
         lane += omp_get_num_threads()) {                                      \
      const IDX j = 1 + (tile % ncol) * (TW) + lane;                           \
      const IDX lo = 1 + (tile / ncol) * (TH);                                 \
      const IDX hi = lo + (TH) < ni - 1 ? lo + (TH) : ni - 1;                  \
      if (j >= ni - 1)                                                         \
        continue;                                                              \
      __VA_ARGS__                                                              \
    }                                                                          \
  }

/* As k_jacobi_walk in cuda_kernels.cu: one team per tile, each thread
 * marching down its column with the vertical values in registers, the
 * load of row i + PD issued before row i's store (a prefetch distance of
 * PD rows), 32-bit offsets. */
#define WALK_BODY(TW, TH, PD)                                                  \
  TEAM_TILE_LANES(TW, TH, 0, int,                                              \
    float w[(PD) + 2];                                                         \
    for (int k = 0; k < (PD) + 1; k++)                                         \
      w[k] = lo - 1 + k < ni ? u[(lo - 1 + k) * ni + j] : 0.0f;                \
    for (int i = lo; i < hi; i++) {                                            \
      w[(PD) + 1] = i + (PD) < ni ? u[(i + (PD)) * ni + j] : 0.0f;             \
      const float l = u[i * ni + j - 1], r = u[i * ni + j + 1];                \
      v[i * ni + j] = 0.25f * (w[0] + w[2] + l + r);                           \
      for (int k = 0; k < (PD) + 1; k++)                                       \
        w[k] = w[k + 1];                                                       \
    })

static void v_walk128x32_pd1(const float *u, float *v, long n, int dev) {
  WALK_BODY(128, 32, 1)
}
static void v_walk128x32_pd2(const float *u, float *v, long n, int dev) {
  WALK_BODY(128, 32, 2)
}
static void v_walk128x32_pd4(const float *u, float *v, long n, int dev) {
  WALK_BODY(128, 32, 4)
}
static void v_walk256x64_pd2(const float *u, float *v, long n, int dev) {
  WALK_BODY(256, 64, 2)
}

/* What a lowering could emit for any one-assignment body, without knowing
 * it is a stencil: tiles of TW columns x TH rows (TEAM_TILE_LANES), each
 * thread walking its column in groups of U rows whose loads are all issued
 * before the U stores (the iterations are independent). With no store between them, the compiler
 * merges a group's repeated loads: U + 2 vertical loads instead of 2U. IDX
 * is the index type (int, or long as the user wrote it). */
#define GROUP_WALK_BODY(TW, TH, U, TEAMS, IDX)                                 \
  TEAM_TILE_LANES(TW, TH, TEAMS, IDX,                                          \
    IDX i = lo;                                                                \
    for (; i + (U) <= hi; i += (U)) {                                          \
      float r[U];                                                              \
      for (int k = 0; k < (U); k++)                                            \
        r[k] = STENCIL(i + k, j);                                              \
      for (int k = 0; k < (U); k++)                                            \
        v[(i + k) * ni + j] = r[k];                                            \
    }                                                                          \
    for (; i < hi; i++)                                                        \
      v[i * ni + j] = STENCIL(i, j);)

static void v_gwalk_u1(const float *u, float *v, long n, int dev) {
  GROUP_WALK_BODY(128, 32, 1, 0, int)
}
static void v_gwalk_u4(const float *u, float *v, long n, int dev) {
  GROUP_WALK_BODY(128, 32, 4, 0, int)
}
static void v_gwalk_u8(const float *u, float *v, long n, int dev) {
  GROUP_WALK_BODY(128, 32, 8, 0, int)
}
static void v_gwalk_u4_long(const float *u, float *v, long n, int dev) {
  GROUP_WALK_BODY(128, 32, 4, 0, long)
}
static void v_gwalk_u4_1056(const float *u, float *v, long n, int dev) {
  GROUP_WALK_BODY(128, 32, 4, BLK_TEAMS, int)
}
static void v_gwalk_u4_256x16(const float *u, float *v, long n, int dev) {
  GROUP_WALK_BODY(256, 16, 4, 0, int)
}

static const struct {
  const char *name;
  variant_func_t *func;
} variants[] = {
    {"collapse(2), no blocks", v_collapse},
    {"row blocks, omp for collapse(2) (an earlier lowering)", v_block_for},
    {"row blocks, thread-strided columns", v_block_strided},
    {"row blocks, strided, 2 columns loads first", v_block_ilp2},
    {"row blocks, strided, 4 columns loads first", v_block_ilp4},
    {"row blocks, strided, 8 columns loads first", v_block_ilp8},
    {"tiles 512 x 32, column walk", v_tile512x32},
    {"tiles 512 x 64, column walk", v_tile512x64},
    {"tiles 256 x 64, column walk (2 row groups)", v_tile256x64},
    {"tiles 128 x 128, column walk (4 row groups)", v_tile128x128},
    {"tiles 512 x 32, column walk, rows in registers", v_tile512x32_reuse},
    {"tiles 512 x 64, column walk, rows in registers", v_tile512x64_reuse},
    {"tiles 256 x 64, walk, registers, 2 row groups", v_tile256x64_reuse},
    {"blocks of 2 rows, 2 rows loads first", v_rows2},
    {"blocks of 4 rows, 4 rows loads first", v_rows4},
    {"blocks of 8 rows, 8 rows loads first", v_rows8},
    {"blocks of 4 rows, loads first, restrict", v_rows4_restrict},
    {"blocks of 1 row, restrict", v_rows1_restrict},
    {"team per 128 x 32 tile, column walk, prefetch 1", v_walk128x32_pd1},
    {"team per 128 x 32 tile, column walk, prefetch 2", v_walk128x32_pd2},
    {"team per 128 x 32 tile, column walk, prefetch 4", v_walk128x32_pd4},
    {"team per 256 x 64 tile, column walk, prefetch 2", v_walk256x64_pd2},
    {"team per 128 x 32 tile, walk, groups of 1 row", v_gwalk_u1},
    {"team per 128 x 32 tile, walk, groups of 4 rows", v_gwalk_u4},
    {"team per 128 x 32 tile, walk, groups of 8 rows", v_gwalk_u8},
    {"team per 128 x 32 tile, walk, groups of 4, long", v_gwalk_u4_long},
    {"1056 teams, 128 x 32 tiles, walk, groups of 4", v_gwalk_u4_1056},
    {"team per 256 x 16 tile, walk, groups of 4 rows", v_gwalk_u4_256x16},
};

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16384;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  int dev = argc > 3 ? atoi(argv[3]) : 0, ok = 1;
  if (reps < 1 || reps > REPS_MAX || n < 3 || n > 46340) {
    fprintf(stderr, "usage: %s [n, 3..46340] [reps 1..%d]\n", argv[0],
            REPS_MAX);
    return 2;
  }
  if (dev < 0 || dev >= omp_get_num_devices()) {
    fprintf(stderr, "%s: no OpenMP device %d (%d devices)\n", argv[0], dev,
            omp_get_num_devices());
    return 2;
  }
  const size_t cells = (size_t)n * (size_t)n, bytes = cells * sizeof(float);
  float *hu = malloc(bytes), *hv = malloc(bytes), *zero = calloc(cells, 4);
  float *u = omp_target_alloc(bytes, dev), *v = omp_target_alloc(bytes, dev);
  if (!hu || !hv || !zero || !u || !v) {
    fprintf(stderr, "allocation failed\n");
    return 1;
  }
  for (size_t c = 0; c < cells; c++)
    hu[c] = (float)(c % 977) * 0.01f;
  omp_target_memcpy(u, hu, bytes, 0, 0, dev, omp_get_initial_device());
  printf("# 5-point Jacobi sweep, %ld x %ld floats on device %d, median of "
         "%d after 3 warm-ups (GB/s counts u read once + v written once)\n",
         n, n, dev, reps);
  for (size_t k = 0; k < sizeof(variants) / sizeof(*variants); k++) {
    double t[REPS_MAX];
    omp_target_memcpy(v, zero, bytes, 0, 0, dev, omp_get_initial_device());
    for (int r = -3; r < reps; r++) {
      double t0 = omp_get_wtime();
      variants[k].func(u, v, n, dev);
      if (r >= 0)
        t[r] = omp_get_wtime() - t0;
    }
    qsort(t, (size_t)reps, sizeof(double), cmp_double);
    omp_target_memcpy(hv, v, bytes, 0, 0, omp_get_initial_device(), dev);
    int vok = 1;
    for (size_t c = 0; c < cells; c += cells / 4099 + 1) {
      long i = (long)(c / (size_t)n), j = (long)(c % (size_t)n);
      const float *uu = hu;
      float want = 0.0f;
      if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
        want = 0.25f * (uu[(i - 1) * n + j] + uu[(i + 1) * n + j] +
                        uu[i * n + j - 1] + uu[i * n + j + 1]);
      vok &= hv[c] == want;
    }
    ok &= vok;
    printf("%-48s %9.4f ms %8.1f GB/s %s\n", variants[k].name,
           t[reps / 2] * 1e3, 2.0 * (double)bytes / t[reps / 2] / 1e9,
           vok ? "PASS" : "FAIL");
  }
  printf("check: %s\n", ok ? "PASS" : "FAIL");
  omp_target_free(u, dev);
  omp_target_free(v, dev);
  free(hu);
  free(hv);
  free(zero);
  return ok ? 0 : 1;
}
