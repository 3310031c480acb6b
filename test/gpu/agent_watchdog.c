/* The poll agent's watchdog on whatever device 0 is (the GPU poll kernel on
 * a GPU, the agent thread on a host device): a readiness state of two
 * chunks in device memory, chunk 0 ready, chunk 1 never. Its kernel_done
 * flag (host memory the agent reads) is set 200 ms after the agent starts,
 * as a part's host thread sets it when the kernel returns: with a 50 ms
 * watchdog the agent must deliver chunk 0, wait past the 200 ms, and
 * report chunk 1 stalled well under a second later. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "dev.h"
#include "proact/detail/device_ready.h"

static volatile int *done_host;

static void *end_kernel_later(void *arg) {
  const struct timespec wait = {0, 200 * 1000 * 1000};
  (void)arg;
  nanosleep(&wait, NULL);
  __atomic_store_n(done_host, 1, __ATOMIC_RELEASE);
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

int main(void) {
  /* Device image: the header, then its tables, then the data. */
  struct image {
    proact__ready_t rd;
    int counters[2], counters_init[2];
    long long piece_first[3];
    proact__ready_piece_t pieces[2];
    char src[256], dst0[256], dst1[256];
  } img, back;
  char *d = NULL;
  void *done_dev = NULL;
  proact__agent_result_t r;
  pthread_t ender;
  uint64_t t0, waited;

  CHECK(proact__dev_init() == PROACT_OK && proact__dev_count() >= 1);
  if (!proact__dev_has_agent()) {
    printf("agent_watchdog: device 0 has no poll agent; nothing to test\n");
    return 0;
  }
  CHECK(proact__dev_alloc(0, sizeof(img), (void **)&d) == PROACT_OK);
  CHECK(proact__dev_host_alloc(0, sizeof(int), (void **)&done_host,
                               &done_dev) == PROACT_OK);
  memset(&img, 0, sizeof(img));
  memset(img.src, 7, sizeof(img.src));
#define DEV(field) ((void *)(d + offsetof(struct image, field)))
  img.rd.ncounters = 2;
  img.rd.counters = DEV(counters);
  img.rd.counters_init = DEV(counters_init);
  img.rd.piece_first = DEV(piece_first);
  img.rd.pieces = DEV(pieces);
  img.rd.kernel_done = done_dev;
  img.counters[0] = 0; /* ready */
  img.counters[1] = 1; /* a block that never reports */
  img.counters_init[0] = 3;
  img.counters_init[1] = 1;
  img.piece_first[1] = 1;
  img.piece_first[2] = 2;
  img.pieces[0] = (proact__ready_piece_t){DEV(dst0), DEV(src), 256, 0, 0};
  img.pieces[1] = (proact__ready_piece_t){DEV(dst1), DEV(src), 256, 0, 0};
  CHECK(proact__dev_copy_to_dev(0, d, &img, sizeof(img)) == PROACT_OK);
  CHECK(proact__dev_sync_dev(0) == PROACT_OK);

  *done_host = 0;
  t0 = proact__now_ns();
  CHECK(proact__dev_agent_start(0, (const proact__ready_t *)d, &img.rd, 64,
                                50 * 1000 * 1000) == PROACT_OK);
  CHECK(pthread_create(&ender, NULL, end_kernel_later, NULL) == 0);
  CHECK(proact__dev_agent_wait(0, &r) == PROACT_OK);
  waited = proact__now_ns() - t0;
  pthread_join(ender, NULL);
  CHECK(proact__dev_copy_to_host(&back, 0, d, sizeof(back)) == PROACT_OK);
  CHECK(proact__dev_sync_dev(0) == PROACT_OK);
  printf("agent_watchdog: stalled chunk %lld (%lld left) after %.0f ms\n",
         r.stalled - 1, r.remaining, (double)waited / 1e6);
  CHECK(r.stalled == 2 && r.remaining == 1);
  CHECK(back.dst0[0] == 7 && back.dst0[255] == 7); /* chunk 0 delivered */
  CHECK(back.dst1[0] == 0);                        /* chunk 1 not */
  CHECK(back.counters[0] == 3); /* restored for the next execution */
  CHECK(waited >= 250u * 1000 * 1000);
  CHECK(waited < 900u * 1000 * 1000);
  proact__dev_host_free(0, (void *)done_host);
  proact__dev_free(0, d, sizeof(img));
  printf("agent_watchdog: PASS\n");
  return 0;
}
