/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Writing the profile (format in tune_profile.h). */
#include "tune_profile.h"

#include <string.h>

const char *tune_bytes_text(long long bytes, char *buf, size_t size) {
  if (bytes <= 0)
    snprintf(buf, size, "-");
  else if (bytes % (1LL << 20) == 0)
    snprintf(buf, size, "%lld MiB", bytes >> 20);
  else if (bytes % 1024 == 0)
    snprintf(buf, size, "%lld KiB", bytes >> 10);
  else
    snprintf(buf, size, "%lld B", bytes);
  return buf;
}

int tune_profile_write(const char *path, char *const *argv,
                       const char *header, const tune_loop_time_t *loops,
                       int nloops, const tune_config_t *const *cfgs) {
  FILE *f = fopen(path, "w");
  if (f == NULL)
    return -1;
  fprintf(f, "# proact-tune profile (docs/user/tuning.md): compile with\n"
             "#   -fplugin-arg-proact-profile=%s\n# program:", path);
  for (char *const *a = argv; *a != NULL; a++)
    fprintf(f, " %s", *a);
  fprintf(f, "\n%s", header);
  for (int i = 0; i < nloops; i++) {
    /* The path the compiler saw keeps two sources of one base name apart;
     * the profile is split at blanks and '#' starts a comment, so those
     * (and '%') are written %XX, as the plugin reads them. */
    const char *file = loops[i].file;
    if (file[0] != '\0') {
      fputs("loop ", f);
      for (const char *c = file; *c != '\0'; c++)
        if (*c == ' ' || *c == '\t' || *c == '%' || *c == '#')
          fprintf(f, "%%%02X", (unsigned)(unsigned char)*c);
        else
          fputc(*c, f);
      fprintf(f, ":%d", loops[i].line);
    } else {
      fprintf(f, "loop %s", loops[i].key);
    }
    fprintf(f, " mech %s chunk %lld threads %d", cfgs[i]->mech,
            cfgs[i]->chunk, cfgs[i]->threads);
    if (loops[i].id != 0)
      fprintf(f, " id %016llx", loops[i].id);
    fputc('\n', f);
  }
  return fclose(f) == 0 ? 0 : -1;
}
