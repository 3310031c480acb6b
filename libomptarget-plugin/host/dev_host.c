/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Backend for x86_64 host-offload devices: their omp_target_alloc memory is
 * plain memory of this process, so copies are memcpy. (LLVM 16's host plugin
 * cannot copy between devices: isDataExchangable() is false.) */
#include <ctype.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "log.h"
#include "dev_ops.h"

enum { PROBE_BYTES = 64 };

/* libomptarget's entry for `target enter data`, the ABI clang's generated
 * code calls; with no maps it only initializes the device and loads the
 * program's images onto it. */
void __tgt_target_data_begin_mapper(void *loc, int64_t dev, int32_t n,
                                    void **bases, void **ptrs, int64_t *sizes,
                                    int64_t *types, void **names,
                                    void **mappers);

/* Whether ptr is readable memory of this process: write() reads it in the
 * kernel and fails with EFAULT instead of crashing when it is not. */
static int host_readable(const void *ptr, size_t bytes) {
  char sink[PROBE_BYTES];
  int fds[2];
  ssize_t n;

  if (pipe(fds) != 0)
    return 0;
  n = write(fds[1], ptr, bytes);
  if (n == (ssize_t)bytes)
    n = read(fds[0], sink, bytes);
  close(fds[0]);
  close(fds[1]);
  return n == (ssize_t)bytes;
}

/* Whether path is a name mkstemp("/tmp/tmpfile_XXXXXX") makes. */
static int host_image_file(const char *path) {
  static const char prefix[] = "/tmp/tmpfile_";
  const char *tail = path + sizeof(prefix) - 1;

  if (strncmp(path, prefix, sizeof(prefix) - 1) != 0 || strlen(tail) != 6)
    return 0;
  for (int i = 0; i < 6; i++)
    if (!isalnum((unsigned char)tail[i]))
      return 0;
  return 1;
}

/* LLVM's host plugin dlopens each device's image from a file it writes to
 * /tmp/tmpfile_XXXXXX and, from LLVM 17 on, never removes, so every run
 * would leave one per device in /tmp. Once mapped, the file is no longer
 * needed: remove those this process maps with execute permission. */
static void host_unlink_images(void) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096];

  if (maps == NULL)
    return;
  while (fgets(line, sizeof(line), maps) != NULL) {
    char perms[8], path[4096];
    size_t len = strlen(line);

    if (len > 0 && line[len - 1] == '\n')
      line[len - 1] = '\0';
    /* address perms offset dev inode path; a removed file reads
     * "path (deleted)", which the name test rejects. */
    if (sscanf(line, "%*s %7s %*s %*s %*s %4095[^\n]", perms, path) != 2 ||
        perms[2] != 'x' || !host_image_file(path))
      continue;
    if (unlink(path) == 0)
      proact__info(PROACT__SUBSYS_INIT, "removed the device image file %s",
                   path);
  }
  fclose(maps);
}

/* Each device's memory must be readable here and hold what
 * omp_target_memcpy wrote into it. */
static proact_status_t host_probe(int ndev) {
  unsigned char pattern[PROBE_BYTES];
  int ok = 1;

  for (int i = 0; i < PROBE_BYTES; i++)
    pattern[i] = (unsigned char)(0xa5 ^ i);
  for (int dev = 0; dev < ndev && ok; dev++) {
    void *ptr = omp_target_alloc(PROBE_BYTES, dev);
    if (ptr == NULL)
      return PROACT_ERR_UNSUPPORTED;
    ok = omp_target_memcpy(ptr, pattern, PROBE_BYTES, 0, 0, dev,
                           omp_get_initial_device()) == 0 &&
         host_readable(ptr, PROBE_BYTES) &&
         memcmp(ptr, pattern, PROBE_BYTES) == 0;
    omp_target_free(ptr, dev);
  }
  /* LLVM 16 loads a device's images at its first target construct, later
   * ones at the allocations: load them now, so that their files go now,
   * and those of libraries opened later at exit. */
  for (int dev = 0; dev < ndev && ok; dev++)
    __tgt_target_data_begin_mapper(NULL, dev, 0, NULL, NULL, NULL, NULL,
                                   NULL, NULL);
  host_unlink_images();
  if (ok)
    atexit(host_unlink_images);
  return ok ? PROACT_OK : PROACT_ERR_UNSUPPORTED;
}

static proact_status_t host_copy_to_dev(int dev, void *dst, const void *src,
                                        size_t bytes) {
  (void)dev;
  memcpy(dst, src, bytes);
  return PROACT_OK;
}

static proact_status_t host_copy_to_host(void *dst, int dev, const void *src,
                                         size_t bytes) {
  (void)dev;
  memcpy(dst, src, bytes);
  return PROACT_OK;
}

static proact_status_t host_copy_peer(int dst_dev, void *dst, int src_dev,
                                      const void *src, size_t bytes) {
  (void)dst_dev;
  (void)src_dev;
  memcpy(dst, src, bytes);
  return PROACT_OK;
}

/* A host device's kernels are this process's threads: its CPUs are its
 * multiprocessors, and its memory is the host's, which every other host
 * device reaches too. */
static void host_describe(int dev, int ndev, proact__device_t *device) {
  struct utsname un;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  int limit = omp_get_thread_limit();

  (void)dev;
  device->kind = PROACT__DEVICE_HOST_CPU;
  snprintf(device->name, sizeof(device->name), "%s host-offload device",
           uname(&un) == 0 ? un.machine : "host");
  device->multiprocessors = omp_get_num_procs();
  /* A team's threads are host threads: no more than the thread limit, and
   * more than the CPUs would only take turns. */
  device->max_team_threads =
      limit > 0 && limit < device->multiprocessors ? limit
                                                   : device->multiprocessors;
  if (pages > 0 && page > 0)
    device->memory_bytes = (uint64_t)pages * (uint64_t)page;
  device->peer_mask = ndev >= 64 ? ~0ull : (1ull << ndev) - 1;
}

const proact__dev_ops_t proact__dev_host_ops = {
    .name = "host",
    .probe = host_probe,
    .describe = host_describe,
    .copy_to_dev = host_copy_to_dev,
    .copy_to_host = host_copy_to_host,
    .copy_peer = host_copy_peer,
    .sync_all = proact__dev_sync_nothing, /* memcpy is synchronous */
    .sync_dev = proact__dev_sync_dev_nothing,
    .host_alloc = proact__dev_host_alloc_plain,
    .host_free = proact__dev_host_free_plain,
    .clock_offset = proact__dev_clock_same,
    .agent_start = proact__host_agent_start,
    .agent_wait = proact__host_agent_wait,
    /* Every host device's kernels use this process's memory. */
    .shared_alloc = proact__dev_shared_alloc_plain,
    .shared_free = proact__dev_shared_free_plain,
};
