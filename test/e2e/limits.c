/* The proactive mechanisms count a part's blocks in 32 bits
 * (docs/user/limits.md, "Tuning"): a part of more than 2^31 - 1 blocks
 * that pushes must stop with the error naming the loop and the knob, not
 * wrap a counter. Usage: limits blocks (with two devices, e.g.
 * PROACT_DEVICES=0*2, and PROACT_BLOCK_POINTS=1).
 *
 * The array is 4 GiB of bytes, created (never copied) and never touched
 * but for two elements: the first loop makes device 0 read an element
 * the second loop's part on device 1 writes, so that part pushes; its
 * readiness state is refused before any kernel runs. */
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const long n = (1L << 32) + 4, h = n / 2;
  char *a, c[2] = {0, 0};
  if (strcmp(mode, "blocks") != 0)
    return 2;
  if ((a = malloc((size_t)n)) == NULL)
    return 2;
#pragma proact data create(a[0:n]) copy(c[0:2])
  {
    /* part 0 (i = h) reads a[h + 1], which part 1 writes below */
#pragma proact region(a[h:3], c[0:2])
    for (long i = h; i < h + 2; i++)
      c[i - h] = a[i + 1];
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[i] = (char)i;
  }
  printf("no error\n");
  free(a);
  return 0;
}
