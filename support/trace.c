/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The event recorder (trace.h): a lock-free append into blocks allocated on
 * demand, written as Chrome trace-event JSON at exit; and the NVTX calls
 * when the NVTX 3 headers were found at build time (PROACT_HAVE_NVTX). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* An event as the recorder keeps it: the strings an event names are
 * static, so each is kept as an index into a table of the distinct ones,
 * and a loop's file, line and id as one index into a table of loops; 64
 * bytes, one cache line, so that threads recording at once write apart. */
typedef struct trace_rec {
  uint64_t t0, t1;
  int64_t bytes, chunk;
  int32_t tid;
  uint16_t name, loop, mech, timing, thread; /* 0: none */
  int16_t dev, part, src, dst;
  uint8_t kind, on_dev, done;
} __attribute__((aligned(64))) trace_rec_t;
_Static_assert(sizeof(trace_rec_t) == 64, "a trace event is one line");

/* 2^14 events a block, 2^12 blocks: a run records at most 64 M events (4
 * GiB) and allocates only the blocks it fills. */
#define TRACE_BLOCK_SHIFT 14
#define TRACE_BLOCK_EVENTS (1u << TRACE_BLOCK_SHIFT)
#define TRACE_BLOCKS 4096

static trace_rec_t *trace_blocks[TRACE_BLOCKS];
static uint64_t trace_next;    /* slots handed out */
static uint64_t trace_dropped; /* events past the last block or unallocated */
static uint64_t trace_origin;  /* ns of the recorder's start, ts 0 */
static uint64_t trace_origin_unix; /* the same instant, CLOCK_REALTIME */
static FILE *trace_file;
static char trace_path[4096];
static int trace_forked; /* a child of fork writes nothing */

/* The distinct strings events name, index + 1 in a record (open
 * addressing on the pointer, filled by compare-and-swap, never emptied). */
#define TRACE_STRS 4096
static const char *trace_strs[TRACE_STRS];

/* The distinct loops (and data regions) events name. */
#define TRACE_LOOPS 16384
typedef struct trace_loop {
  int state; /* 0: free, 1: being filled, 2: filled (release) */
  int line;
  const char *file;
  unsigned long long id;
} trace_loop_t;
static trace_loop_t trace_loops[TRACE_LOOPS];

static uint64_t trace_mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

/* The index of s (1-based), 0 for NULL or when the table is full. */
static uint16_t trace_str(const char *s) {
  uint64_t h;
  if (s == NULL)
    return 0;
  h = trace_mix((uint64_t)(uintptr_t)s);
  for (unsigned k = 0; k < TRACE_STRS; k++) {
    unsigned i = (unsigned)(h + k) & (TRACE_STRS - 1);
    const char *cur = __atomic_load_n(&trace_strs[i], __ATOMIC_ACQUIRE);
    if (cur == NULL &&
        __atomic_compare_exchange_n(&trace_strs[i], &cur, s, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return (uint16_t)(i + 1);
    if (cur == s) /* there already, or another thread just put it */
      return (uint16_t)(i + 1);
  }
  return 0;
}

/* The index of the loop file:line with id (1-based), 0 when file is NULL
 * or the table is full. */
static uint16_t trace_loop(const char *file, int line,
                           unsigned long long id) {
  static _Thread_local const char *last_file;
  static _Thread_local int last_line;
  static _Thread_local unsigned long long last_id;
  static _Thread_local uint16_t last;
  uint64_t h;
  if (file == NULL)
    return 0;
  if (last != 0 && file == last_file && line == last_line && id == last_id)
    return last;
  h = trace_mix((uint64_t)(uintptr_t)file ^ (uint64_t)line * 0x9e3779b9u ^
                id);
  for (unsigned k = 0; k < TRACE_LOOPS; k++) {
    unsigned i = (unsigned)(h + k) & (TRACE_LOOPS - 1);
    trace_loop_t *l = &trace_loops[i];
    int state = __atomic_load_n(&l->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
      if (__atomic_compare_exchange_n(&l->state, &state, 1, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        l->file = file;
        l->line = line;
        l->id = id;
        __atomic_store_n(&l->state, 2, __ATOMIC_RELEASE);
        state = 2;
      }
    }
    while (state == 1) /* another thread fills it: a few stores */
      state = __atomic_load_n(&l->state, __ATOMIC_ACQUIRE);
    if (l->file == file && l->line == line && l->id == id) {
      last_file = file;
      last_line = line;
      last_id = id;
      last = (uint16_t)(i + 1);
      return last;
    }
  }
  return 0;
}

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

/* A fresh block: zeroed, whole lines, touched only as it fills. */
static trace_rec_t *trace_block_alloc(void) {
  void *p = mmap(NULL, TRACE_BLOCK_EVENTS * sizeof(trace_rec_t),
                 PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p != MAP_FAILED ? p : NULL;
}

static void trace_record(const proact__trace_ev_t *ev) {
  uint64_t i = __atomic_fetch_add(&trace_next, 1, __ATOMIC_RELAXED);
  uint64_t b = i >> TRACE_BLOCK_SHIFT;
  trace_rec_t *block, *slot;
  const char *name;
  uint16_t loop = trace_loop(ev->file, ev->line, ev->id);

  if (b >= TRACE_BLOCKS || (ev->file != NULL && loop == 0)) {
    __atomic_fetch_add(&trace_dropped, 1, __ATOMIC_RELAXED);
    return;
  }
  block = __atomic_load_n(&trace_blocks[b], __ATOMIC_ACQUIRE);
  if (block == NULL) {
    trace_rec_t *fresh;
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
    fresh = trace_block_alloc();
    if (fresh == NULL) {
      __atomic_fetch_add(&trace_dropped, 1, __ATOMIC_RELAXED);
      return;
    }
    if (__atomic_compare_exchange_n(&trace_blocks[b], &block, fresh, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      block = fresh;
    else /* another thread's block won; block holds it */
      munmap(fresh, TRACE_BLOCK_EVENTS * sizeof(trace_rec_t));
  }
  slot = &block[i & (TRACE_BLOCK_EVENTS - 1)];
  name = ev->name;
  if (ev->kind == PROACT__TEV_COPY && name == NULL)
    name = trace_copy_label;
  slot->t0 = ev->t0;
  slot->t1 = ev->t1;
  slot->bytes = ev->bytes;
  slot->chunk = ev->chunk;
  slot->tid = trace_gettid();
  slot->name = trace_str(name);
  slot->loop = loop;
  slot->mech = trace_str(ev->mech);
  slot->timing = trace_str(ev->timing);
  slot->thread = trace_str(trace_thread);
  slot->dev = (int16_t)ev->dev;
  slot->part = (int16_t)ev->part;
  slot->src = (int16_t)ev->src;
  slot->dst = (int16_t)ev->dst;
  slot->kind = (uint8_t)ev->kind;
  slot->on_dev = (uint8_t)(ev->on_dev != 0);
  __atomic_store_n(&slot->done, 1, __ATOMIC_RELEASE);
}

/* The event a record holds, as the writer reads it. */
static void trace_unpack(const trace_rec_t *r, proact__trace_ev_t *ev) {
  const trace_loop_t *l = r->loop != 0 ? &trace_loops[r->loop - 1] : NULL;
  memset(ev, 0, sizeof(*ev));
  ev->kind = (proact__trace_kind_t)r->kind;
  ev->name = r->name != 0 ? trace_strs[r->name - 1] : NULL;
  ev->file = l != NULL ? l->file : NULL;
  ev->line = l != NULL ? l->line : 0;
  ev->id = l != NULL ? l->id : 0;
  ev->mech = r->mech != 0 ? trace_strs[r->mech - 1] : NULL;
  ev->timing = r->timing != 0 ? trace_strs[r->timing - 1] : NULL;
  ev->t0 = r->t0;
  ev->t1 = r->t1;
  ev->bytes = r->bytes;
  ev->chunk = r->chunk;
  ev->dev = r->dev;
  ev->part = r->part;
  ev->src = r->src;
  ev->dst = r->dst;
  ev->on_dev = r->on_dev;
  ev->tid = r->tid;
  ev->thread = r->thread != 0 ? trace_strs[r->thread - 1] : NULL;
  ev->done = 1;
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
    t->b = ev->on_dev != 0;
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
    if (t->b)
      snprintf(buf, len, "device %d kernels, device clock", t->a);
    else if (t->a >= 0 && t->a < PROACT__DEV_MAX && trace_dev_notes[t->a][0])
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
    return 1000 + 2 * t->a + t->b;
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
    name = ev->on_dev ? "kernel, device clock" : "kernel";
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
          : ev->kind == PROACT__TEV_KERNEL ? (ev->on_dev ? "device kernel"
                                                         : "kernel")
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
    const trace_rec_t *block =
        __atomic_load_n(&trace_blocks[i >> TRACE_BLOCK_SHIFT],
                        __ATOMIC_ACQUIRE);
    const trace_rec_t *rec;
    proact__trace_ev_t ev;
    int t;
    if (block == NULL)
      continue;
    rec = &block[i & (TRACE_BLOCK_EVENTS - 1)];
    /* A thread still running at exit may not have filled its slot. */
    if (!__atomic_load_n(&rec->done, __ATOMIC_ACQUIRE)) {
      incomplete++;
      continue;
    }
    trace_unpack(rec, &ev);
    if ((t = trace_track_index(tracks, &ntracks, TRACKS_MAX, &ev)) < 0)
      continue;
    trace_write_event(f, &ev, t + 1);
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
  /* Where ts 0 is, on both clocks: traces of one host (one boot) merge
   * on the monotonic clock exactly, traces of several on the real-time
   * clock (bench/trace_merge.py). */
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
