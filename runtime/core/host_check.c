/* PROACT_CHECK_HOST=1 (host_check.h): page protection over the region
 * arrays between PROACT calls, a SIGSEGV handler that tells a read of a
 * stale element from everything else, and the checks of the host's writes
 * at the calls that would lose them. */
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
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "grow.h"
#include "host_check.h"
#include "log.h"
#include "param.h"
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
};

/* What the handler reads: the protected pages and the arrays, rebuilt by
 * proact__host_check_leave while nothing is protected. */
typedef struct hc_pages {
  uintptr_t lo, hi; /* page-aligned */
  int prot;
} hc_pages_t;

typedef struct hc_area {
  char *lo, *hi;
  proact__present_t *entry;
} hc_area_t;

typedef struct hc_write {
  proact__present_t *entry;
  uint64_t lo, hi;
  uintptr_t pc;
} hc_write_t;

#define HC_LOG_MAX 65536

static int hc_state = -1; /* -1: not decided, 0: off, 1: on */
static size_t hc_page;
static hc_pages_t *hc_runs;
static int hc_nruns, hc_capruns;
static hc_area_t *hc_areas;
static int hc_nareas, hc_capareas;
static hc_write_t hc_log[HC_LOG_MAX];
static volatile sig_atomic_t hc_nlog, hc_log_full;
static struct sigaction hc_old_segv, hc_old_trap;
static __thread uintptr_t hc_step_page[4]
    __attribute__((tls_model("initial-exec")));
static __thread int hc_nstep __attribute__((tls_model("initial-exec")));

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
  pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDERR_FILENO);
    execlp("addr2line", "addr2line", "-f", "-i", "-e", obj, addr,
           (char *)NULL);
    _exit(127);
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

/* ---- protection ---- */

static void hc_unprotect_all(void) {
  for (int i = 0; i < hc_nruns; i++)
    mprotect((void *)hc_runs[i].lo, hc_runs[i].hi - hc_runs[i].lo,
             PROT_READ | PROT_WRITE);
}

/* The run holding address a (binary search), or -1. */
static int hc_run_of(uintptr_t a) {
  int lo = 0, hi = hc_nruns;
  while (lo < hi) {
    int m = (lo + hi) / 2;
    if (hc_runs[m].hi <= a)
      lo = m + 1;
    else
      hi = m;
  }
  return lo < hc_nruns && hc_runs[lo].lo <= a ? lo : -1;
}

static const hc_area_t *hc_area_of(uintptr_t a) {
  for (int i = 0; i < hc_nareas; i++)
    if ((uintptr_t)hc_areas[i].lo <= a && a < (uintptr_t)hc_areas[i].hi)
      return &hc_areas[i];
  return NULL;
}

/* The element of entry's section that holds byte offset off, as
 * name[index]. */
static long long hc_index(const proact__present_t *e, uint64_t off) {
  return e->lo + (long long)(off / (e->elem_size ? e->elem_size : 1));
}

/* [lo, hi): the element holding byte offset off. */
static void hc_elem(const proact__present_t *e, uint64_t off, uint64_t *lo,
                    uint64_t *hi) {
  size_t es = e->elem_size ? e->elem_size : 1;
  uint64_t bytes = (uint64_t)(e->host_hi - e->host_lo);
  *lo = off - off % es;
  *hi = *lo + es > bytes ? bytes : *lo + es;
}

_Noreturn static void hc_report_read(const proact__present_t *e, uint64_t off,
                                     const hc_range_t *why, uintptr_t pc) {
  char file[4096], what[4600];
  int line;
  long long k = hc_index(e, off);

  hc_unprotect_all();
  hc_where(pc, file, sizeof(file), &line, what, sizeof(what));
  proact__fatal(file[0] ? file : NULL, line, 0,
                "PROACT_CHECK_HOST: the host reads %s[%lld] (%s), but the "
                "loop at %s:%d changed it on the devices and no update "
                "brought it back: the host copy of %s[%lld:%lld] (the data "
                "region of %s:%d) is stale there. Add '#pragma proact update "
                "host(%s[%lld:1])' (or a section holding every element the "
                "host reads) between that loop and this code",
                e->name, k, what, why->file ? why->file : "?", why->line,
                e->name, e->lo, e->len, e->file, e->line, e->name, k);
}

/* The host's write at pc into entry e, byte offset off: logged for the
 * next PROACT call (no allocation: a fixed log). */
static void hc_log_write(proact__present_t *e, uint64_t off, uintptr_t pc) {
  uint64_t lo, hi;
  int n = hc_nlog;
  hc_elem(e, off, &lo, &hi);
  if (n > 0 && hc_log[n - 1].entry == e && hc_log[n - 1].hi >= lo &&
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
  hc_log[n] = (hc_write_t){e, lo, hi, pc};
  hc_nlog = n + 1;
}

/* Whether the host wrote element [lo, hi) of e since it was last sent. */
static int hc_written(const proact__present_t *e, uint64_t lo, uint64_t hi) {
  if (e->host_check != NULL && hc_list_meet(&e->host_check->dirty, lo, hi))
    return 1;
  for (int i = 0; i < hc_nlog; i++)
    if (hc_log[i].entry == e && hc_log[i].lo < hi && lo < hc_log[i].hi)
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
    /* Returning re-runs the instruction, which now gets the default. */
    sigaction(sig, old, NULL);
    return;
  }
  old->sa_handler(sig);
}

/* 1: the fault was a write, 0: a read, -1: unknown. */
static int hc_fault_write(const ucontext_t *uc) {
#if defined(__x86_64__)
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#elif defined(__aarch64__)
  const unsigned char *p = uc->uc_mcontext.__reserved;
  for (;;) {
    const struct _aarch64_ctx *h = (const struct _aarch64_ctx *)p;
    if (h->magic == 0 || h->size == 0)
      return -1;
    if (h->magic == ESR_MAGIC) {
      const struct esr_context *esr = (const struct esr_context *)p;
      return (esr->esr & (1u << 6)) != 0; /* WnR */
    }
    p += h->size;
  }
#else
  (void)uc;
  return -1;
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
  ucontext_t *uc = ctx;
  const uintptr_t a = (uintptr_t)si->si_addr;
  const int run = si->si_code == SEGV_ACCERR ? hc_run_of(a) : -1;
  const hc_area_t *area;
  int write;

  if (run < 0) {
    hc_chain(&hc_old_segv, sig, si, ctx);
    return;
  }
  /* A read-only page faults only on a write. */
  write = hc_runs[run].prot == PROT_READ ? 1 : hc_fault_write(uc);
  area = hc_area_of(a);
  if (area != NULL) {
    proact__present_t *e = area->entry;
    uint64_t off = (uint64_t)(a - (uintptr_t)area->lo), lo, hi;
    const hc_range_t *why;
    hc_elem(e, off, &lo, &hi);
    why = e->host_check != NULL ? hc_list_meet(&e->host_check->stale, lo, hi)
                                : NULL;
    if (write != 1 && why != NULL && !hc_written(e, lo, hi))
      hc_report_read(e, off, why, hc_fault_pc(uc));
    if (write == 1)
      hc_log_write(e, off, hc_fault_pc(uc));
  }
  /* Let the instruction through: the page opens, and closes again after
   * one instruction where the trap flag can step it. */
  const uintptr_t page = a & ~(uintptr_t)(hc_page - 1);
  mprotect((void *)page, hc_page, PROT_READ | PROT_WRITE);
#if HC_STEP
  if (hc_nstep < (int)(sizeof(hc_step_page) / sizeof(hc_step_page[0])))
    hc_step_page[hc_nstep++] = page;
  uc->uc_mcontext.gregs[REG_EFL] |= 0x100;
#endif
}

#if HC_STEP
static void hc_trap(int sig, siginfo_t *si, void *ctx) {
  ucontext_t *uc = ctx;
  if (hc_nstep == 0) {
    hc_chain(&hc_old_trap, sig, si, ctx);
    return;
  }
  for (int i = 0; i < hc_nstep; i++) {
    int run = hc_run_of(hc_step_page[i]);
    if (run >= 0)
      mprotect((void *)hc_step_page[i], hc_page, hc_runs[run].prot);
  }
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
    stack_t ss;
    hc_page = (size_t)sysconf(_SC_PAGESIZE);
    /* The handler's frame must not land on a protected stack page. */
    ss.ss_size = 1 << 16;
    ss.ss_sp = malloc(ss.ss_size);
    ss.ss_flags = 0;
    if (ss.ss_sp == NULL || sigaltstack(&ss, NULL) != 0)
      proact__fatal(NULL, 0, 0, "PROACT_CHECK_HOST=1: no signal stack: %s",
                    strerror(errno));
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = hc_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
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

void proact__host_check_enter(void) {
  if (!proact__host_check_on())
    return;
  hc_unprotect_all();
  hc_nruns = 0;
  if (hc_log_full) {
    proact__warn("PROACT_CHECK_HOST: more than %d separate host writes to "
                 "region arrays between two PROACT calls; the later ones "
                 "are not checked",
                 HC_LOG_MAX);
    hc_log_full = 0;
  }
  for (int i = 0; i < hc_nlog; i++) {
    struct proact__host_check *hc = hc_of(hc_log[i].entry);
    hc_list_push(&hc->dirty, (hc_range_t){hc_log[i].lo, hc_log[i].hi, NULL,
                                          0, hc_log[i].pc});
  }
  for (int i = 0; i < hc_nareas; i++)
    if (hc_areas[i].entry->host_check != NULL)
      hc_list_normalize(&hc_areas[i].entry->host_check->dirty);
  hc_nlog = 0;
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

static int hc_area_cmp(const void *pa, const void *pb) {
  const hc_area_t *a = pa, *b = pb;
  return proact__present_order(a->entry, b->entry);
}


/* Protection runs of every array, possibly overlapping where two arrays
 * share a page; hc_apply_protection makes them disjoint. */
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

/* No access to pages with a stale element, read-only for the rest. */
static void hc_protect_entry(const proact__present_t *e) {
  const hc_list_t *stale = &e->host_check->stale;
  uintptr_t at = hc_page_down((uintptr_t)e->host_lo);
  for (int s = 0; s < stale->n; s++) {
    uintptr_t slo = hc_page_down((uintptr_t)e->host_lo + stale->v[s].lo);
    uintptr_t shi = hc_page_up((uintptr_t)e->host_lo + stale->v[s].hi);
    if (slo < at)
      slo = at;
    hc_add_pages(at, slo, PROT_READ);
    hc_add_pages(slo, shi, PROT_NONE);
    if (shi > at)
      at = shi;
  }
  hc_add_pages(at, hc_page_up((uintptr_t)e->host_hi), PROT_READ);
}

typedef struct hc_event {
  uintptr_t at;
  int delta_none, delta_read;
} hc_event_t;

static int hc_event_cmp(const void *pa, const void *pb) {
  const hc_event_t *a = pa, *b = pb;
  return a->at < b->at ? -1 : a->at > b->at;
}

/* Sweeps the wanted runs into disjoint ones (no access wins over
 * read-only), then protects them. */
static void hc_apply_protection(const char *file, int line) {
  hc_event_t *ev = malloc(sizeof(*ev) * (size_t)(2 * hc_nwant + 1));
  int none = 0, read = 0;
  if (ev == NULL)
    proact__fatal(file, line, 0, "out of host memory");
  for (int i = 0; i < hc_nwant; i++) {
    int n = hc_want[i].prot == PROT_NONE;
    ev[2 * i] = (hc_event_t){hc_want[i].lo, n, !n};
    ev[2 * i + 1] = (hc_event_t){hc_want[i].hi, -n, -!n};
  }
  qsort(ev, (size_t)(2 * hc_nwant), sizeof(*ev), hc_event_cmp);
  hc_nruns = 0;
  for (int i = 0; i < 2 * hc_nwant; i++) {
    none += ev[i].delta_none;
    read += ev[i].delta_read;
    if (i + 1 < 2 * hc_nwant && ev[i + 1].at == ev[i].at)
      continue;
    if (i + 1 == 2 * hc_nwant || (none == 0 && read == 0))
      continue;
    {
      const int prot = none > 0 ? PROT_NONE : PROT_READ;
      const uintptr_t lo = ev[i].at, hi = ev[i + 1].at;
      if (hc_nruns > 0 && hc_runs[hc_nruns - 1].hi == lo &&
          hc_runs[hc_nruns - 1].prot == prot) {
        hc_runs[hc_nruns - 1].hi = hi;
        continue;
      }
      if (proact__grow((void **)&hc_runs, &hc_capruns, hc_nruns,
                       sizeof(*hc_runs)) != PROACT_OK)
        proact__fatal(file, line, 0, "out of host memory");
      hc_runs[hc_nruns++] = (hc_pages_t){lo, hi, prot};
    }
  }
  free(ev);
  hc_nwant = 0;
  for (int i = 0; i < hc_nruns; i++)
    if (mprotect((void *)hc_runs[i].lo, hc_runs[i].hi - hc_runs[i].lo,
                 hc_runs[i].prot) != 0)
      proact__fatal(file, line, 0,
                    "PROACT_CHECK_HOST: cannot protect host memory at %#lx: "
                    "%s",
                    (unsigned long)hc_runs[i].lo, strerror(errno));
}

static void hc_collect_entry(proact__present_t *e, void *arg) {
  (void)arg;
  if (e->implicit || e->ndevs == 0 || e->host_lo == e->host_hi)
    return;
  if (proact__grow((void **)&hc_areas, &hc_capareas, hc_nareas,
                   sizeof(*hc_areas)) != PROACT_OK)
    proact__fatal(NULL, 0, 0, "out of host memory");
  hc_areas[hc_nareas++] = (hc_area_t){e->host_lo, e->host_hi, e};
}

void proact__host_check_leave(const char *file, int line) {
  if (!proact__host_check_on())
    return;
  hc_nareas = 0;
  proact__present_each(hc_collect_entry, NULL);
  qsort(hc_areas, (size_t)hc_nareas, sizeof(*hc_areas), hc_area_cmp);
  hc_nruns = 0;
  for (int i = 0; i < hc_nareas; i++) {
    proact__present_t *e = hc_areas[i].entry;
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
    hc_current(e, 0, bytes, now);
    hc_sync(e);
    /* Where the devices' values changed since the last return, the call
     * wrote them: the host's own write there is dead. */
    if (hc->current != NULL && hc->dirty.n > 0) {
      hc_list_t keep = {NULL, 0, 0};
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
    /* Stale: elements whose bytes differ, but for the host's own writes.
     * Blocks of equal bytes are skipped whole. */
    for (uint64_t blk = 0; blk < bytes; blk += 4096 * es) {
      uint64_t end = blk + 4096 * es < bytes ? blk + 4096 * es : bytes;
      if (memcmp(now + blk, e->host_lo + blk, (size_t)(end - blk)) == 0)
        continue;
      for (uint64_t b = blk; b < end; b += es) {
        uint64_t n = end - b < es ? end - b : es;
        const hc_range_t *old;
        const char *sfile = file;
        int sline = line;
        if (memcmp(now + b, e->host_lo + b, (size_t)n) == 0 ||
            hc_list_meet(&hc->dirty, b, b + n))
          continue;
        /* Stale since the call that first made it so. */
        if ((old = hc_list_meet(&hc->stale, b, b + n)) != NULL) {
          sfile = old->file;
          sline = old->line;
        }
        if (stale.n > 0 && stale.v[stale.n - 1].hi == b &&
            stale.v[stale.n - 1].file == sfile &&
            stale.v[stale.n - 1].line == sline) {
          stale.v[stale.n - 1].hi = b + n;
          continue;
        }
        hc_list_push(&stale, (hc_range_t){b, b + n, sfile, sline, 0});
      }
    }
    free(hc->current);
    hc->current = now;
    free(hc->stale.v);
    hc->stale = stale;
    hc_protect_entry(e);
  }
  hc_apply_protection(file, line);
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

  hc_where(r->pc, wfile, sizeof(wfile), &wline, where, sizeof(where));
  if (wfile[0])
    snprintf(where + strlen(where), sizeof(where) - strlen(where),
             " at %s:%d", wfile, wline);
  if (dev >= 0)
    proact__fatal(file, line, col,
                  "PROACT_CHECK_HOST: the host wrote %s[%lld] (%s) inside "
                  "the data region of %s:%d, and no update device(...) sent "
                  "it to the devices before this loop, whose part on device "
                  "%d reads it. Add '#pragma proact update "
                  "device(%s[%lld:1])' (or a section holding every element "
                  "the host writes) after the host's writes",
                  e->name, k, where, e->file, e->line, dev, e->name, k);
  proact__fatal(file, line, col,
                "PROACT_CHECK_HOST: %s copies the devices' older value over "
                "the host's write of %s[%lld] (%s): no update device(...) "
                "sent that write. Add '#pragma proact update "
                "device(%s[%lld:1])' (or a section holding every element "
                "the host writes) after the host's writes",
                what, e->name, k, where, e->name, k);
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

void proact__host_check_loop(const proact__loop_t *loop,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries) {
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
      for (int p = 0; p < loop->nparts; p++) {
        if (loop->lo[p] >= loop->hi[p])
          continue;
        for (long long j = 0; j < proact__loop_part_npieces(loop, p); j++) {
          long long klo, khi, off;
          proact__runs_t runs;
          int exact;
          __int128 at = elo;
          proact__loop_part_piece(loop, p, j, &klo, &khi);
          if (!site->whole &&
              !(proact__runs_of_site(site, desc->first, desc->step, klo, khi,
                                     &runs, &exact) &&
                proact__runs_first_in(&runs, elo, ehi, &at)))
            continue;
          /* Lost only where the devices hold a different value. */
          off = hc_lost(e, dr,
                        (uint64_t)(at * (__int128)array->elem_size - base),
                        site->whole ? dr->hi
                                    : (uint64_t)((at + 1) *
                                                     (__int128)array->elem_size -
                                                 base),
                        0);
          if (off >= 0)
            hc_report_write(e, dr, (uint64_t)off, NULL, desc->file,
                            site->line > 0 ? site->line : desc->line,
                            site->line > 0 ? site->col : desc->col,
                            loop->devs[p]);
        }
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
  for (int i = 0; i < hc_nareas; i++)
    if (hc_areas[i].entry == e) {
      hc_areas[i] = hc_areas[--hc_nareas];
      break;
    }
  free(hc->stale.v);
  free(hc->dirty.v);
  free(hc->current);
  free(hc);
  e->host_check = NULL;
}
