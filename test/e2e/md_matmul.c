/* Matrix products on C's own constant-size arrays (double A[N][K] ...),
 * with the loop variables declared before the loops, C89 style: each
 * thread gets its own j and k, and the nest still collapses. matmul takes
 * them as parameters (pointers to rows) and names sections of rows; main
 * names its arrays whole, reads j's value after its inner loop inside the
 * iteration (one copy per iteration) and reduces a 2-D histogram.
 * Usage: md_matmul [rows] [repetitions] (rows of A multiplied, <= N) */
#include <proact.h>
#include "e2e_util.h"

#define N 48
#define K 40
#define M 36

static void matmul(long rows, double A[N][K], double B[K][M], double C[N][M]) {
  long i, j, k;
#pragma proact region(A[0:rows][0:K], B[0:K], C[0:rows])
  for (i = 0; i < rows; i++)
    for (j = 0; j < M; j++) {
      double s = 0;
      for (k = 0; k < K; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

static double A[N][K], B[K][M], C[N][M];

int main(int argc, char **argv) {
  long rows = e2e_arg(argc, argv, 1, N);
  long reps = e2e_arg(argc, argv, 2, 2);
  double D[N][M];
  int hist[8][4] = {{0}};
  int i, j;
  if (rows > N)
    rows = N;
  e2e_fill(&A[0][0], N * K, 3);
  e2e_fill(&B[0][0], K * M, 5);
  e2e_fill(&C[0][0], N * M, 9);
  e2e_fill(&D[0][0], N * M, 11);
  for (long r = 0; r < reps; r++) {
    matmul(rows, A, B, C);
#pragma proact region(C, D)
    for (i = 0; i < N; i++) {
      for (j = 0; j < M; j++)
        D[i][j] = 0.5 * C[i][j] + 0.25 * D[i][j];
      D[i][M - 1] += (double)j;
    }
  }
#pragma proact region(D) reduction(+: hist)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      hist[(int)(D[i][j] * 8.0) & 7][j & 3] += 1;
  for (j = 0; j < 3; j++) /* j is the program's again */
    hist[0][j] += j;
  e2e_print("C", C, sizeof(C));
  e2e_print("D", D, sizeof(D));
  e2e_print("hist", hist, sizeof(hist));
  return 0;
}
