/* The host plugin's device image files: after a loop ran on every device,
 * no file the process maps from /tmp/tmpfile_* may still exist (each would
 * stay in /tmp after the process ends). Prints how many image mappings it
 * saw and exits 1 if one is still a file. */
#include <proact.h>
#include <string.h>
#include "e2e_util.h"

int main(void) {
  long n = 1001;
  double *u = e2e_alloc(n);
  char line[4096];
  int mapped = 0, kept = 0;
  FILE *maps;

  e2e_fill(u, n, 1);
#pragma proact region(u[0:n])
  for (long i = 0; i < n; i++)
    u[i] = u[i] * 0.5 + 1.0;
  maps = fopen("/proc/self/maps", "r");
  if (maps == NULL) {
    perror("/proc/self/maps");
    return 2;
  }
  while (fgets(line, sizeof(line), maps) != NULL) {
    if (strstr(line, " /tmp/tmpfile_") == NULL)
      continue;
    mapped++;
    if (strstr(line, "(deleted)") == NULL) {
      kept++;
      fprintf(stderr, "still a file: %s", line);
    }
  }
  fclose(maps);
  printf("image mappings %d, still files %d\n", mapped, kept);
  free(u);
  return kept == 0 ? 0 : 1;
}
