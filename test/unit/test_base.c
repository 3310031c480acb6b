/* Tests of support/: status strings, mechanism names, parameters, waits
 * with a deadline. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "core_param.h"
#include "dev.h"
#include "poll_wait.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"
#include "trace.h"

TEST_IMPL(status_strings) {
  ASSERT_STR_EQ(proact_status_string(PROACT_OK), "success");
  ASSERT_STR_EQ(proact_status_string(PROACT_IN_PROGRESS),
                "operation in progress");
  ASSERT_STR_EQ(proact_status_string(PROACT_ERR_OVERLAP),
                "overlapping writes from different devices");
  ASSERT_STR_EQ(proact_status_string((proact_status_t)-1000),
                "unknown status");
  ASSERT_STR_EQ(proact_get_last_error(), "");
}

TEST_IMPL(mech_names) {
  ASSERT_STR_EQ(proact_mech_name(PROACT_MECH_MEMCPY), "memcpy");
  ASSERT_STR_EQ(proact_mech_name(PROACT_MECH_POLL), "poll");
  ASSERT_STR_EQ(proact_mech_name(PROACT_MECH_AUTO), "auto");
  ASSERT_STR_EQ(proact_mech_name(PROACT_MECH_COUNT_), "unknown");
  ASSERT_STR_EQ(proact_mech_name((proact_mech_t)-1), "unknown");
}

static proact__devlist_t parse_devices_ok(const char *text) {
  proact__param_value_t v;
  char why[256] = "";
  proact_status_t st = proact__param_parse_devices(text, &v, why, sizeof(why));
  if (st != PROACT_OK)
    fprintf(stderr, "parsing '%s': %s\n", text, why);
  ASSERT_EQ(st, PROACT_OK);
  return v.devices;
}

TEST_IMPL(param_devices_valid) {
  proact__devlist_t l = parse_devices_ok("all");
  ASSERT_EQ(l.all, 1);
  l = parse_devices_ok("ALL");
  ASSERT_EQ(l.all, 1);
  l = parse_devices_ok("0-2,3");
  ASSERT_EQ(l.all, 0);
  ASSERT_EQ(l.count, 4);
  for (int i = 0; i < 4; i++)
    ASSERT_EQ(l.ids[i], i);
  l = parse_devices_ok("3,1");
  ASSERT_EQ(l.count, 2);
  ASSERT_EQ(l.ids[0], 3);
  ASSERT_EQ(l.ids[1], 1);
  l = parse_devices_ok("5-5");
  ASSERT_EQ(l.count, 1);
  ASSERT_EQ(l.ids[0], 5);
  l = parse_devices_ok("0-63");
  ASSERT_EQ(l.count, 64);
  ASSERT_EQ(l.ids[63], 63);
  ASSERT_EQ(l.total, 64);
  /* D*K: K logical devices of D, per device of a range. */
  l = parse_devices_ok("0*4");
  ASSERT_EQ(l.count, 1);
  ASSERT_EQ(l.ids[0], 0);
  ASSERT_EQ(l.copies[0], 4);
  ASSERT_EQ(l.total, 4);
  l = parse_devices_ok("0-3*2");
  ASSERT_EQ(l.count, 4);
  ASSERT_EQ(l.total, 8);
  for (int i = 0; i < 4; i++) {
    ASSERT_EQ(l.ids[i], i);
    ASSERT_EQ(l.copies[i], 2);
  }
  l = parse_devices_ok("1*3,0");
  ASSERT_EQ(l.count, 2);
  ASSERT_EQ(l.ids[0], 1);
  ASSERT_EQ(l.copies[0], 3);
  ASSERT_EQ(l.ids[1], 0);
  ASSERT_EQ(l.copies[1], 1);
  ASSERT_EQ(l.total, 4);
  l = parse_devices_ok("0*63");
  ASSERT_EQ(l.total, 63);
}

TEST_IMPL(param_devices_invalid) {
  static const char *const bad[] = {"",   "x",  "1,",  ",1",  "2-1", "1,1",
                                    "0-1,1", "64", "1-", "-1", " 1", "1 ",
                                    "0-64", "1;2", "al", "0*0", "0*",
                                    "*2", "0*2*2", "0**2", "0*65",
                                    "0*2,0", "0-1*40"};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    proact__param_value_t v;
    char why[256] = "";
    proact_status_t st =
        proact__param_parse_devices(bad[i], &v, why, sizeof(why));
    if (st != PROACT_ERR_INVALID_PARAM)
      fprintf(stderr, "'%s' was accepted\n", bad[i]);
    ASSERT_EQ(st, PROACT_ERR_INVALID_PARAM);
    ASSERT_NE(why[0], '\0');
  }
  {
    /* Listing a device twice points at D*K. */
    proact__param_value_t v;
    char why[256] = "";
    proact__param_parse_devices("0,0", &v, why, sizeof(why));
    ASSERT_TRUE(strstr(why, "0*K") != NULL);
  }
}

/* Sizes: suffixes scale, and a value that does not fit 64 bits, before or
 * after its suffix, is an error rather than a wrapped small number. */
TEST_IMPL(param_sizes_overflow) {
  proact__param_value_t v;
  char why[256] = "";
  const long long max = 0x7fffffffffffffffLL;
  ASSERT_EQ(proact__param_parse_size("64K", 1, max, &v, why, sizeof(why)),
            PROACT_OK);
  ASSERT_EQ(v.i, 65536);
  ASSERT_EQ(proact__param_parse_size("8589934591G", 1, max, &v, why,
                                     sizeof(why)),
            PROACT_OK);
  ASSERT_EQ(v.i, 8589934591LL << 30);
  static const char *const bad[] = {"17179869184G", "8589934592G",
                                    "9223372036854775808",
                                    "99999999999999999999999K"};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    why[0] = '\0';
    ASSERT_EQ(proact__param_parse_size(bad[i], 1, max, &v, why, sizeof(why)),
              PROACT_ERR_INVALID_PARAM);
    ASSERT_TRUE(strstr(why, "does not fit 64 bits") != NULL);
  }
  const proact__param_t *chunk = PROACT__PARAM_CHUNK;
  ASSERT_EQ(chunk->parse("17179869184G", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_EQ(chunk->parse("2G", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_EQ(chunk->parse("1G", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 1LL << 30);
}

/* PROACT_THREADS follows the threads(...) clause: multiples of 32. */
TEST_IMPL(param_threads_rule) {
  const proact__param_t *threads = PROACT__PARAM_THREADS;
  proact__param_value_t v;
  char why[256] = "";
  ASSERT_EQ(threads->parse("0", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(threads->parse("32", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(threads->parse("8K", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 8192);
  ASSERT_EQ(threads->parse("33", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_TRUE(strstr(why, "not a multiple of 32") != NULL);
  ASSERT_EQ(threads->parse("16", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_EQ(threads->parse("8224", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
}

/* The registered parameter of that name. */
static const proact__param_t *param_named(const char *name) {
  for (int i = 0; i < proact__param_count(); i++)
    if (strcmp(proact__param_at(i)->name, name) == 0)
      return proact__param_at(i);
  ASSERT_TRUE(0);
  return NULL;
}

TEST_IMPL(param_levels_subsys_bool) {
  proact__param_value_t v;
  char why[256];
  ASSERT_EQ(proact__param_parse_level("info", &v, why, sizeof(why)),
            PROACT_OK);
  ASSERT_EQ(v.i, PROACT__LOG_INFO);
  ASSERT_EQ(proact__param_parse_level("trace", &v, why, sizeof(why)),
            PROACT_OK);
  ASSERT_EQ(v.i, PROACT__LOG_TRACE);
  ASSERT_EQ(proact__param_parse_level("loud", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_EQ(proact__param_parse_subsys("init,copy", &v, why, sizeof(why)),
            PROACT_OK);
  ASSERT_EQ(v.mask, PROACT__SUBSYS_INIT | PROACT__SUBSYS_COPY);
  ASSERT_EQ(proact__param_parse_subsys("all", &v, why, sizeof(why)),
            PROACT_OK);
  ASSERT_EQ(v.mask, PROACT__SUBSYS_ALL);
  ASSERT_EQ(proact__param_parse_subsys("init,disk", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_EQ(proact__param_parse_subsys("init,", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_EQ(proact__param_parse_bool("1", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 1);
  ASSERT_EQ(proact__param_parse_bool("yes", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  /* The cuda backend defines its own (registered before main), with the
   * CU_CTX_SCHED_* flags and CU_FUNC_CACHE_PREFER_* preferences. */
  proact__param_parse_func_t wait = param_named("PROACT_CUDA_WAIT")->parse;
  ASSERT_TRUE(wait != NULL);
  ASSERT_EQ(wait("spin", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 1); /* CU_CTX_SCHED_SPIN */
  ASSERT_EQ(wait("blocking", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 4); /* CU_CTX_SCHED_BLOCKING_SYNC */
  ASSERT_EQ(wait("auto", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 0);
  why[0] = '\0';
  ASSERT_EQ(wait("busy", &v, why, sizeof(why)), PROACT_ERR_INVALID_PARAM);
  ASSERT_NE(why[0], '\0');
  proact__param_parse_func_t cache =
      param_named("PROACT_CUDA_CACHE")->parse;
  ASSERT_TRUE(cache != NULL);
  ASSERT_EQ(cache("l1", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 2); /* CU_FUNC_CACHE_PREFER_L1 */
  ASSERT_EQ(cache("shared", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 1);
  ASSERT_EQ(cache("equal", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 3);
  ASSERT_EQ(cache("auto", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, 0);
  why[0] = '\0';
  ASSERT_EQ(cache("L1", &v, why, sizeof(why)), PROACT_ERR_INVALID_PARAM);
  ASSERT_NE(why[0], '\0');
  const proact__param_t *memory = PROACT__PARAM_MEMORY;
  ASSERT_EQ(memory->parse("unified", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, PROACT__MEMORY_UNIFIED);
  ASSERT_EQ(memory->parse("replicas", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, PROACT__MEMORY_REPLICAS);
  why[0] = '\0';
  ASSERT_EQ(memory->parse("managed", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_NE(why[0], '\0');
  const proact__param_t *walk = PROACT__PARAM_WALK;
  ASSERT_EQ(walk->parse("flat", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, PROACT__WALK_FLAT);
  ASSERT_EQ(walk->parse("columns", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, PROACT__WALK_COLUMNS);
  ASSERT_EQ(walk->parse("auto", &v, why, sizeof(why)), PROACT_OK);
  ASSERT_EQ(v.i, PROACT__WALK_AUTO);
  why[0] = '\0';
  ASSERT_EQ(walk->parse("column", &v, why, sizeof(why)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_NE(why[0], '\0');
  /* Every parameter has a name, a default its parser accepts, a range and
   * a doc line; every layer's are registered, the documented rows
   * 0, 1, ... without a gap. */
  ASSERT_EQ(proact__param_count(), 39);
  for (int i = 0; i < proact__param_count(); i++) {
    const proact__param_t *p = proact__param_at(i);
    ASSERT_EQ(p->place, i);
    ASSERT_TRUE(p->name != NULL && p->range != NULL && p->doc != NULL);
    ASSERT_TRUE(p->parse != NULL);
    ASSERT_EQ(p->parse(p->dflt, &v, why, sizeof(why)), PROACT_OK);
  }
}

TEST_IMPL(param_env_invalid_is_fatal) {
  setenv("PROACT_DEVICES", "1-0", 1);
  proact__param_get(PROACT__PARAM_DEVICES);
}

TEST_IMPL(param_env_unknown_device_is_fatal) {
  setenv("PROACT_DEVICES", "0,63", 1);
  proact_num_devices();
}

/* docs/user/environment.md lists the parameters from the same table: each
 * row that proact__param_print_docs() writes must appear there verbatim. */
TEST_IMPL(param_docs_match_table) {
  char row[1024];
  FILE *rows = tmpfile();
  FILE *doc = fopen(PROACT_DOCS_DIR "/user/environment.md", "r");
  static char text[1 << 16];
  size_t len;
  ASSERT_TRUE(rows != NULL);
  ASSERT_TRUE(doc != NULL);
  len = fread(text, 1, sizeof(text) - 1, doc);
  text[len] = '\0';
  fclose(doc);
  proact__param_print_docs(rows);
  rewind(rows);
  while (fgets(row, sizeof(row), rows) != NULL) {
    if (strstr(text, row) == NULL)
      fprintf(stderr, "docs/user/environment.md lacks the row:\n%s", row);
    ASSERT_TRUE(strstr(text, row) != NULL);
  }
  fclose(rows);
}

/* A poll that answers "not yet" `pending` times, then `last`. */
typedef struct poll_script {
  int pending;
  int last;
  int calls;
} poll_script_t;

static int scripted_poll(void *arg, const char *what, char *why,
                         size_t len) {
  poll_script_t *p = arg;
  p->calls++;
  if (p->calls <= p->pending)
    return 1;
  if (p->last < 0)
    snprintf(why, len, "%s: failed at look %d", what, p->calls);
  return p->last;
}

TEST_IMPL(poll_wait_outcomes) {
  char why[128] = "untouched";
  /* Done after a few looks, or failed: the poll's answer and cause. */
  poll_script_t done = {3, 0, 0}, failed = {2, -1, 0};
  ASSERT_EQ(proact__poll_wait(scripted_poll, &done, 10.0, "w", why,
                              sizeof(why)),
            0);
  ASSERT_EQ(done.calls, 4);
  ASSERT_STR_EQ(why, "untouched");
  ASSERT_EQ(proact__poll_wait(scripted_poll, &failed, 10.0, "w", why,
                              sizeof(why)),
            -1);
  ASSERT_EQ(failed.calls, 3);
  ASSERT_STR_EQ(why, "w: failed at look 3");

  /* Never done: 1 once the deadline passed, not before, with the message;
   * the naps grow, so 0.3 s takes a few hundred looks at most. */
  poll_script_t never = {1 << 30, 0, 0};
  uint64_t t0 = proact__now_ns();
  ASSERT_EQ(proact__poll_wait(scripted_poll, &never, 0.3, "waiting for x",
                              why, sizeof(why)),
            1);
  uint64_t ns = proact__now_ns() - t0;
  ASSERT_LE(300000000ull, ns);
  ASSERT_LT(ns, 3000000000ull);
  ASSERT_LT(never.calls, 1000);
  ASSERT_LE(5, never.calls);
  ASSERT_STR_EQ(why, "waiting for x: nothing for 0.3 s");
  /* No buffer: the caller words the time-out itself. */
  never.calls = 0;
  ASSERT_EQ(proact__poll_wait(scripted_poll, &never, 0.0, NULL, NULL, 0), 1);
  ASSERT_LE(1, never.calls);
}

/* The resident memory of this process in KiB (VmRSS). */
static long long rss_kib(void) {
  char line[256];
  long long kib = -1;
  FILE *f = fopen("/proc/self/status", "r");
  if (f == NULL)
    return -1;
  while (fgets(line, sizeof(line), f) != NULL)
    if (strncmp(line, "VmRSS:", 6) == 0)
      kib = atoll(line + 6);
  fclose(f);
  return kib;
}

/* PROACT_TRACE keeps each event in 64 bytes (docs/user/tracing.md): the
 * memory the recorder takes for 2^18 events (16 of its blocks), the names,
 * loops and strings of a copy, a loop and a ready chunk among them. */
TEST_IMPL(trace_event_memory) {
  enum { EVENTS = 1 << 18 };
  static const char *const files[] = {"a.c", "b.c"};
  long long before, after;
  proact__trace_flags |= PROACT__TRACE_RECORD;
  before = rss_kib();
  ASSERT_LT(0, before);
  for (int i = 0; i < EVENTS; i++) {
    proact__trace_ev_t ev = {.kind = (proact__trace_kind_t)(i % 3 == 0
                                          ? PROACT__TEV_COPY
                                      : i % 3 == 1 ? PROACT__TEV_LOOP
                                                   : PROACT__TEV_READY),
                             .name = i % 3 == 0 ? "push" : NULL,
                             .file = files[i & 1], .line = i % 7,
                             .id = 0x1234u + (unsigned)(i % 7),
                             .mech = "dma", .timing = "host",
                             .t0 = 1000u + (uint64_t)i, .t1 = 2000u + (uint64_t)i,
                             .bytes = i, .chunk = i, .dev = 1, .src = 0,
                             .dst = 1};
    proact__trace_add(&ev);
  }
  after = rss_kib();
  proact__trace_flags &= ~PROACT__TRACE_RECORD;
  printf("# %d events: %lld KiB more resident (%.1f bytes each)\n", EVENTS,
         after - before, (after - before) * 1024.0 / EVENTS);
  /* Recorded at all, and at most 64 bytes each plus 1 MiB of slack. */
  ASSERT_LE((long long)EVENTS * 32 / 1024, after - before);
  ASSERT_LE(after - before, (long long)EVENTS * 64 / 1024 + 1024);
}
