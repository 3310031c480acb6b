/* Tests of the device objects (libomptarget-plugin/dev.h) on the 4 host
 * devices this file's build offers, of the kernel geometry the runtime
 * derives from them, and of proact_print_info(). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "agent_thread.h"
#include "dev.h"
#include "launch.h"
#include "omp_wait.h"
#include "param.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"

TEST_IMPL(device_objects_on_host) {
  int n;

  ASSERT_EQ(proact__dev_init(), PROACT_OK);
  n = proact__dev_count();
  ASSERT_LE(2, n);
  ASSERT_STR_EQ(proact__dev_backend_name(), "host");
  for (int dev = 0; dev < n; dev++) {
    const proact__device_t *d = proact__dev_get(dev);
    ASSERT_TRUE(d != NULL);
    ASSERT_EQ(d->id, dev);
    ASSERT_EQ(d->kind, PROACT__DEVICE_HOST_CPU);
    ASSERT_STR_EQ(d->backend, "host");
    ASSERT_TRUE(strstr(d->name, "host-offload device") != NULL);
    ASSERT_EQ(d->multiprocessors, omp_get_num_procs());
    ASSERT_LE(1, d->max_team_threads);
    ASSERT_LE(d->max_team_threads, d->multiprocessors);
    ASSERT_EQ(d->copy_queues, 1);
    ASSERT_EQ(d->has_agent, 1);
    ASSERT_EQ(d->has_host_queue, 1);
    ASSERT_TRUE(d->memory_bytes > 0);
    /* Host devices share this process's memory: each reaches every other
     * one, and no device beyond the last. */
    for (int other = 0; other < n; other++)
      ASSERT_TRUE(proact__dev_can_peer(dev, other));
    ASSERT_TRUE(!proact__dev_can_peer(dev, n));
    ASSERT_TRUE(!proact__dev_can_peer(dev, -1));
  }
  ASSERT_TRUE(proact__dev_get(-1) == NULL);
  ASSERT_TRUE(proact__dev_get(n) == NULL);
  ASSERT_TRUE(!proact__dev_can_peer(n, 0));
  ASSERT_STR_EQ(proact__device_kind_name(PROACT__DEVICE_GPU), "gpu");
  ASSERT_STR_EQ(proact__device_kind_name(PROACT__DEVICE_HOST_CPU),
                "host-cpu");
  ASSERT_STR_EQ(proact__device_kind_name(PROACT__DEVICE_UNKNOWN), "unknown");
  /* The properties agree with the backend-wide answers. */
  ASSERT_EQ(proact__dev_has_agent(), proact__dev_get(0)->has_agent);
  ASSERT_EQ(proact__dev_has_host_queue(), proact__dev_get(0)->has_host_queue);
}

enum { GN = 4096 };
static double gx[GN];

/* Each part's kernel geometry of a GN-iteration loop writing gx[k]. */
static void geometry(int indexed_inner, int *teams, int *threads,
                     int *nparts) {
  proact__array_t arr = {"gx", gx, sizeof(double), 0, GN};
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3, 0};
  proact__loop_desc_t d = {.file = "g.c",
                           .line = 5,
                           .col = 1,
                           .first = 0,
                           .step = 1,
                           .trip = GN,
                           .mech = PROACT_MECH_MEMCPY,
                           .narrays = 1,
                           .arrays = &arr,
                           .nwrites = 1,
                           .writes = &site,
                           .inner_trip = 1,
                           .indexed_inner = indexed_inner};
  proact__loop_t *loop = proact__loop_begin(&d);

  *nparts = proact__loop_nparts(loop);
  for (int p = 0; p < *nparts; p++) {
    proact__part_iters_t it;
    long long nb;
    proact__ready_t *rd;
    int fwd;
    proact__loop_part_kernel(loop, p, &teams[p], &threads[p], &it, &nb, &rd,
                             &fwd);
  }
  proact__loop_end(loop);
}

/* Host devices' kernels run up to 4 teams (one per core) of one thread,
 * one each once a loop has as many parts,
 * whether or not the iterations walk rows read from an array. */
TEST_IMPL(device_geometry_on_host) {
  const int host_teams = omp_get_num_procs() < 4 ? omp_get_num_procs() : 4;
  int teams[PROACT__DEV_MAX], threads[PROACT__DEV_MAX], nparts;

  for (int indexed = 0; indexed <= 1; indexed++) {
    geometry(indexed, teams, threads, &nparts);
    ASSERT_EQ(nparts, proact_num_devices());
    /* As many parts as teams: one team each. */
    for (int p = 0; p < nparts; p++) {
      ASSERT_EQ(teams[p], nparts >= host_teams ? 1 : host_teams);
      ASSERT_EQ(threads[p], 1);
    }
  }
}

/* Which launches of a part may be recorded and replayed (launch.h): only
 * by-value arguments in one dimension, and the bytes a bare kernel gets;
 * host devices never replay. */
TEST_IMPL(launch_replay_rules) {
  int64_t types[3] = {0x120, 0x320, 0x120};
  void *ptrs[3] = {(void *)0x1000, (void *)7, (void *)-1};
  void *bases[3] = {(void *)0x1000, (void *)7, (void *)-1};
  proact__tgt_kernel_args_t a = {.version = 3, .nargs = 3, .base_ptrs = bases,
                                 .ptrs = ptrs, .types = types,
                                 .teams = {64, 1, 1}, .threads = {256, 1, 1}};
  proact__tgt_kernel_args_t b;
  void *mappers[3] = {NULL, NULL, NULL};
  proact__dev_kernel_rec_t rec;
  uint64_t w;

  ASSERT_EQ(proact__launch_by_value(&a), 1);
  a.mappers = mappers;
  ASSERT_EQ(proact__launch_by_value(&a), 1);
  mappers[1] = (void *)&a; /* a user mapper */
  ASSERT_EQ(proact__launch_by_value(&a), 0);
  mappers[1] = NULL;
  types[1] = 0x23; /* map(tofrom:) of a kernel parameter */
  ASSERT_EQ(proact__launch_by_value(&a), 0);
  types[1] = 0x100; /* a literal that is no parameter */
  ASSERT_EQ(proact__launch_by_value(&a), 0);
  types[1] = 0x320;
  bases[2] = (void *)8; /* a base that is not the value */
  ASSERT_EQ(proact__launch_by_value(&a), 0);
  bases[2] = (void *)-1;
  b = a, b.version = 2; /* LLVM 16's layout */
  ASSERT_EQ(proact__launch_by_value(&b), 0);
  b = a, b.flags = 1; /* nowait */
  ASSERT_EQ(proact__launch_by_value(&b), 0);
  b = a, b.teams[1] = 2;
  ASSERT_EQ(proact__launch_by_value(&b), 0);
  b = a, b.threads[0] = 2048;
  ASSERT_EQ(proact__launch_by_value(&b), 0);
  b = a, b.teams[0] = 0;
  ASSERT_EQ(proact__launch_by_value(&b), 0);
  b = a, b.nargs = PROACT__KERNEL_ARG_BYTES / 8;
  ASSERT_EQ(proact__launch_by_value(&b), 0);

  proact__launch_record(&a, (void *)&rec, &rec);
  ASSERT_TRUE(rec.func == (void *)&rec);
  ASSERT_EQ(rec.grid, 64);
  ASSERT_EQ(rec.block, 256);
  ASSERT_EQ((long)rec.nargs, 8 + 3 * 8);
  memcpy(&w, rec.args, 8);
  ASSERT_TRUE(w == UINT64_MAX);
  for (int i = 0; i < 3; i++) {
    memcpy(&w, rec.args + 8 + 8 * i, 8);
    ASSERT_TRUE(w == (uint64_t)(uintptr_t)ptrs[i]);
  }

  ASSERT_EQ(proact__dev_init(), PROACT_OK);
  for (int dev = 0; dev < proact__dev_count(); dev++) {
    ASSERT_EQ(proact__dev_can_replay(dev), 0);
    /* Host devices have no graphs: PROACT_LAUNCH=auto never opens one. */
    ASSERT_EQ(proact__dev_replay_mode(dev), PROACT__REPLAY_NEVER);
    ASSERT_EQ(proact__dev_replay_open(dev), 0);
  }
  /* With nothing in flight, waiting returns at once. */
  proact__dev_kernel_graph_wait();
}

/* Which loops may return while their graphs run (launch.h): only where
 * nothing but the device layer or OpenMP reads what the kernels write. */
TEST_IMPL(launch_leave_rules) {
  proact__present_t region = {0}, unified = {0};
  proact__present_t *entries[2] = {&region, NULL};
  proact__loop_t loop = {0};

  unified.unified = 1;
  loop.narrays = 2;
  loop.entries = entries;
  ASSERT_EQ(proact__launch_may_leave(&loop), 1);
  loop.nimplicit = 1; /* a loop-only copy goes back at the loop's end */
  ASSERT_EQ(proact__launch_may_leave(&loop), 0);
  loop.nimplicit = 0;
  entries[1] = &unified; /* the host reads it in place */
  ASSERT_EQ(proact__launch_may_leave(&loop), 0);
  entries[1] = NULL;
  ASSERT_EQ(proact__launch_may_leave(&loop), 1);
  /* The program's own CUDA calls on a device address would not wait. */
  {
    double x = 0.0;
    ASSERT_EQ(proact__omp_device_ptrs_out(), 0);
    (void)omp_get_mapped_ptr(&x, omp_get_initial_device());
    ASSERT_EQ(proact__omp_device_ptrs_out(), 1);
    ASSERT_EQ(proact__launch_may_leave(&loop), 0);
  }
}

/* PROACT_LAUNCH=auto opens CUPTI once the launches saved would have paid
 * for its set-up, and a loop turns to graphs once its own would. */
TEST_IMPL(launch_auto_due) {
  const uint64_t ms = 1000000;
  ASSERT_EQ(proact__launch_auto_due(0, 0), 0);
  ASSERT_EQ(proact__launch_auto_due(19 * ms, 19 * ms), 0);
  ASSERT_EQ(proact__launch_auto_due(20 * ms, 3 * ms), 0);
  ASSERT_EQ(proact__launch_auto_due(20 * ms, 4 * ms), 1);
  ASSERT_EQ(proact__launch_auto_due(100 * ms, 4 * ms), 1);
}

/* The report names the version, the participating devices only, their
 * peer access, and each setting with its source. */
TEST_IMPL(info_report_devices_and_settings) {
  static char text[1 << 16];
  char line[256];
  FILE *out = tmpfile();
  size_t len;

  setenv("PROACT_DEVICES", "2,0", 1);
  setenv("PROACT_CHUNK", "1M", 1);
  ASSERT_TRUE(out != NULL);
  proact_print_info(out);
  rewind(out);
  len = fread(text, 1, sizeof(text) - 1, out);
  text[len] = '\0';
  fclose(out);

  snprintf(line, sizeof(line), "PROACT %s\n", proact_version());
  ASSERT_TRUE(strncmp(text, line, strlen(line)) == 0);
  ASSERT_TRUE(strstr(text, "backend: host, 4 OpenMP devices\n") != NULL);
  ASSERT_TRUE(strstr(text, "devices: 2 participating\n") != NULL);
  ASSERT_TRUE(strstr(text, "\n  2    host-cpu  host     ") != NULL);
  ASSERT_TRUE(strstr(text, "\n  0    host-cpu  host     ") != NULL);
  ASSERT_TRUE(strstr(text, "\n  1    host-cpu") == NULL);
  ASSERT_TRUE(strstr(text, "\n          2    0\n") != NULL);
  ASSERT_TRUE(strstr(text, "\n     2    -  yes\n") != NULL);
  ASSERT_TRUE(strstr(text, "\n     0  yes    -\n") != NULL);
  ASSERT_TRUE(strstr(text, "\n  PROACT_DEVICES         2,0            env\n") !=
              NULL);
  ASSERT_TRUE(strstr(text, "\n  PROACT_CHUNK           1M             env\n") !=
              NULL);
  ASSERT_TRUE(strstr(text,
                     "\n  PROACT_MEMORY          replicas       default\n") !=
              NULL);
  ASSERT_TRUE(strstr(text, "\n  PROACT_CUDA_WAIT       auto") != NULL);
  ASSERT_TRUE(strstr(text, "\n  PROACT_INFO            0") != NULL);
}

static void agent_job(void *arg) { (void)arg; }

/* An agent thread that cannot start gives pthread_create's cause, not a
 * device error: with the address space capped just above what the process
 * maps, the thread's stack cannot be mapped. */
TEST_IMPL(agent_thread_start_failure_cause) {
  proact__agent_thread_t *t = NULL;
  long pages = 0, page = sysconf(_SC_PAGESIZE);
  FILE *statm = fopen("/proc/self/statm", "r");
  ASSERT_TRUE(statm != NULL);
  ASSERT_EQ(fscanf(statm, "%ld", &pages), 1);
  fclose(statm);
  struct rlimit lim = {(rlim_t)(pages * page + (1 << 20)),
                       (rlim_t)(pages * page + (1 << 20))};
  ASSERT_EQ(setrlimit(RLIMIT_AS, &lim), 0);
  proact_status_t st =
      proact__agent_thread_post(&t, "test", 0, agent_job, NULL);
  ASSERT_EQ(st, PROACT_ERR_NO_MEMORY);
  ASSERT_TRUE(t == NULL);
  ASSERT_TRUE(strstr(proact_get_last_error(),
                     "cannot start the test agent thread of device 0: "
                     "pthread_create: ") != NULL);
  ASSERT_TRUE(strstr(proact_get_last_error(), "ulimit") != NULL);
}
