/* The poll agent's watchdog on every device (the GPU poll kernel on a
 * GPU, the agent thread on a host device; with PROACT_DEVICES=0*2 two
 * agents of logical devices of one GPU at once): on each, a readiness
 * state of two chunks in device memory, chunk 0 ready, chunk 1 never. Its
 * kernel_done flag (host memory the agent reads) is set 200 ms after the
 * agents start, as a part's host thread sets it when the kernel returns:
 * with a 50 ms watchdog each agent must deliver chunk 0, wait past the
 * 200 ms, and report chunk 1 stalled well under a second later. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "dev.h"
#include "proact/detail/device_ready.h"

#define MAX_DEVS 8

static volatile int *done_host[MAX_DEVS];
static int ndevs;

static void *end_kernel_later(void *arg) {
  const struct timespec wait = {0, 200 * 1000 * 1000};
  (void)arg;
  nanosleep(&wait, NULL);
  for (int i = 0; i < ndevs; i++)
    __atomic_store_n(done_host[i], 1, __ATOMIC_RELEASE);
  return NULL;
}

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "agent_watchdog: %s:%d: %s\n", __FILE__, __LINE__,      \
              #cond);                                                         \
      return 1;                                                               \
    }                                                                         \
  } while (0)

/* Device image: the header, then its tables, then the data. */
struct image {
  proact__ready_t rd;
  int counters[2], counters_init[2];
  long long piece_first[3];
  proact__ready_piece_t pieces[2];
  char src[256], dst0[256], dst1[256];
};

int main(void) {
  static struct image img[MAX_DEVS], back;
  char *d[MAX_DEVS] = {0};
  proact__agent_result_t r;
  pthread_t ender;
  uint64_t t0, waited;

  CHECK(proact__dev_init() == PROACT_OK && proact__dev_count() >= 1);
  if (!proact__dev_has_agent()) {
    printf("agent_watchdog: the devices have no poll agent; nothing to "
           "test\n");
    return 0;
  }
  ndevs = proact__dev_count() < MAX_DEVS ? proact__dev_count() : MAX_DEVS;
  for (int dev = 0; dev < ndevs; dev++) {
    void *done_dev = NULL;
    struct image *m = &img[dev];
    CHECK(proact__dev_alloc(dev, sizeof(*m), (void **)&d[dev]) == PROACT_OK);
    CHECK(proact__dev_host_alloc(dev, sizeof(int), (void **)&done_host[dev],
                                 &done_dev) == PROACT_OK);
    memset(m, 0, sizeof(*m));
    memset(m->src, 7, sizeof(m->src));
#define DEV(field) ((void *)(d[dev] + offsetof(struct image, field)))
    m->rd.ncounters = 2;
    m->rd.counters = DEV(counters);
    m->rd.counters_init = DEV(counters_init);
    m->rd.piece_first = DEV(piece_first);
    m->rd.pieces = DEV(pieces);
    m->rd.kernel_done = done_dev;
    m->counters[0] = 0; /* ready */
    m->counters[1] = 1; /* a block that never reports */
    m->counters_init[0] = 3;
    m->counters_init[1] = 1;
    m->piece_first[1] = 1;
    m->piece_first[2] = 2;
    m->pieces[0] = (proact__ready_piece_t){DEV(dst0), DEV(src), 256, 0, 0};
    m->pieces[1] = (proact__ready_piece_t){DEV(dst1), DEV(src), 256, 0, 0};
#undef DEV
    CHECK(proact__dev_copy_to_dev(dev, d[dev], m, sizeof(*m)) == PROACT_OK);
    CHECK(proact__dev_sync_dev(dev) == PROACT_OK);
    *done_host[dev] = 0;
  }

  t0 = proact__now_ns();
  for (int dev = 0; dev < ndevs; dev++)
    CHECK(proact__dev_agent_start(dev, (const proact__ready_t *)d[dev],
                                  &img[dev].rd, 64,
                                  50 * 1000 * 1000) == PROACT_OK);
  CHECK(pthread_create(&ender, NULL, end_kernel_later, NULL) == 0);
  for (int dev = 0; dev < ndevs; dev++) {
    CHECK(proact__dev_agent_wait(dev, &r) == PROACT_OK);
    waited = proact__now_ns() - t0;
    CHECK(proact__dev_copy_to_host(&back, dev, d[dev], sizeof(back)) ==
          PROACT_OK);
    CHECK(proact__dev_sync_dev(dev) == PROACT_OK);
    printf("agent_watchdog: device %d (OpenMP device %d): stalled chunk %lld "
           "(%lld left) after %.0f ms\n",
           dev, proact__dev_omp_id(dev), r.stalled - 1, r.remaining,
           (double)waited / 1e6);
    CHECK(r.stalled == 2 && r.remaining == 1);
    CHECK(back.dst0[0] == 7 && back.dst0[255] == 7); /* chunk 0 delivered */
    CHECK(back.dst1[0] == 0);                        /* chunk 1 not */
    CHECK(back.counters[0] == 3); /* restored for the next execution */
    CHECK(waited >= 250u * 1000 * 1000);
    CHECK(waited < 900u * 1000 * 1000);
  }
  pthread_join(ender, NULL);
  for (int dev = 0; dev < ndevs; dev++) {
    proact__dev_host_free(dev, (void *)done_host[dev]);
    proact__dev_free(dev, d[dev], sizeof(img[dev]));
  }
  printf("agent_watchdog: PASS on %d devices\n", ndevs);
  return 0;
}
