/* Preloaded, it makes the unversioned libomp.so unloadable, as on a
 * machine with only the OpenMP runtime's package: libomptarget then cannot
 * connect to libomp's tool interface. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

void *dlopen(const char *file, int mode) {
  static void *(*next)(const char *, int);
  const char *base = file != NULL ? strrchr(file, '/') : NULL;
  base = base != NULL ? base + 1 : file;
  if (next == NULL)
    next = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
  /* A path that does not exist fails as a missing file does, with the
   * message dlerror() gives callers. */
  if (base != NULL && strcmp(base, "libomp.so") == 0)
    return next("/nonexistent/libomp.so", mode);
  return next(file, mode);
}
