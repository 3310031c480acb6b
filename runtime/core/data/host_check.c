/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT_CHECK_HOST=1 (host_check.h). Host writes are found by comparing
 * each array's host bytes at every PROACT call with a copy taken when the
 * last one returned; host reads of stale elements by protecting (no
 * access) the memory pages that hold one and lie wholly inside the array,
 * so that no other data shares them, with a SIGSEGV handler that tells a
 * read from a store and steps stores over one instruction. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <spawn.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "grow.h"
#include "host_check.h"
#include "log.h"
#include "core_param.h"
#include "replica.h"
#include "runs.h"

#if defined(__x86_64__)
#define HC_STEP 1 /* the trap flag steps one instruction */
#elif defined(__aarch64__)
#define HC_STEP 0
#else
#define HC_UNSUPPORTED 1
#endif

/* A byte range of an entry, with where it came from: the PROACT call that
 * made it stale, or the instruction that first wrote it. */
typedef struct hc_range {
  uint64_t lo, hi;
  const char *file;
  int line;
  uintptr_t pc;
} hc_range_t;

typedef struct hc_list {
  hc_range_t *v;
  int n, cap;
} hc_list_t;

struct proact__host_check {
  hc_list_t stale; /* sorted, disjoint */
  hc_list_t dirty; /* the host's writes no update device sent; sorted */
  /* The devices' current values at the last return to the program: what
   * a loop reads, or a copy back brings, until the next PROACT call. */
  unsigned char *current;
  /* Per element, the call that last changed its value on the devices (an
   * index into hc_sites; 0: none since the region made it). Only those can
   * be stale: a created array's device copy holds garbage the host never
   * needs. */
  uint16_t *origin;
  /* The host's bytes when the last PROACT call returned: what differs at
   * the next one, the host wrote (since that call). */
  unsigned char *host;
  const char *since_file;
  int since_line;
};

/* Per element, the PROACT call that last changed its value on the devices
 * (struct proact__host_check.origin): file and line. */
typedef struct hc_site {
  const char *file;
  int line;
} hc_site_t;

#define HC_SITES_MAX 65535
static hc_site_t hc_sites[HC_SITES_MAX + 1];
static int hc_nsites;

/* What the signal handlers read, in memory of its own (mmap) so that no
 * page it lives on is ever protected: the protected pages, and per array
 * what messages need and its stale ranges. Rebuilt by
 * proact__host_check_leave, read and changed under hc_lock only. */
typedef struct hc_pages {
  uintptr_t lo, hi; /* page-aligned */
  int prot;
} hc_pages_t;

typedef struct hc_area {
  char *lo, *hi;
  proact__present_t *entry; /* an identity: never read in a handler */
  size_t es;
  long long index_lo, len;
  const char *name, *file;
  int line;
  int stale0, nstale; /* in hc_snap_t.ranges */
} hc_area_t;

typedef struct hc_snap {
  size_t bytes; /* of the mapping */
  int nruns, nareas, nranges;
  hc_pages_t *runs;
  hc_area_t *areas;
  hc_range_t *ranges;
} hc_snap_t;

typedef struct hc_write {
  proact__present_t *entry;
  uint64_t lo, hi;
  uintptr_t pc;
} hc_write_t;

#define HC_LOG_MAX 65536

static int hc_state = -1; /* -1: not decided, 0: off, 1: on */
static size_t hc_page;
static hc_snap_t *hc_snap;
static volatile unsigned hc_gen; /* changes whenever hc_snap's pages do */
static volatile int hc_lock;
static hc_write_t hc_log[HC_LOG_MAX];
static volatile sig_atomic_t hc_nlog, hc_log_full;
static struct sigaction hc_old_segv, hc_old_trap;
static __thread uintptr_t hc_step_page[4]
    __attribute__((tls_model("initial-exec")));
static __thread int hc_nstep __attribute__((tls_model("initial-exec")));
static __thread unsigned hc_step_gen
    __attribute__((tls_model("initial-exec")));

/* A spin lock a signal handler may take: another thread's handler, or
 * the program's thread between its protection changes, holds it briefly
 * and never faults while it does. */
static __thread int hc_owner __attribute__((tls_model("initial-exec")));

static void hc_lock_take(void) {
  while (__atomic_exchange_n(&hc_lock, 1, __ATOMIC_ACQUIRE))
#if defined(__x86_64__)
    __builtin_ia32_pause();
#else
    ;
#endif
  hc_owner = 1;
}

static void hc_lock_give(void) {
  hc_owner = 0;
  __atomic_store_n(&hc_lock, 0, __ATOMIC_RELEASE);
}

static uint16_t hc_site_of(const char *file, int line) {
  static int last;
  if (last > 0 && hc_sites[last].file == file && hc_sites[last].line == line)
    return (uint16_t)last;
  for (int i = 1; i <= hc_nsites; i++)
    if (hc_sites[i].file == file && hc_sites[i].line == line)
      return (uint16_t)(last = i);
  if (hc_nsites == HC_SITES_MAX)
    return HC_SITES_MAX; /* named by the last one: messages only */
  hc_sites[++hc_nsites] = (hc_site_t){file, line};
  return (uint16_t)(last = hc_nsites);
}

/* ---- sorted range lists ---- */

static void hc_list_push(hc_list_t *l, hc_range_t r) {
  if (proact__grow((void **)&l->v, &l->cap, l->n, sizeof(*l->v)) !=
      PROACT_OK)
    proact__fatal(NULL, 0, 0, "out of host memory");
  l->v[l->n++] = r;
}

static int hc_range_cmp(const void *pa, const void *pb) {
  const hc_range_t *a = pa, *b = pb;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Sorts and merges overlapping or touching ranges, keeping the first's
 * origin. */
static void hc_list_normalize(hc_list_t *l) {
  int n = 0;
  qsort(l->v, (size_t)l->n, sizeof(*l->v), hc_range_cmp);
  for (int i = 0; i < l->n; i++) {
    if (n > 0 && l->v[i].lo <= l->v[n - 1].hi) {
      if (l->v[i].hi > l->v[n - 1].hi)
        l->v[n - 1].hi = l->v[i].hi;
      continue;
    }
    l->v[n++] = l->v[i];
  }
  l->n = n;
}

/* Removes [lo, hi) from a sorted list. */
static void hc_list_remove(hc_list_t *l, uint64_t lo, uint64_t hi) {
  hc_list_t out = {NULL, 0, 0};
  for (int i = 0; i < l->n; i++) {
    hc_range_t r = l->v[i];
    if (r.hi <= lo || r.lo >= hi) {
      hc_list_push(&out, r);
      continue;
    }
    if (r.lo < lo) {
      hc_range_t a = r;
      a.hi = lo;
      hc_list_push(&out, a);
    }
    if (r.hi > hi) {
      hc_range_t b = r;
      b.lo = hi;
      hc_list_push(&out, b);
    }
  }
  free(l->v);
  *l = out;
}

/* The range of a sorted list that meets [lo, hi), or NULL; safe in the
 * signal handler (no allocation). */
static const hc_range_t *hc_list_meet(const hc_list_t *l, uint64_t lo,
                                      uint64_t hi) {
  int a = 0, b = l->n;
  while (a < b) { /* the first range with hi > lo */
    int m = (a + b) / 2;
    if (l->v[m].hi <= lo)
      a = m + 1;
    else
      b = m;
  }
  return a < l->n && l->v[a].lo < hi ? &l->v[a] : NULL;
}

/* ---- where an instruction is: file:line through addr2line ---- */

/* Fills file/line (file "" when unknown) and a description of pc: the
 * function and the object, with the offset addr2line takes. */
static void hc_where(uintptr_t pc, char *file, size_t file_len, int *line,
                     char *what, size_t what_len) {
  Dl_info info;
  char obj[4096], addr[32], out[8192];
  uintptr_t off = pc;
  int fds[2];
  pid_t pid;
  size_t got = 0;

  file[0] = '\0';
  *line = 0;
  snprintf(what, what_len, "pc %#lx", (unsigned long)pc);
  if (dladdr((void *)pc, &info) == 0 || info.dli_fbase == NULL)
    return;
  if (info.dli_fname != NULL && info.dli_fname[0] == '/')
    snprintf(obj, sizeof(obj), "%s", info.dli_fname);
  else {
    ssize_t n = readlink("/proc/self/exe", obj, sizeof(obj) - 1);
    if (n <= 0)
      return;
    obj[n] = '\0';
  }
  /* A position-independent object's addresses start at its load base. */
  if (((const Elf64_Ehdr *)info.dli_fbase)->e_type == ET_DYN)
    off = pc - (uintptr_t)info.dli_fbase;
  snprintf(addr, sizeof(addr), "%#lx", (unsigned long)off);
  snprintf(what, what_len, "%s%s(%s+%s)",
           info.dli_sname != NULL ? info.dli_sname : "",
           info.dli_sname != NULL ? " " : "", obj, addr);
  if (pipe(fds) != 0)
    return;
  {
    /* posix_spawn: no fork handlers of the runtimes loaded run. */
    posix_spawn_file_actions_t fa;
    char *argv[] = {"addr2line", "-f", "-i", "-e", obj, addr, NULL};
    extern char **environ;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null",
                                     O_WRONLY, 0);
    if (posix_spawnp(&pid, "addr2line", &fa, NULL, argv, environ) != 0)
      pid = -1;
    posix_spawn_file_actions_destroy(&fa);
  }
  close(fds[1]);
  if (pid > 0) {
    ssize_t n;
    while (got < sizeof(out) - 1 &&
           (n = read(fds[0], out + got, sizeof(out) - 1 - got)) > 0)
      got += (size_t)n;
    waitpid(pid, NULL, 0);
  }
  close(fds[0]);
  out[got] = '\0';
  /* "function\nfile:line\n" (the innermost inlined frame first) */
  char *nl = strchr(out, '\n');
  if (nl == NULL)
    return;
  *nl = '\0';
  char *loc = nl + 1, *end = strchr(loc, '\n'), *colon;
  if (end != NULL)
    *end = '\0';
  colon = strrchr(loc, ':');
  if (colon == NULL || loc[0] == '?')
    return;
  *colon = '\0';
  *line = atoi(colon + 1);
  if (*line <= 0)
    return;
  snprintf(file, file_len, "%s", loc);
  if (out[0] != '?')
    snprintf(what, what_len, "in %s()", out);
}

/* ---- the signal handlers ---- */

/* Lifts every protection of snap; hc_lock held. */
static void hc_unprotect_locked(hc_snap_t *snap) {
  if (snap == NULL)
    return;
  for (int i = 0; i < snap->nruns; i++)
    mprotect((void *)snap->runs[i].lo, snap->runs[i].hi - snap->runs[i].lo,
             PROT_READ | PROT_WRITE);
  snap->nruns = 0;
  hc_gen++;
}

/* The run holding address a (binary search), or -1. */
static int hc_run_of(const hc_snap_t *snap, uintptr_t a) {
  int lo = 0, hi = snap != NULL ? snap->nruns : 0;
  while (lo < hi) {
    int m = (lo + hi) / 2;
    if (snap->runs[m].hi <= a)
      lo = m + 1;
    else
      hi = m;
  }
  return snap != NULL && lo < snap->nruns && snap->runs[lo].lo <= a ? lo
                                                                    : -1;
}

static const hc_area_t *hc_area_of(const hc_snap_t *snap, uintptr_t a) {
  for (int i = 0; i < snap->nareas; i++)
    if ((uintptr_t)snap->areas[i].lo <= a && a < (uintptr_t)snap->areas[i].hi)
      return &snap->areas[i];
  return NULL;
}

/* The range of v[0, n) (sorted) that meets [lo, hi), or NULL. */
static const hc_range_t *hc_meet(const hc_range_t *v, int n, uint64_t lo,
                                 uint64_t hi) {
  int a = 0, b = n;
  while (a < b) { /* the first range with hi > lo */
    int m = (a + b) / 2;
    if (v[m].hi <= lo)
      a = m + 1;
    else
      b = m;
  }
  return a < n && v[a].lo < hi ? &v[a] : NULL;
}

/* [lo, hi): the element holding byte offset off of an array of es-byte
 * elements and `bytes` bytes. */
static void hc_elem(size_t es, uint64_t bytes, uint64_t off, uint64_t *lo,
                    uint64_t *hi) {
  if (es == 0)
    es = 1;
  *lo = off - off % es;
  *hi = *lo + es > bytes ? bytes : *lo + es;
}

_Noreturn static void hc_report_read(const hc_area_t *ar, uint64_t off,
                                     const hc_range_t *why, uintptr_t pc) {
  char file[4096], what[4600];
  int line;
  const long long k =
      ar->index_lo + (long long)(off / (ar->es ? ar->es : 1));

  hc_where(pc, file, sizeof(file), &line, what, sizeof(what));
  proact__fatal(file[0] ? file : NULL, line, 0,
                "PROACT_CHECK_HOST: the host reads %s[%lld] (%s), but the "
                "loop at %s:%d changed it on the devices and no update "
                "brought it back: the host copy of %s[%lld:%lld] (the data "
                "region of %s:%d) is stale there. Add '#pragma proact update "
                "host(...)' with a section of %s holding every element the "
                "host reads, between that loop and this code",
                ar->name, k, what, why->file ? why->file : "?", why->line,
                ar->name, ar->index_lo, ar->len, ar->file, ar->line,
                ar->name);
}

/* The host's store at pc into bytes [lo, hi) of ar, an element a loop
 * changed: logged, so that the host reads its own value afterwards
 * without an error, and to name the store in messages (a fixed log: no
 * allocation). */
static void hc_log_write(const hc_area_t *ar, uint64_t lo, uint64_t hi,
                         uintptr_t pc) {
  int n = hc_nlog;
  if (n > 0 && hc_log[n - 1].entry == ar->entry && hc_log[n - 1].hi >= lo &&
      hc_log[n - 1].lo <= hi) {
    if (lo < hc_log[n - 1].lo)
      hc_log[n - 1].lo = lo;
    if (hi > hc_log[n - 1].hi)
      hc_log[n - 1].hi = hi;
    return;
  }
  if (n == HC_LOG_MAX) {
    hc_log_full = 1;
    return;
  }
  hc_log[n] = (hc_write_t){ar->entry, lo, hi, pc};
  hc_nlog = n + 1;
}

/* Whether the host stored into [lo, hi) of ar since the last PROACT call
 * (a full log answers yes: no error rather than a false one). */
static int hc_written(const hc_area_t *ar, uint64_t lo, uint64_t hi) {
  if (hc_log_full)
    return 1;
  for (int i = 0; i < hc_nlog; i++)
    if (hc_log[i].entry == ar->entry && hc_log[i].lo < hi && lo < hc_log[i].hi)
      return 1;
  return 0;
}

static void hc_chain(struct sigaction *old, int sig, siginfo_t *si,
                     void *ctx) {
  if (old->sa_flags & SA_SIGINFO) {
    old->sa_sigaction(sig, si, ctx);
    return;
  }
  if (old->sa_handler == SIG_IGN)
    return;
  if (old->sa_handler == SIG_DFL) {
    /* A fault re-runs its instruction, which now gets the default; a trap
     * or a signal someone sent must be raised again. */
    sigaction(sig, old, NULL);
    if (sig == SIGTRAP || si->si_code <= 0)
      raise(sig);
    return;
  }
  old->sa_handler(sig);
}

/* What the faulting instruction does at the fault address: a plain store
 * (nothing read there), and how many bytes (0: unknown). */
typedef struct hc_access {
  int store;
  int width;
} hc_access_t;

#if defined(__x86_64__)
/* Decodes the x86-64 moves, SSE/AVX moves and arithmetic with a memory
 * operand that compilers emit for array code; anything else counts as a
 * read of unknown width, so that a read-modify-write (`add [m], r`) of a
 * stale element is reported. */
static hc_access_t hc_decode(const unsigned char *p) {
  int p66 = 0, rep = 0, w = 0, map = 0, vex = 0, vl = 0, op, vw, sz;
  for (;; p++) {
    if (*p == 0x66)
      p66 = 1;
    else if (*p == 0xF2 || *p == 0xF3)
      rep = *p;
    else if (*p == 0xF0 || *p == 0x2E || *p == 0x3E || *p == 0x26 ||
             *p == 0x36 || *p == 0x64 || *p == 0x65 || *p == 0x67)
      ;
    else
      break;
  }
  if ((*p & 0xF0) == 0x40)
    w = (*p++ >> 3) & 1;
  if (*p == 0xC5 || *p == 0xC4 || *p == 0x62) {
    int pp;
    vex = 1;
    if (*p == 0xC5) {
      map = 1, vl = (p[1] >> 2) & 1, pp = p[1] & 3, p += 2;
    } else if (*p == 0xC4) {
      map = p[1] & 0x1F, w = p[2] >> 7, vl = (p[2] >> 2) & 1, pp = p[2] & 3;
      p += 3;
    } else {
      map = p[1] & 7, w = p[2] >> 7, pp = p[2] & 3, vl = (p[3] >> 5) & 3;
      p += 4;
    }
    p66 = pp == 1, rep = pp == 2 ? 0xF3 : pp == 3 ? 0xF2 : 0;
  } else if (*p == 0x0F) {
    map = 1, p++;
    if (*p == 0x38 || *p == 0x3A)
      map = *p == 0x38 ? 2 : 3, p++;
  }
  op = *p;
  vw = 16 << vl;
  sz = w ? 8 : p66 ? 2 : 4;
  if (map == 0) {
    switch (op) {
    case 0x88: case 0xC6: case 0xAA: return (hc_access_t){1, 1};
    case 0x89: case 0xC7: case 0xAB: return (hc_access_t){1, sz};
    case 0x8A: return (hc_access_t){0, 1};
    case 0x8B: return (hc_access_t){0, sz};
    }
    return (hc_access_t){0, 0};
  }
  if (map == 1) {
    const int scalar = rep == 0xF3 ? 4 : rep == 0xF2 ? 8 : vw;
    if (op >= 0x90 && op <= 0x9F && !vex)
      return (hc_access_t){1, 1}; /* setcc */
    switch (op) {
    case 0x11: return (hc_access_t){1, scalar};
    case 0x13: case 0x17: case 0xD6: return (hc_access_t){1, 8};
    case 0x29: case 0x2B: case 0xE7: return (hc_access_t){1, vw};
    case 0x7F: return (hc_access_t){1, p66 || rep ? vw : 8};
    case 0xC3: return (hc_access_t){1, w ? 8 : 4};
    case 0x7E: return rep == 0xF3 ? (hc_access_t){0, 8}
                                  : (hc_access_t){1, w ? 8 : 4};
    case 0x10: case 0x51: case 0x58: case 0x59: case 0x5C: case 0x5D:
    case 0x5E: case 0x5F: case 0x54: case 0x55: case 0x56: case 0x57:
      return (hc_access_t){0, scalar};
    case 0x12: case 0x16: return (hc_access_t){0, 8};
    case 0x28: return (hc_access_t){0, vw};
    case 0x6F: return (hc_access_t){0, p66 || rep ? vw : 8};
    case 0x6E: return (hc_access_t){0, w ? 8 : 4};
    case 0x2E: case 0x2F: return (hc_access_t){0, p66 ? 8 : 4};
    case 0x2A: case 0x2C: case 0x2D: return (hc_access_t){0, rep == 0xF2 ? 8 : 4};
    case 0xB6: case 0xBE: return (hc_access_t){0, 1};
    case 0xB7: case 0xBF: return (hc_access_t){0, 2};
    }
    return (hc_access_t){0, 0};
  }
  if (map == 2 && vex) { /* FMA: odd scalar forms, even packed */
    if ((op >= 0x96 && op <= 0x9F) || (op >= 0xA6 && op <= 0xAF) ||
        (op >= 0xB6 && op <= 0xBF))
      return (hc_access_t){0, (op & 1) ? (w ? 8 : 4) : vw};
    if (op == 0x18 || op == 0x19)
      return (hc_access_t){0, op == 0x18 ? 4 : 8}; /* broadcasts */
  }
  return (hc_access_t){0, 0};
}
#endif

static hc_access_t hc_fault_access(const ucontext_t *uc) {
#if defined(__x86_64__)
  return hc_decode((const unsigned char *)uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  /* A load-store architecture: a write fault is a store (WnR); the size
   * is known where the syndrome is valid (ISV). */
  const unsigned char *p = uc->uc_mcontext.__reserved;
  for (;;) {
    const struct _aarch64_ctx *h = (const struct _aarch64_ctx *)p;
    if (h->magic == 0 || h->size == 0)
      return (hc_access_t){0, 0};
    if (h->magic == ESR_MAGIC) {
      const uint64_t esr = ((const struct esr_context *)p)->esr;
      return (hc_access_t){(esr >> 6) & 1,
                           (esr >> 24) & 1 ? 1 << ((esr >> 22) & 3) : 0};
    }
    p += h->size;
  }
#else
  (void)uc;
  return (hc_access_t){0, 0};
#endif
}

static uintptr_t hc_fault_pc(const ucontext_t *uc) {
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
  return (uintptr_t)uc->uc_mcontext.pc;
#else
  (void)uc;
  return 0;
#endif
}

static void hc_segv(int sig, siginfo_t *si, void *ctx) {
  static __thread uintptr_t retried
      __attribute__((tls_model("initial-exec")));
  ucontext_t *uc = ctx;
  const uintptr_t a = (uintptr_t)si->si_addr;
  const uintptr_t page = a & ~(uintptr_t)(hc_page - 1);
  hc_snap_t *snap;
  const hc_area_t *ar;
  int run;

  /* The lock's holder itself, changing the protection: open the page
   * until the next change. */
  if (hc_owner) {
    if (si->si_code != SEGV_ACCERR ||
        mprotect((void *)page, hc_page, PROT_READ | PROT_WRITE) != 0)
      hc_chain(&hc_old_segv, sig, si, ctx);
    return;
  }
  hc_lock_take();
  snap = hc_snap;
  run = si->si_code == SEGV_ACCERR ? hc_run_of(snap, a) : -1;
  if (run < 0) {
    hc_lock_give();
    /* A PROACT call on another thread may have just opened the page:
     * once more before this is someone else's fault. */
    if (si->si_code == SEGV_ACCERR && retried != a) {
      retried = a;
      return;
    }
    retried = 0;
    hc_chain(&hc_old_segv, sig, si, ctx);
    return;
  }
  retried = 0;
  ar = hc_area_of(snap, a);
  if (ar != NULL) {
    const hc_access_t acc = hc_fault_access(uc);
    const uint64_t bytes = (uint64_t)(ar->hi - ar->lo);
    const uint64_t off = (uint64_t)(a - (uintptr_t)ar->lo);
    uint64_t lo, hi, lo2, hi2;
    hc_elem(ar->es, bytes, off, &lo, &hi);
    if (acc.width > 0 && off + (uint64_t)acc.width > hi) {
      hc_elem(ar->es, bytes,
              off + (uint64_t)acc.width - 1 < bytes
                  ? off + (uint64_t)acc.width - 1
                  : bytes - 1,
              &lo2, &hi2);
      hi = hi2;
    }
    if (!acc.store) {
      /* A read of an element a loop changed that the host did not
       * overwrite since. */
      const hc_range_t *why =
          hc_meet(snap->ranges + ar->stale0, ar->nstale, lo, hi);
      for (uint64_t x = lo; why != NULL && x < hi; x = why->hi) {
        why = hc_meet(snap->ranges + ar->stale0, ar->nstale, x, hi);
        if (why == NULL)
          break;
        {
          uint64_t slo = why->lo > x ? why->lo : x;
          uint64_t e0, e1;
          hc_elem(ar->es, bytes, slo, &e0, &e1);
          if (!hc_written(ar, e0, e1)) {
            const hc_area_t area = *ar;
            const hc_range_t reason = *why;
            /* Disarmed before the report: exit handlers may call
             * PROACT. */
            hc_unprotect_locked(snap);
            hc_lock_give();
            hc_report_read(&area, e0, &reason, hc_fault_pc(uc));
          }
        }
      }
    } else {
      hc_log_write(ar, lo, hi, hc_fault_pc(uc));
    }
  }
  /* Let the instruction through: the page opens, and closes again after
   * one instruction where the trap flag can step it. */
  if (mprotect((void *)page, hc_page, PROT_READ | PROT_WRITE) != 0) {
    hc_unprotect_locked(snap);
    hc_lock_give();
    proact__fatal(NULL, 0, 0,
                  "PROACT_CHECK_HOST: cannot open a protected page: %s",
                  strerror(errno));
  }
#if HC_STEP
  if (hc_nstep == 0 || hc_step_gen != hc_gen) {
    hc_nstep = 0;
    hc_step_gen = hc_gen;
  }
  if (hc_nstep < (int)(sizeof(hc_step_page) / sizeof(hc_step_page[0])))
    hc_step_page[hc_nstep++] = page;
  uc->uc_mcontext.gregs[REG_EFL] |= 0x100;
#endif
  hc_lock_give();
}

#if HC_STEP
static void hc_trap(int sig, siginfo_t *si, void *ctx) {
  ucontext_t *uc = ctx;
  if (hc_nstep == 0) {
    hc_chain(&hc_old_trap, sig, si, ctx);
    return;
  }
  hc_lock_take();
  /* Unless a PROACT call changed the protection meanwhile. */
  for (int i = 0; i < hc_nstep && hc_step_gen == hc_gen; i++) {
    int run = hc_run_of(hc_snap, hc_step_page[i]);
    if (run >= 0)
      mprotect((void *)hc_step_page[i], hc_page, hc_snap->runs[run].prot);
  }
  hc_lock_give();
  hc_nstep = 0;
  uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)0x100;
}
#endif

/* ---- the calls ---- */

int proact__host_check_on(void) {
  if (hc_state >= 0)
    return hc_state;
  hc_state = 0;
  if (!proact__param_get(PROACT__PARAM_CHECK_HOST)->i ||
      proact__devices_count() == 0)
    return 0;
#ifdef HC_UNSUPPORTED
  proact__fatal(NULL, 0, 0,
                "PROACT_CHECK_HOST=1 is supported on x86-64 and AArch64 "
                "Linux only; unset it");
#else
  {
    struct sigaction sa;
    stack_t ss, old;
    hc_page = (size_t)sysconf(_SC_PAGESIZE);
    /* The handler's frame must not land on a protected stack page: a
     * signal stack of its own, below a guard page, unless the program set
     * one. */
    if (sigaltstack(NULL, &old) == 0 && (old.ss_flags & SS_DISABLE)) {
      const size_t size = 256 * 1024;
      char *m = mmap(NULL, size + hc_page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED || mprotect(m, hc_page, PROT_NONE) != 0)
        proact__fatal(NULL, 0, 0, "PROACT_CHECK_HOST=1: no signal stack: %s",
                      strerror(errno));
      ss.ss_sp = m + hc_page;
      ss.ss_size = size;
      ss.ss_flags = 0;
      if (sigaltstack(&ss, NULL) != 0)
        proact__fatal(NULL, 0, 0, "PROACT_CHECK_HOST=1: no signal stack: %s",
                      strerror(errno));
    }
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = hc_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    /* Each handler holds the lock for a while: not the other inside. */
    sigaddset(&sa.sa_mask, SIGSEGV);
    sigaddset(&sa.sa_mask, SIGTRAP);
    if (sigaction(SIGSEGV, &sa, &hc_old_segv) != 0)
      proact__fatal(NULL, 0, 0, "PROACT_CHECK_HOST=1: sigaction: %s",
                    strerror(errno));
#if HC_STEP
    sa.sa_sigaction = hc_trap;
    if (sigaction(SIGTRAP, &sa, &hc_old_trap) != 0)
      proact__fatal(NULL, 0, 0, "PROACT_CHECK_HOST=1: sigaction: %s",
                    strerror(errno));
#endif
    proact__info(PROACT__SUBSYS_REGION,
                 "PROACT_CHECK_HOST=1: host accesses to region arrays are "
                 "checked between PROACT calls");
    hc_state = 1;
  }
#endif
  return hc_state;
}

static struct proact__host_check *hc_of(proact__present_t *e) {
  if (e->host_check == NULL &&
      (e->host_check = calloc(1, sizeof(*e->host_check))) == NULL)
    proact__fatal(e->file, e->line, 0, "out of host memory");
  return e->host_check;
}

/* The element of e's section holding byte offset off, as name[index]. */
static long long hc_index(const proact__present_t *e, uint64_t off) {
  return e->lo + (long long)(off / (e->elem_size ? e->elem_size : 1));
}

/* The live region entries with devices and bytes (in creation order once
 * sorted). */
static proact__present_t **hc_entries;
static int hc_nentries, hc_capentries;
static void hc_collect_entry(proact__present_t *e, void *arg);

void proact__host_check_enter(void) {
  if (!proact__host_check_on())
    return;
  /* The comparison below reads every array: not one the program unmapped. */
  proact__replica_check_hosts("a PROACT call under PROACT_CHECK_HOST=1");
  hc_lock_take();
  hc_unprotect_locked(hc_snap);
  hc_lock_give();
  if (hc_log_full)
    proact__warn("PROACT_CHECK_HOST: more than %d separate host stores to "
                 "elements loops changed between two PROACT calls; reads of "
                 "such elements after them were not checked",
                 HC_LOG_MAX);
  /* The host's writes since the last call: its bytes that changed. */
  hc_nentries = 0;
  proact__present_each(hc_collect_entry, NULL);
  for (int i = 0; i < hc_nentries; i++) {
    proact__present_t *e = hc_entries[i];
    struct proact__host_check *hc = e->host_check;
    const uint64_t bytes = (uint64_t)(e->host_hi - e->host_lo);
    int added = 0;
    if (hc == NULL || hc->host == NULL)
      continue;
    for (uint64_t blk = 0; blk < bytes; blk += 4096) {
      const uint64_t end = blk + 4096 < bytes ? blk + 4096 : bytes;
      if (memcmp(hc->host + blk, e->host_lo + blk, (size_t)(end - blk)) == 0)
        continue;
      for (uint64_t b = blk; b < end; b++) {
        uintptr_t pc = 0;
        if (hc->host[b] == (unsigned char)e->host_lo[b])
          continue;
        if (added > 0 && hc->dirty.v[hc->dirty.n - 1].hi == b) {
          hc->dirty.v[hc->dirty.n - 1].hi = b + 1;
          continue;
        }
        for (int l = 0; l < hc_nlog && pc == 0; l++)
          if (hc_log[l].entry == e && hc_log[l].lo <= b && b < hc_log[l].hi)
            pc = hc_log[l].pc;
        hc_list_push(&hc->dirty, (hc_range_t){b, b + 1, hc->since_file,
                                              hc->since_line, pc});
        added++;
      }
    }
    if (added > 0)
      hc_list_normalize(&hc->dirty);
  }
  hc_nlog = 0;
  hc_log_full = 0;
}

/* The devices' current values of bytes [lo, hi) of e into buf + lo (the
 * host's where it holds them). */
static void hc_current(proact__present_t *e, uint64_t lo, uint64_t hi,
                       unsigned char *buf) {
  memcpy(buf + lo, e->host_lo + lo, (size_t)(hi - lo));
  proact__replica_gather_to(e, lo, hi, (char *)buf);
}

static void hc_sync(const proact__present_t *e) {
  if (proact__dev_sync_all() != PROACT_OK)
    proact__fatal(e->file, e->line, 0,
                  "PROACT_CHECK_HOST: copying %s[%lld:%lld] from the devices "
                  "failed",
                  e->name, e->lo, e->len);
}

/* ---- protection ---- */

/* Protection runs of every array, possibly overlapping where two arrays
 * share a page; hc_publish makes them disjoint. */
static hc_pages_t *hc_want;
static int hc_nwant, hc_capwant;

static void hc_add_pages(uintptr_t lo, uintptr_t hi, int prot) {
  if (lo >= hi)
    return;
  if (proact__grow((void **)&hc_want, &hc_capwant, hc_nwant,
                   sizeof(*hc_want)) != PROACT_OK)
    proact__fatal(NULL, 0, 0, "out of host memory");
  hc_want[hc_nwant++] = (hc_pages_t){lo, hi, prot};
}

static uintptr_t hc_page_down(uintptr_t a) {
  return a & ~(uintptr_t)(hc_page - 1);
}

static uintptr_t hc_page_up(uintptr_t a) {
  return (a + hc_page - 1) & ~(uintptr_t)(hc_page - 1);
}

/* No access to the pages that hold a stale element and lie wholly inside
 * the array: a page shared with other data (a neighbour's, stdio's
 * buffer, a stack frame) stays open, since a system call or another
 * thread's wait on it would fail. */
static void hc_protect_entry(const proact__present_t *e) {
  const hc_list_t *stale = &e->host_check->stale;
  const uintptr_t first = hc_page_up((uintptr_t)e->host_lo);
  const uintptr_t last = hc_page_down((uintptr_t)e->host_hi);
  for (int s = 0; s < stale->n; s++) {
    uintptr_t slo = hc_page_down((uintptr_t)e->host_lo + stale->v[s].lo);
    uintptr_t shi = hc_page_up((uintptr_t)e->host_lo + stale->v[s].hi);
    hc_add_pages(slo > first ? slo : first, shi < last ? shi : last,
                 PROT_NONE);
  }
}

typedef struct hc_event {
  uintptr_t at;
  int delta_none, delta_read;
} hc_event_t;

static int hc_event_cmp(const void *pa, const void *pb) {
  const hc_event_t *a = pa, *b = pb;
  return a->at < b->at ? -1 : a->at > b->at;
}


static void hc_collect_entry(proact__present_t *e, void *arg) {
  (void)arg;
  if (e->implicit || e->ndevs == 0 || e->host_lo == e->host_hi)
    return;
  if (proact__grow((void **)&hc_entries, &hc_capentries, hc_nentries,
                   sizeof(*hc_entries)) != PROACT_OK)
    proact__fatal(NULL, 0, 0, "out of host memory");
  hc_entries[hc_nentries++] = e;
}

static int hc_entry_cmp(const void *pa, const void *pb) {
  return proact__present_order(*(proact__present_t *const *)pa,
                               *(proact__present_t *const *)pb);
}

/* Builds the handlers' snapshot from the wanted runs and the entries'
 * lists, publishes it and protects its pages (no access wins over
 * read-only where runs overlap). */
static void hc_publish(const char *file, int line) {
  hc_event_t *ev = malloc(sizeof(*ev) * (size_t)(2 * hc_nwant + 1));
  hc_pages_t *runs = malloc(sizeof(*runs) * (size_t)(2 * hc_nwant + 1));
  int none = 0, read = 0, nruns = 0, nranges = 0;
  size_t bytes;
  hc_snap_t *snap, *old;
  char *at;

  if (ev == NULL || runs == NULL)
    proact__fatal(file, line, 0, "out of host memory");
  for (int i = 0; i < hc_nwant; i++) {
    int n = hc_want[i].prot == PROT_NONE;
    ev[2 * i] = (hc_event_t){hc_want[i].lo, n, !n};
    ev[2 * i + 1] = (hc_event_t){hc_want[i].hi, -n, -!n};
  }
  qsort(ev, (size_t)(2 * hc_nwant), sizeof(*ev), hc_event_cmp);
  for (int i = 0; i < 2 * hc_nwant; i++) {
    none += ev[i].delta_none;
    read += ev[i].delta_read;
    if ((i + 1 < 2 * hc_nwant && ev[i + 1].at == ev[i].at) ||
        i + 1 == 2 * hc_nwant || (none == 0 && read == 0))
      continue;
    const int prot = none > 0 ? PROT_NONE : PROT_READ;
    if (nruns > 0 && runs[nruns - 1].hi == ev[i].at &&
        runs[nruns - 1].prot == prot)
      runs[nruns - 1].hi = ev[i + 1].at;
    else
      runs[nruns++] = (hc_pages_t){ev[i].at, ev[i + 1].at, prot};
  }
  free(ev);
  hc_nwant = 0;
  for (int i = 0; i < hc_nentries; i++)
    nranges += hc_entries[i]->host_check->stale.n;
  bytes = sizeof(hc_snap_t) + sizeof(hc_pages_t) * (size_t)nruns +
          sizeof(hc_area_t) * (size_t)hc_nentries +
          sizeof(hc_range_t) * (size_t)nranges;
  bytes = hc_page_up(bytes);
  snap = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
              -1, 0);
  if (snap == MAP_FAILED)
    proact__fatal(file, line, 0, "PROACT_CHECK_HOST: out of host memory");
  at = (char *)(snap + 1);
  *snap = (hc_snap_t){bytes, nruns, hc_nentries, nranges, (hc_pages_t *)at,
                      NULL, NULL};
  memcpy(snap->runs, runs, sizeof(*runs) * (size_t)nruns);
  free(runs);
  snap->areas = (hc_area_t *)(snap->runs + nruns);
  snap->ranges = (hc_range_t *)(snap->areas + hc_nentries);
  nranges = 0;
  for (int i = 0; i < hc_nentries; i++) {
    const proact__present_t *e = hc_entries[i];
    const struct proact__host_check *hc = e->host_check;
    hc_area_t *ar = &snap->areas[i];
    *ar = (hc_area_t){e->host_lo, e->host_hi, hc_entries[i], e->elem_size,
                      e->lo, e->len, e->name, e->file, e->line,
                      nranges, hc->stale.n};
    memcpy(snap->ranges + nranges, hc->stale.v,
           sizeof(hc_range_t) * (size_t)hc->stale.n);
    nranges += hc->stale.n;
  }
  hc_lock_take();
  old = hc_snap;
  hc_unprotect_locked(old);
  hc_snap = snap;
  for (int i = 0; i < snap->nruns; i++)
    if (mprotect((void *)snap->runs[i].lo, snap->runs[i].hi - snap->runs[i].lo,
                 snap->runs[i].prot) != 0) {
      const int err = errno;
      hc_unprotect_locked(snap);
      hc_lock_give();
      proact__fatal(file, line, 0,
                    "PROACT_CHECK_HOST: cannot protect host memory at %#lx: "
                    "%s",
                    (unsigned long)snap->runs[i].lo, strerror(err));
    }
  hc_gen++;
  hc_lock_give();
  if (old != NULL)
    munmap(old, old->bytes);
}

void proact__host_check_leave(const char *file, int line) {
  if (!proact__host_check_on())
    return;
  hc_nentries = 0;
  proact__present_each(hc_collect_entry, NULL);
  qsort(hc_entries, (size_t)hc_nentries, sizeof(*hc_entries), hc_entry_cmp);
  for (int i = 0; i < hc_nentries; i++) {
    proact__present_t *e = hc_entries[i];
    struct proact__host_check *hc = hc_of(e);
    const uint64_t bytes = (uint64_t)(e->host_hi - e->host_lo);
    const size_t es = e->elem_size ? e->elem_size : 1;
    unsigned char *now = malloc((size_t)bytes);
    hc_list_t stale = {NULL, 0, 0};

    if (now == NULL)
      proact__fatal(e->file, e->line, 0,
                    "PROACT_CHECK_HOST: out of host memory for a copy of "
                    "%s[%lld:%lld]",
                    e->name, e->lo, e->len);
    if (hc->origin == NULL &&
        (hc->origin = calloc((size_t)((bytes + es - 1) / es),
                             sizeof(*hc->origin))) == NULL)
      proact__fatal(e->file, e->line, 0, "out of host memory");
    hc_current(e, 0, bytes, now);
    hc_sync(e);
    if (hc->current != NULL) {
      const uint16_t site = hc_site_of(file, line);
      hc_list_t keep = {NULL, 0, 0};
      /* Which call changed each element last. */
      for (uint64_t blk = 0; blk < bytes; blk += 4096 * es) {
        uint64_t end = blk + 4096 * es < bytes ? blk + 4096 * es : bytes;
        if (memcmp(now + blk, hc->current + blk, (size_t)(end - blk)) == 0)
          continue;
        for (uint64_t b = blk; b < end; b += es)
          if (memcmp(now + b, hc->current + b,
                     (size_t)(end - b < es ? end - b : es)) != 0)
            hc->origin[b / es] = site;
      }
      /* Where the call changed the devices' values, the host's own
       * write there is dead. */
      for (int d = 0; d < hc->dirty.n; d++)
        for (uint64_t b = hc->dirty.v[d].lo; b < hc->dirty.v[d].hi; b += es) {
          uint64_t n = hc->dirty.v[d].hi - b < es ? hc->dirty.v[d].hi - b : es;
          if (memcmp(now + b, hc->current + b, (size_t)n) == 0) {
            hc_range_t k = hc->dirty.v[d];
            k.lo = b;
            k.hi = b + n;
            hc_list_push(&keep, k);
          }
        }
      free(hc->dirty.v);
      hc->dirty = keep;
      hc_list_normalize(&hc->dirty);
    }
    /* Stale: elements a call changed whose host bytes differ, but for the
     * host's own writes. Blocks of equal bytes are skipped whole. */
    for (uint64_t blk = 0; blk < bytes; blk += 4096 * es) {
      uint64_t end = blk + 4096 * es < bytes ? blk + 4096 * es : bytes;
      if (memcmp(now + blk, e->host_lo + blk, (size_t)(end - blk)) == 0)
        continue;
      for (uint64_t b = blk; b < end; b += es) {
        uint64_t n = end - b < es ? end - b : es;
        const hc_site_t *why = &hc_sites[hc->origin[b / es]];
        if (hc->origin[b / es] == 0 ||
            memcmp(now + b, e->host_lo + b, (size_t)n) == 0 ||
            hc_list_meet(&hc->dirty, b, b + n))
          continue;
        if (stale.n > 0 && stale.v[stale.n - 1].hi == b &&
            stale.v[stale.n - 1].file == why->file &&
            stale.v[stale.n - 1].line == why->line) {
          stale.v[stale.n - 1].hi = b + n;
          continue;
        }
        hc_list_push(&stale,
                     (hc_range_t){b, b + n, why->file, why->line, 0});
      }
    }
    free(hc->current);
    hc->current = now;
    free(hc->stale.v);
    hc->stale = stale;
    if (hc->host == NULL && (hc->host = malloc((size_t)bytes)) == NULL)
      proact__fatal(e->file, e->line, 0, "out of host memory");
    memcpy(hc->host, e->host_lo, (size_t)bytes);
    hc->since_file = file;
    hc->since_line = line;
    hc_protect_entry(e);
  }
  hc_publish(file, line);
}

/* ---- the checks of the host's writes ---- */

/* The host's write r of e (element at byte offset off) is lost: dev >= 0,
 * the loop at file:line:col reads it on device dev; else 'what' copies the
 * devices' value over it. */
_Noreturn static void hc_report_write(const proact__present_t *e,
                                      const hc_range_t *r, uint64_t off,
                                      const char *what, const char *file,
                                      int line, int col, int dev) {
  char wfile[4096], where[4700];
  int wline;
  long long k = hc_index(e, off);

  if (r->pc != 0) {
    hc_where(r->pc, wfile, sizeof(wfile), &wline, where, sizeof(where));
    if (wfile[0])
      snprintf(where + strlen(where), sizeof(where) - strlen(where),
               " at %s:%d", wfile, wline);
  } else {
    snprintf(where, sizeof(where), "after the PROACT call at %s:%d",
             r->file ? r->file : "?", r->line);
  }
  if (dev >= 0)
    proact__fatal(file, line, col,
                  "PROACT_CHECK_HOST: the host wrote %s[%lld] (%s) inside "
                  "the data region of %s:%d, and no update device(...) sent "
                  "it to the devices before this loop, whose part on device "
                  "%d reads it. Add '#pragma proact update device(...)' with "
                  "a section of %s holding every element the host writes, "
                  "after the host's writes",
                  e->name, k, where, e->file, e->line, dev, e->name);
  proact__fatal(file, line, col,
                "PROACT_CHECK_HOST: %s copies the devices' older value over "
                "the host's write of %s[%lld] (%s): no update device(...) "
                "sent that write. Add '#pragma proact update device(...)' "
                "with a section of %s holding every element the host "
                "writes, after the host's writes",
                what, e->name, k, where, e->name);
}

/* The first element of dirty range r whose host bytes differ from the
 * devices' current ones in [lo, hi), as a byte offset; -1: none. */
static long long hc_lost(const proact__present_t *e, const hc_range_t *r,
                         uint64_t lo, uint64_t hi, int skip_host_held) {
  const size_t es = e->elem_size ? e->elem_size : 1;
  uint64_t a = r->lo > lo ? r->lo : lo, b = r->hi < hi ? r->hi : hi;
  if (e->host_check->current == NULL)
    return -1;
  for (uint64_t x = a - a % es; x < b; x += es) {
    uint64_t y = x < a ? a : x, z = x + es < b ? x + es : b;
    /* A copy back leaves what the host holds (the validity map) alone. */
    if (skip_host_held && proact__present_tracked(e) &&
        (proact__validity_mask_at(e->valid, y) & PROACT__DEVMASK_HOST))
      continue;
    if (memcmp(e->host_check->current + y, e->host_lo + y, (size_t)(z - y)))
      return (long long)y;
  }
  return -1;
}

void proact__host_check_loop(const proact__loop_desc_t *desc,
                             proact__present_t *const *entries,
                             const proact__host_check_piece_t *pieces,
                             long long npieces) {
  if (!proact__host_check_on())
    return;
  for (int r = 0; r < desc->nreads; r++) {
    const proact__access_t *site = &desc->reads[r];
    const proact__array_t *array;
    proact__present_t *e;
    if (site->empty || site->array < 0 || site->array >= desc->narrays)
      continue;
    e = entries[site->array];
    if (e == NULL || e->implicit || e->host_check == NULL ||
        e->host_check->dirty.n == 0)
      continue;
    array = &desc->arrays[site->array];
    const __int128 base =
        (__int128)(uintptr_t)e->host_lo - (__int128)(uintptr_t)array->base;
    for (int d = 0; d < e->host_check->dirty.n; d++) {
      const hc_range_t *dr = &e->host_check->dirty.v[d];
      /* the dirty bytes as elements of the loop's array */
      const __int128 elo = (base + dr->lo) / (__int128)array->elem_size;
      const __int128 ehi = (base + dr->hi - 1) / (__int128)array->elem_size;
      for (long long j = 0; j < npieces; j++) {
        const long long klo = pieces[j].klo, khi = pieces[j].khi;
        long long off = -1;
        proact__runs_t runs;
        int exact;
        __int128 at = elo;
        if (site->whole) {
          off = hc_lost(e, dr, dr->lo, dr->hi, 0);
        } else if (proact__runs_of_site(site, desc->first, desc->step, klo,
                                        khi, &runs, &exact)) {
          /* Every element of the range the piece reads; lost only where
           * the devices hold a different value. */
          for (__int128 x = elo;
               off < 0 && x <= ehi &&
               proact__runs_first_in(&runs, x, ehi, &at);
               x = at + 1)
            off = hc_lost(
                e, dr, (uint64_t)(at * (__int128)array->elem_size - base),
                (uint64_t)((at + 1) * (__int128)array->elem_size - base),
                0);
        }
        if (off >= 0)
          hc_report_write(e, dr, (uint64_t)off, NULL, desc->file,
                          site->line > 0 ? site->line : desc->line,
                          site->line > 0 ? site->col : desc->col,
                          pieces[j].dev);
      }
    }
  }
}

void proact__host_check_copy_back(proact__present_t *e, uint64_t lo,
                                  uint64_t hi, const char *what,
                                  const char *file, int line, int col) {
  struct proact__host_check *hc = e->host_check;
  if (!proact__host_check_on() || hc == NULL)
    return;
  for (int d = 0; d < hc->dirty.n; d++) {
    long long off = hc_lost(e, &hc->dirty.v[d], lo, hi, 1);
    if (off >= 0)
      hc_report_write(e, &hc->dirty.v[d], (uint64_t)off, what, file, line,
                      col, -1);
  }
  hc_list_remove(&hc->dirty, lo, hi);
}

void proact__host_check_sent(proact__present_t *e, uint64_t lo,
                             uint64_t hi) {
  if (!proact__host_check_on() || e->host_check == NULL)
    return;
  hc_list_remove(&e->host_check->dirty, lo, hi);
}

void proact__host_check_forget(proact__present_t *e) {
  struct proact__host_check *hc = e->host_check;
  if (hc == NULL)
    return;
  free(hc->stale.v);
  free(hc->dirty.v);
  free(hc->current);
  free(hc->origin);
  free(hc->host);
  free(hc);
  e->host_check = NULL;
}
