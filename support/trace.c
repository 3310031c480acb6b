/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The event recorder (trace.h): a lock-free append into blocks allocated on
 * demand, written as Chrome trace-event JSON at exit; and the NVTX calls
 * when the NVTX 3 headers were found at build time (PROACT_HAVE_NVTX). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "build_info.h"
#include "clock.h"
#include "error_report.h"
#include "log.h"
#include "output_path.h"
#include "output_status.h"
#include "param.h"
#include "trace.h"

#ifdef PROACT_HAVE_NVTX
#include <nvtx3/nvToolsExt.h>
static nvtxDomainHandle_t trace_domain;
#endif

int proact__trace_flags;

/* 2^14 events a block, 2^12 blocks: a run records at most 64 M events and
 * allocates only the blocks it fills. */
#define TRACE_BLOCK_SHIFT 14
#define TRACE_BLOCK_EVENTS (1u << TRACE_BLOCK_SHIFT)
#define TRACE_BLOCKS 4096

static proact__trace_ev_t *trace_blocks[TRACE_BLOCKS];
static uint64_t trace_next;    /* slots handed out */
static uint64_t trace_dropped; /* events past the last block or unallocated */
static uint64_t trace_origin;  /* ns of the recorder's start, ts 0 */
static uint64_t trace_origin_unix; /* the same instant, CLOCK_REALTIME */
static FILE *trace_file;
static char trace_path[4096];
static int trace_forked; /* a child of fork writes nothing */

static _Thread_local int trace_tid;
static _Thread_local const char *trace_thread;
static _Thread_local const char *trace_copy_label;

const char *proact__trace_label(const char *label) {
  const char *old = trace_copy_label;
  trace_copy_label = label;
  return old;
}

const char *proact__trace_copy_label(void) { return trace_copy_label; }

static int trace_gettid(void) {
  if (trace_tid == 0)
    trace_tid = (int)gettid();
  return trace_tid;
}

static char trace_dev_notes[PROACT__DEV_MAX][48];

void proact__trace_device_note(int dev, const char *note) {
  if (dev >= 0 && dev < PROACT__DEV_MAX)
    snprintf(trace_dev_notes[dev], sizeof(trace_dev_notes[dev]), "%s",
             note);
}

void proact__trace_thread_name(const char *name) {
  trace_thread = name;
#ifdef PROACT_HAVE_NVTX
  if (proact__trace_flags & PROACT__TRACE_NVTX)
    nvtxNameOsThreadA((uint32_t)trace_gettid(), name);
#endif
}

static void trace_record(const proact__trace_ev_t *ev) {
  uint64_t i = __atomic_fetch_add(&trace_next, 1, __ATOMIC_RELAXED);
  uint64_t b = i >> TRACE_BLOCK_SHIFT;
  proact__trace_ev_t *block, *slot;

  if (b >= TRACE_BLOCKS) {
    __atomic_fetch_add(&trace_dropped, 1, __ATOMIC_RELAXED);
    return;
  }
  block = __atomic_load_n(&trace_blocks[b], __ATOMIC_ACQUIRE);
  if (block == NULL) {
    proact__trace_ev_t *fresh;
    /* Once, half-way to the cap, so that a long run learns what it will
     * lose before it loses it. */
    if (b == TRACE_BLOCKS / 2 && (i & (TRACE_BLOCK_EVENTS - 1)) == 0)
      proact__warn("PROACT_TRACE holds %llu events (%.1f GiB) in memory; "
                   "past %llu (%.1f GiB) it drops the later ones: trace a "
                   "shorter run",
                   (unsigned long long)i,
                   (double)i * sizeof(*block) / (double)(1ull << 30),
                   (unsigned long long)TRACE_BLOCKS * TRACE_BLOCK_EVENTS,
                   (double)TRACE_BLOCKS * TRACE_BLOCK_EVENTS *
                       sizeof(*block) / (double)(1ull << 30));
    fresh = calloc(TRACE_BLOCK_EVENTS, sizeof(*fresh));
    if (fresh == NULL) {
      __atomic_fetch_add(&trace_dropped, 1, __ATOMIC_RELAXED);
      return;
    }
    if (__atomic_compare_exchange_n(&trace_blocks[b], &block, fresh, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      block = fresh;
    else
      free(fresh); /* another thread's block won; block holds it */
  }
  slot = &block[i & (TRACE_BLOCK_EVENTS - 1)];
  *slot = *ev;
  slot->tid = trace_gettid();
  slot->thread = trace_thread;
  if (ev->kind == PROACT__TEV_COPY && ev->name == NULL)
    slot->name = trace_copy_label;
  __atomic_store_n(&slot->done, 1, __ATOMIC_RELEASE);
}

#ifdef PROACT_HAVE_NVTX
/* An NVTX event named msg (ASCII). */
static nvtxEventAttributes_t nvtx_attr(const char *msg) {
  nvtxEventAttributes_t attr = {0};
  attr.version = NVTX_VERSION;
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attr.message.ascii = msg;
  return attr;
}
#endif

uint64_t proact__trace_begin(const char *name, const char *file, int line) {
#ifdef PROACT_HAVE_NVTX
  if (proact__trace_flags & PROACT__TRACE_NVTX) {
    char msg[256];
    const char *base = file != NULL ? strrchr(file, '/') : NULL;
    if (name == NULL)
      name = trace_copy_label != NULL ? trace_copy_label : "copy";
    if (file != NULL)
      snprintf(msg, sizeof(msg), "%s %s:%d", name,
               base != NULL ? base + 1 : file, line);
    else
      snprintf(msg, sizeof(msg), "%s", name);
    nvtxEventAttributes_t attr = nvtx_attr(msg);
    nvtxDomainRangePushEx(trace_domain, &attr);
  }
#else
  (void)name;
  (void)file;
  (void)line;
#endif
  return proact__now_ns();
}

void proact__trace_end(proact__trace_ev_t *ev) {
  if (ev->t1 == 0)
    ev->t1 = proact__now_ns();
  if (proact__trace_flags & PROACT__TRACE_RECORD)
    trace_record(ev);
#ifdef PROACT_HAVE_NVTX
  if (proact__trace_flags & PROACT__TRACE_NVTX)
    nvtxDomainRangePop(trace_domain);
#endif
}

void proact__trace_pop(void) {
#ifdef PROACT_HAVE_NVTX
  if (proact__trace_flags & PROACT__TRACE_NVTX)
    nvtxDomainRangePop(trace_domain);
#endif
}

void proact__trace_add(const proact__trace_ev_t *ev) {
  if (proact__trace_flags & PROACT__TRACE_RECORD)
    trace_record(ev);
#ifdef PROACT_HAVE_NVTX
  /* An instant seen now is a mark; the devices' stamps are recorded after
   * the fact, when a mark would stand at the wrong time. */
  if ((proact__trace_flags & PROACT__TRACE_NVTX) && ev->t1 == 0 &&
      !ev->on_dev) {
    char msg[64];
    snprintf(msg, sizeof(msg), "chunk ready %d:%lld", ev->dev, ev->chunk);
    nvtxEventAttributes_t attr = nvtx_attr(msg);
    nvtxDomainMarkEx(trace_domain, &attr);
  }
#endif
}

/* ---- the JSON file ---- */

/* The tracks, numbered in the order of the file's thread ids. */
enum { TRACK_THREAD, TRACK_KERNEL, TRACK_COPY };
typedef struct trace_track {
  int kind, a, b;     /* thread: a = tid; kernel: a = dev; copy: a -> b */
  const char *thread; /* a thread's name when it is an agent */
} trace_track_t;

static void trace_track_of(const proact__trace_ev_t *ev, trace_track_t *t) {
  t->thread = NULL;
  t->b = 0;
  switch (ev->kind) {
  case PROACT__TEV_KERNEL:
    t->kind = TRACK_KERNEL;
    t->a = ev->dev;
    break;
  case PROACT__TEV_READY:
    if (ev->on_dev) {
      t->kind = TRACK_KERNEL;
      t->a = ev->dev;
      break;
    }
    t->kind = TRACK_THREAD;
    t->a = ev->tid;
    t->thread = ev->thread;
    break;
  case PROACT__TEV_COPY:
    t->kind = TRACK_COPY;
    t->a = ev->src;
    t->b = ev->dst;
    break;
  default:
    t->kind = TRACK_THREAD;
    t->a = ev->tid;
    t->thread = ev->thread;
  }
}

/* Track index of ev, added when new; -1 when the table is full. */
static int trace_track_index(trace_track_t *tracks, int *n, int cap,
                             const proact__trace_ev_t *ev) {
  trace_track_t t;
  trace_track_of(ev, &t);
  for (int i = 0; i < *n; i++)
    if (tracks[i].kind == t.kind && tracks[i].a == t.a &&
        tracks[i].b == t.b) {
      if (tracks[i].thread == NULL)
        tracks[i].thread = t.thread;
      return i;
    }
  if (*n == cap)
    return -1;
  tracks[*n] = t;
  return (*n)++;
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s != NULL && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void json_place(char *buf, size_t len, int dev) {
  if (dev < 0)
    snprintf(buf, len, "host");
  else
    snprintf(buf, len, "dev %d", dev);
}

static void trace_track_name(const trace_track_t *t, char *buf, size_t len) {
  char a[16], b[16];
  switch (t->kind) {
  case TRACK_KERNEL:
    if (t->a >= 0 && t->a < PROACT__DEV_MAX && trace_dev_notes[t->a][0])
      snprintf(buf, len, "device %d kernels (%s)", t->a,
               trace_dev_notes[t->a]);
    else
      snprintf(buf, len, "device %d kernels", t->a);
    break;
  case TRACK_COPY:
    json_place(a, sizeof(a), t->a);
    json_place(b, sizeof(b), t->b);
    snprintf(buf, len, "copies %s -> %s", a, b);
    break;
  default:
    if (t->thread != NULL)
      snprintf(buf, len, "agent %s", t->thread);
    else if (t->a == (int)getpid())
      snprintf(buf, len, "host: loops (main thread)");
    else
      snprintf(buf, len, "host thread %d", t->a);
  }
}

/* Host threads first, then each device's kernels, the copies, the agents. */
static int trace_track_order(const trace_track_t *t) {
  switch (t->kind) {
  case TRACK_KERNEL:
    return 1000 + t->a;
  case TRACK_COPY:
    return 2000 + (t->a + 1) * 100 + (t->b + 1);
  default:
    return t->thread != NULL ? 20000 : t->a == (int)getpid() ? 0 : 1;
  }
}

static double trace_us(uint64_t ns) {
  return ns >= trace_origin ? (double)(ns - trace_origin) / 1e3 : 0.0;
}

static void trace_loc(FILE *f, const proact__trace_ev_t *ev) {
  fprintf(f, "\"loop\":");
  {
    char buf[4096];
    snprintf(buf, sizeof(buf), "%s:%d", ev->file, ev->line);
    json_string(f, buf);
  }
  if (ev->id != 0)
    fprintf(f, ",\"id\":\"%016llx\"", ev->id);
}

static void trace_write_event(FILE *f, const proact__trace_ev_t *ev,
                              int tid) {
  const char *name = ev->name;
  char place[2][16];

  switch (ev->kind) {
  case PROACT__TEV_LOOP:
    name = "loop";
    break;
  case PROACT__TEV_KERNEL:
    name = "kernel";
    break;
  case PROACT__TEV_READY:
    name = "chunk ready";
    break;
  case PROACT__TEV_COPY:
    if (name == NULL)
      name = "copy";
    break;
  default:
    break;
  }
  fprintf(f, ",\n{\"name\":");
  if (ev->kind == PROACT__TEV_LOOP && ev->file != NULL) {
    char buf[4096];
    const char *base = strrchr(ev->file, '/');
    snprintf(buf, sizeof(buf), "loop %s:%d", base ? base + 1 : ev->file,
             ev->line);
    json_string(f, buf);
  } else {
    json_string(f, name);
  }
  fprintf(f, ",\"cat\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f",
          ev->kind == PROACT__TEV_COPY     ? "copy"
          : ev->kind == PROACT__TEV_KERNEL ? "kernel"
          : ev->kind == PROACT__TEV_READY  ? "ready"
          : ev->kind == PROACT__TEV_JOB    ? "agent"
                                           : "loop",
          (int)getpid(), tid, trace_us(ev->t0));
  if (ev->t1 == 0)
    fprintf(f, ",\"ph\":\"i\",\"s\":\"t\"");
  else
    fprintf(f, ",\"ph\":\"X\",\"dur\":%.3f",
            ev->t1 > ev->t0 ? (double)(ev->t1 - ev->t0) / 1e3 : 0.0);
  fprintf(f, ",\"args\":{");
  switch (ev->kind) {
  case PROACT__TEV_LOOP:
    trace_loc(f, ev);
    fprintf(f, ",\"mech\":");
    json_string(f, ev->mech);
    fprintf(f, ",\"parts\":%d", ev->part);
    break;
  case PROACT__TEV_KERNEL:
    trace_loc(f, ev);
    fprintf(f, ",\"device\":%d,\"part\":%d", ev->dev, ev->part);
    break;
  case PROACT__TEV_COPY:
    json_place(place[0], sizeof(place[0]), ev->src);
    json_place(place[1], sizeof(place[1]), ev->dst);
    fprintf(f, "\"src\":\"%s\",\"dst\":\"%s\",\"bytes\":%lld,\"times\":",
            place[0], place[1], ev->bytes);
    json_string(f, ev->timing);
    if (ev->file != NULL) { /* a chunk's push the device stamped */
      fprintf(f, ",\"chunk\":%lld,", ev->chunk);
      trace_loc(f, ev);
    }
    break;
  case PROACT__TEV_READY:
    fprintf(f, "\"device\":%d,\"chunk\":%lld,\"seen by\":", ev->dev,
            ev->chunk);
    json_string(f, ev->on_dev ? "device" : ev->thread != NULL ? ev->thread
                                                              : "host");
    if (ev->file != NULL) {
      fputc(',', f);
      trace_loc(f, ev);
    }
    break;
  default:
    if (ev->file != NULL)
      trace_loc(f, ev);
  }
  fprintf(f, "}}");
}

static void trace_write(void) {
  enum { TRACKS_MAX = 1024 };
  static trace_track_t tracks[TRACKS_MAX];
  const uint64_t n = __atomic_load_n(&trace_next, __ATOMIC_ACQUIRE);
  uint64_t written = 0, incomplete = 0;
  int ntracks = 0, nranks, rank = proact__output_rank(&nranks, NULL);
  FILE *f = trace_file;
  char host[256], boot[64] = "";

  if (gethostname(host, sizeof(host)) != 0)
    snprintf(host, sizeof(host), "unknown");
  host[sizeof(host) - 1] = '\0';
  {
    FILE *b = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (b != NULL) {
      if (fgets(boot, sizeof(boot), b) == NULL)
        boot[0] = '\0';
      boot[strcspn(boot, "\n")] = '\0';
      fclose(b);
    }
  }

  fprintf(f, "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
  fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":0,"
             "\"args\":{\"name\":",
          (int)getpid());
  {
    char buf[512];
    /* The rank first: it is what tells a job's traces apart once merged. */
    if (nranks > 1)
      snprintf(buf, sizeof(buf), "rank %d of %d: %s (PROACT, pid %d on %s)",
               rank, nranks, program_invocation_short_name, (int)getpid(),
               host);
    else
      snprintf(buf, sizeof(buf), "%s (PROACT, pid %d)",
               program_invocation_short_name, (int)getpid());
    json_string(f, buf);
  }
  fprintf(f, "}},\n{\"name\":\"process_sort_index\",\"ph\":\"M\","
             "\"pid\":%d,\"tid\":0,\"args\":{\"sort_index\":%d}}",
          (int)getpid(), rank);
  for (uint64_t i = 0; i < n && (i >> TRACE_BLOCK_SHIFT) < TRACE_BLOCKS;
       i++) {
    const proact__trace_ev_t *block =
        __atomic_load_n(&trace_blocks[i >> TRACE_BLOCK_SHIFT],
                        __ATOMIC_ACQUIRE);
    const proact__trace_ev_t *ev;
    int t;
    if (block == NULL)
      continue;
    ev = &block[i & (TRACE_BLOCK_EVENTS - 1)];
    /* A thread still running at exit may not have filled its slot. */
    if (!__atomic_load_n(&ev->done, __ATOMIC_ACQUIRE)) {
      incomplete++;
      continue;
    }
    if ((t = trace_track_index(tracks, &ntracks, TRACKS_MAX, ev)) < 0)
      continue;
    trace_write_event(f, ev, t + 1);
    written++;
  }
  for (int t = 0; t < ntracks; t++) {
    char name[128];
    trace_track_name(&tracks[t], name, sizeof(name));
    fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,"
               "\"tid\":%d,\"args\":{\"name\":",
            (int)getpid(), t + 1);
    json_string(f, name);
    fprintf(f, "}},\n{\"name\":\"thread_sort_index\",\"ph\":\"M\","
               "\"pid\":%d,\"tid\":%d,\"args\":{\"sort_index\":%d}}",
            (int)getpid(), t + 1, trace_track_order(&tracks[t]));
  }
  fprintf(f, "\n],\"otherData\":{\"ts\":\"microseconds from the start of "
             "PROACT in this process (CLOCK_MONOTONIC)\",\"events\":%llu,"
             "\"dropped\":%llu,\"incomplete\":%llu,"
             "\"origin_monotonic_ns\":%llu,\"origin_unix_ns\":%llu,"
             "\"host\":",
          (unsigned long long)written,
          (unsigned long long)__atomic_load_n(&trace_dropped,
                                              __ATOMIC_RELAXED),
          (unsigned long long)incomplete, (unsigned long long)trace_origin,
          (unsigned long long)trace_origin_unix);
  json_string(f, host);
  fprintf(f, ",\"boot_id\":");
  json_string(f, boot);
  fprintf(f, ",\"pid\":%d,\"rank\":%d,\"ranks\":%d,\"proact\":",
          (int)getpid(), rank, nranks);
  json_string(f, proact__build_identity());
  fprintf(f, "}}\n");
}

static void trace_exit(void) {
  if (trace_file == NULL || trace_forked)
    return;
  __atomic_and_fetch(&proact__trace_flags, ~PROACT__TRACE_RECORD,
                     __ATOMIC_RELAXED);
  trace_write();
  errno = 0;
  if (ferror(trace_file) | (fclose(trace_file) != 0))
    proact__output_failed("the trace (PROACT_TRACE)", trace_path,
                          errno != 0 ? errno : EIO);
  trace_file = NULL;
}

static void trace_child(void) {
  trace_forked = 1;
  proact__trace_flags = 0;
}

/* Before main, so that an unwritable path ends the program at once and the
 * flag is fixed before any thread reads it. */
__attribute__((constructor)) static void trace_init(void) {
  struct timespec real;
  clock_gettime(CLOCK_REALTIME, &real);
  trace_origin = proact__now_ns();
  trace_origin_unix =
      (uint64_t)real.tv_sec * 1000000000u + (uint64_t)real.tv_nsec;
  if (proact__param_get(PROACT__PARAM_TRACE)->i) {
    /* The escapes, so that the processes of one run (proact-tune's, MPI
     * ranks) each write their own file. */
    const char *text = proact__param_text(PROACT__PARAM_TRACE);
    char clash[8192];
    if (proact__output_path_expand(text, trace_path, sizeof(trace_path)) !=
        0)
      proact__fatal(NULL, 0, 0, "PROACT_TRACE='%s' is too long", text);
    if ((trace_file = fopen(trace_path, "w")) == NULL)
      proact__fatal(NULL, 0, 0, "cannot open PROACT_TRACE=%s for writing: "
                                "%s", trace_path, strerror(errno));
    if (atexit(trace_exit) != 0)
      proact__fatal(NULL, 0, 0, "PROACT_TRACE: cannot register the trace's "
                                "writing at exit");
    pthread_atfork(NULL, NULL, trace_child);
    proact__trace_flags |= PROACT__TRACE_RECORD;
    if (proact__output_clash("PROACT_TRACE", text, trace_path, clash,
                             sizeof(clash)))
      proact__warn("%s", clash);
  }
#ifdef PROACT_HAVE_NVTX
  /* nsys sets the injection variable; without it NVTX calls do nothing,
   * so the sites stay off. */
  if (getenv("NVTX_INJECTION64_PATH") != NULL) {
    trace_domain = nvtxDomainCreateA("PROACT");
    proact__trace_flags |= PROACT__TRACE_NVTX;
  }
#endif
}
