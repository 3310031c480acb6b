/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* proact-tune: times a PROACT program under every configuration of
 * mechanism x chunk size x transfer threads, and writes a profile the
 * Clang plugin bakes into the program (docs/user/tuning.md).
 *
 * Each configuration runs `reps` times, interleaved (run 1 of every
 * configuration, then run 2, ...) so that drift of the machine spreads over
 * all of them; its time is the median over the runs of the sum of the
 * annotated loops' times, their first executions left out (tune_run.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stats.h" /* PROACT__STATS_WARMUP */
#include "tune_profile.h"
#include "tune_run.h"

#define MAX_LIST 16
#define MAX_CONFIGS 512
#define MAX_REPS 32

static const char *const mech_names[] = {"memcpy", "poll", "trigger", "dma",
                                         "inline"};

typedef struct config_times {
  tune_config_t cfg;
  int nok, failed, wrong;
  double total[MAX_REPS];
  double median, min, max;
  /* Each loop's time in each good run (NAN: the run did not report it),
   * in the order of the first run's loops. */
  double loop_t[TUNE_MAX_LOOPS][MAX_REPS];
  /* The mechanism each loop ran with in its last good run ("": none). */
  char ran[TUNE_MAX_LOOPS][16];
} config_times_t;

#define PROGRAM "proact-tune"
#ifndef PROACT_VERSION_STRING
#define PROACT_VERSION_STRING "unknown"
#endif

static void usage(FILE *out) {
  fprintf(out,
          "Usage: " PROGRAM " [OPTION]... [--] PROGRAM [ARGS]...\n"
          "Run PROGRAM under every transfer mechanism, chunk size and poll\n"
          "thread count, rank the configurations by the sum of the annotated\n"
          "loops' times, and write the fastest as a profile the PROACT plugin\n"
          "compiles in (-fplugin-arg-proact-profile=FILE).\n"
          "\n"
          "  -o, --output=FILE       profile to write (default "
          "proact.profile)\n"
          "  -r, --runs=N            runs per configuration, 1-32 (default 3)\n"
          "  -m, --mechs=LIST        mechanisms (default "
          "memcpy,poll,trigger,dma,inline)\n"
          "  -c, --chunks=LIST       chunk sizes, K/M suffixes (default "
          "4K,16K,64K,256K,1M,4M,16M)\n"
          "  -t, --threads=LIST      poll transfer threads (default "
          "32,128,512,2048,8192)\n"
          "  -s, --same=TEXT         on stdout lines containing TEXT, what "
          "follows it\n"
          "                          (TEXT included) must be the same in every "
          "run\n"
          "  -T, --time-limit=SECONDS  kill a run that takes longer (default "
          "600; 0: no limit)\n"
          "  -R, --ranking=FILE      also write the ranking to FILE, JSON or "
          "CSV by its\n"
          "                          extension (.json, .csv)\n"
          "  -L, --per-loop          give each loop the configuration fastest "
          "for it\n"
          "                          where that beats the winner beyond the "
          "runs' spread\n"
          "  -h, --help              display this help and exit\n"
          "  -V, --version           output version information and exit\n"
          "\n"
          "The ranking goes to stdout; a progress line per run, with an "
          "estimate of\n"
          "the time left, to stderr. Exit status: 0 on success, 1 if a "
          "configuration\n"
          "failed or printed different results (it is left out), 2 for a "
          "wrong\n"
          "command line.\n"
          "Documentation: docs/user/tuning.md of the PROACT sources.\n");
}

static _Noreturn void try_help(const char *fmt, const char *arg) {
  if (fmt != NULL) {
    fprintf(stderr, PROGRAM ": ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
  }
  fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
  exit(2);
}

/* A number in [lo, hi], else a command-line error naming opt. */
static double parse_number(const char *opt, const char *s, double lo,
                           double hi) {
  char *end;
  double v;
  errno = 0;
  v = strtod(s, &end);
  if (end == s || *end != '\0' || errno != 0 || v < lo || v > hi) {
    fprintf(stderr, PROGRAM ": invalid %s value '%s' (%g to %g)\n", opt, s,
            lo, hi);
    try_help(NULL, NULL);
  }
  return v;
}

/* Whether stdout took everything: a full disk or a closed pipe must not
 * pass for a ranking. */
static int close_stdout(void) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, PROGRAM ": write error: %s\n", strerror(errno));
    return 1;
  }
  return 0;
}

/* "4K,1M,65536" -> values; exits on a malformed list. */
static int parse_list(const char *opt, const char *s, long long *v) {
  int n = 0;
  char *copy = strdup(s), *save = NULL;
  for (char *tok = strtok_r(copy, ",", &save); tok != NULL;
       tok = strtok_r(NULL, ",", &save)) {
    char *end;
    long long x = strtoll(tok, &end, 10);
    if (*end == 'K' || *end == 'k')
      x <<= 10, end++;
    else if (*end == 'M' || *end == 'm')
      x <<= 20, end++;
    if (*end != '\0' || x <= 0 || n == MAX_LIST) {
      fprintf(stderr, "proact-tune: invalid %s value '%s' (positive "
                      "numbers, at most %d)\n", opt, tok, MAX_LIST);
      try_help(NULL, NULL);
    }
    v[n++] = x;
  }
  free(copy);
  return n;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(const double *v, int n) {
  double s[MAX_REPS];
  memcpy(s, v, (size_t)n * sizeof(*v));
  qsort(s, (size_t)n, sizeof(*s), cmp_double);
  return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

/* The median of v's values that are not NAN; NAN when none is. */
static double median_known(const double *v, int n) {
  double s[MAX_REPS];
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!isnan(v[i]))
      s[k++] = v[i];
  return k > 0 ? median(s, k) : NAN;
}

/* The spread of v's known values: max - min. */
static double spread_known(const double *v, int n) {
  double lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < n; i++)
    if (!isnan(v[i])) {
      lo = v[i] < lo ? v[i] : lo;
      hi = v[i] > hi ? v[i] : hi;
    }
  return hi >= lo ? hi - lo : 0;
}

/* What must not change: on each stdout line containing text, the rest of
 * the line from text on (a line may also carry timings before it). */
static char *checked_lines(const char *out, const char *text) {
  size_t len = 0;
  char *acc = calloc(1, 1);
  for (const char *p = out; p != NULL && *p != '\0';) {
    const char *eol = strchr(p, '\n');
    size_t n = eol != NULL ? (size_t)(eol - p) : strlen(p);
    char *line = strndup(p, n), *at = strstr(line, text);
    if (at != NULL) {
      size_t k = strlen(at);
      acc = realloc(acc, len + k + 2);
      memcpy(acc + len, at, k);
      len += k;
      acc[len++] = '\n';
      acc[len] = '\0';
    }
    free(line);
    p = eol != NULL ? eol + 1 : NULL;
  }
  return acc;
}

static const char *config_text(const tune_config_t *c, char *buf,
                               size_t size) {
  char b[32];
  if (c->threads > 0)
    snprintf(buf, size, "%-7s chunk %-7s threads %d", c->mech,
             tune_bytes_text(c->chunk, b, sizeof(b)), c->threads);
  else
    snprintf(buf, size, "%-7s chunk %-7s", c->mech,
             tune_bytes_text(c->chunk, b, sizeof(b)));
  return buf;
}

/* s as a JSON string. */
static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(f, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else
      fputc(*p, f);
  }
  fputc('"', f);
}

/* The ranking for scripts: every configuration, ranked ones first in their
 * order, then those left out with why. Times in seconds. Written to
 * PATH.tmp and renamed, so that a reader never sees half of it. */
static int write_ranking(const char *path, int json, char *const *prog,
                         int reps, const config_times_t *conf, int nconf,
                         const int *order, int nrank, int memcpy_at) {
  char tmp[4200];
  FILE *f;
  int rc = 0, n = 0;
  snprintf(tmp, sizeof(tmp), "%s.tmp", path);
  if ((f = fopen(tmp, "w")) == NULL)
    return -1;
  if (json) {
    fprintf(f, "{\n  \"format\": \"proact-tune-ranking\",\n  \"version\": 1,"
               "\n  \"proact_version\": \"%s\",\n  \"program\": [",
            PROACT_VERSION_STRING);
    for (char *const *a = prog; *a != NULL; a++) {
      fputs(a == prog ? "" : ", ", f);
      json_string(f, *a);
    }
    fprintf(f, "],\n  \"runs_per_configuration\": %d,\n"
               "  \"warmup_executions\": %d,\n  \"configurations\": [",
            reps, PROACT__STATS_WARMUP);
  } else {
    fputs("rank,mech,chunk_bytes,threads,status,runs,median_seconds,"
          "vs_memcpy,min_seconds,max_seconds\n", f);
  }
  /* ranked first (i < nrank), then the others in their order */
  for (int i = 0; i < nrank + nconf; i++) {
    int c = i < nrank ? order[i] : i - nrank, ranked = i < nrank;
    const config_times_t *ct = &conf[c];
    const char *status = ct->failed ? "failed"
                         : ct->wrong ? "wrong_output"
                         : ct->nok == 0 ? "not_run"
                                        : "ok";
    char rank[16] = "", med[32] = "", vs[32] = "", lo[32] = "", hi[32] = "";
    if (!ranked && strcmp(status, "ok") == 0)
      continue; /* listed as ranked */
    if (ranked) {
      snprintf(rank, sizeof(rank), "%d", i + 1);
      snprintf(med, sizeof(med), "%.9f", ct->median);
      snprintf(lo, sizeof(lo), "%.9f", ct->min);
      snprintf(hi, sizeof(hi), "%.9f", ct->max);
      if (memcpy_at >= 0)
        snprintf(vs, sizeof(vs), "%.4f", conf[memcpy_at].median / ct->median);
    }
    if (json) {
      fprintf(f, "%s\n    {\"rank\": %s, \"mech\": \"%s\", \"chunk_bytes\": "
                 "%lld, \"threads\": %d, \"status\": \"%s\", \"runs\": %d, "
                 "\"median_seconds\": %s, \"vs_memcpy\": %s, "
                 "\"min_seconds\": %s, \"max_seconds\": %s, "
                 "\"run_seconds\": [",
              n++ ? "," : "", ranked ? rank : "null", ct->cfg.mech,
              ct->cfg.chunk, ct->cfg.threads, status, ct->nok,
              ranked ? med : "null", vs[0] ? vs : "null",
              ranked ? lo : "null", ranked ? hi : "null");
      for (int k = 0; k < ct->nok; k++)
        fprintf(f, "%s%.9f", k ? ", " : "", ct->total[k]);
      fputs("]}", f);
    } else {
      fprintf(f, "%s,%s,%lld,%d,%s,%d,%s,%s,%s,%s\n", rank, ct->cfg.mech,
              ct->cfg.chunk, ct->cfg.threads, status, ct->nok, med, vs, lo,
              hi);
    }
  }
  if (json)
    fputs(n ? "\n  ]\n}\n" : "]\n}\n", f);
  if (ferror(f))
    rc = -1;
  if (fclose(f) != 0 || rc != 0 || rename(tmp, path) != 0) {
    int err = errno;
    unlink(tmp);
    errno = err;
    return -1;
  }
  return 0;
}

/* Files run r's loop times in ct's next run slot, by the loops of the
 * first run (matched by key and id): each loop's warm time where every
 * loop has one, else its whole time, as tune_result_total sums them. */
static void record_loops(config_times_t *ct, const tune_result_t *r,
                         const tune_loop_time_t *loops, int nloops) {
  int all_warm = r->nloops > 0;
  for (int i = 0; i < r->nloops; i++)
    all_warm &= r->loops[i].warm > 0;
  for (int j = 0; j < nloops; j++) {
    ct->loop_t[j][ct->nok] = NAN;
    for (int i = 0; i < r->nloops; i++)
      if (strcmp(r->loops[i].key, loops[j].key) == 0 &&
          r->loops[i].id == loops[j].id) {
        ct->loop_t[j][ct->nok] =
            all_warm ? r->loops[i].warm : r->loops[i].seconds;
        snprintf(ct->ran[j], sizeof(ct->ran[j]), "%s", r->loops[i].mech);
        break;
      }
  }
}

/* What loop j of configuration ct is written as: the mechanism it ran
 * with where that is another pushing one (mech(inline) falls back to
 * trigger for a store it cannot forward), so that the profile asks for
 * what was measured and compiling with it warns of no fallback; memcpy
 * (nothing to push on these devices) keeps the configuration's. */
static const tune_config_t *ran_config(const config_times_t *ct, int j,
                                       tune_config_t *out) {
  const char *ran = ct->ran[j];
  static const char *const names[] = {"poll", "trigger", "dma", "inline"};
  if (ran[0] == '\0' || strcmp(ran, ct->cfg.mech) == 0 ||
      strcmp(ran, "memcpy") == 0)
    return &ct->cfg;
  *out = ct->cfg;
  out->mech = NULL;
  for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
    if (strcmp(ran, names[k]) == 0)
      out->mech = names[k];
  if (out->mech == NULL)
    return &ct->cfg;
  if (strcmp(out->mech, "poll") != 0)
    out->threads = 0;
  return out;
}

/* The runs still to come after run (rep, c): those of configurations not
 * yet left out. */
static int runs_left(const config_times_t *conf, int nconf, int reps, int rep,
                     int c) {
  int n = 0;
  for (int r = rep; r < reps; r++)
    for (int k = r == rep ? c + 1 : 0; k < nconf; k++)
      n += !conf[k].failed && !conf[k].wrong;
  return n;
}

int main(int argc, char **argv) {
  const char *out_path = "proact.profile", *same = NULL;
  const char *mechs = "memcpy,poll,trigger,dma,inline";
  long long chunks[MAX_LIST], threads[MAX_LIST];
  int nchunks = parse_list("-c", "4K,16K,64K,256K,1M,4M,16M", chunks);
  int nthreads = parse_list("-t", "32,128,512,2048,8192", threads);
  int reps = 3, nconf = 0, first = 1, bad = 0;
  double limit_s = 600;
  static config_times_t conf[MAX_CONFIGS];
  char *ref_lines = NULL, buf[128];
  char **prog = NULL;

  static const struct option options[] = {
      {"output", required_argument, NULL, 'o'},
      {"runs", required_argument, NULL, 'r'},
      {"mechs", required_argument, NULL, 'm'},
      {"chunks", required_argument, NULL, 'c'},
      {"threads", required_argument, NULL, 't'},
      {"same", required_argument, NULL, 's'},
      {"time-limit", required_argument, NULL, 'T'},
      {"ranking", required_argument, NULL, 'R'},
      {"per-loop", no_argument, NULL, 'L'},
      {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},
      {NULL, 0, NULL, 0}};
  const char *ranking = NULL;
  int ranking_json = 0, per_loop = 0, opt;

  /* '+': options end at the program, whose own options are its own */
  while ((opt = getopt_long(argc, argv, "+o:r:m:c:t:s:T:R:LhV", options,
                            NULL)) != -1) {
    switch (opt) {
    case 'o':
      out_path = optarg;
      break;
    case 'r':
      reps = (int)parse_number("--runs", optarg, 1, MAX_REPS);
      if (strspn(optarg, "0123456789") != strlen(optarg))
        try_help("invalid --runs value '%s' (a whole number)", optarg);
      break;
    case 'm':
      mechs = optarg;
      break;
    case 'c':
      nchunks = parse_list("--chunks", optarg, chunks);
      break;
    case 't':
      nthreads = parse_list("--threads", optarg, threads);
      break;
    case 's':
      same = optarg;
      break;
    case 'T':
      limit_s = parse_number("--time-limit", optarg, 0, 1e9);
      break;
    case 'R': {
      size_t n = strlen(optarg);
      ranking = optarg;
      ranking_json = n > 5 && strcmp(optarg + n - 5, ".json") == 0;
      if (!ranking_json && !(n > 4 && strcmp(optarg + n - 4, ".csv") == 0))
        try_help("--ranking '%s' ends neither in .json nor in .csv", optarg);
      break;
    }
    case 'L':
      per_loop = 1;
      break;
    case 'h':
      usage(stdout);
      return close_stdout();
    case 'V':
      printf(PROGRAM " (PROACT) %s\n", PROACT_VERSION_STRING);
      return close_stdout();
    default: /* getopt_long has named the option */
      try_help(NULL, NULL);
    }
  }
  prog = argv + optind;
  if (prog[0] == NULL)
    try_help("no program to run%s", "");
  /* The runs set PROACT_CHUNK and PROACT_THREADS, which the runtime
   * checks like the clauses: a value outside would fail every run. */
  for (int c = 0; c < nchunks; c++)
    if (chunks[c] < 256 || chunks[c] > (1LL << 30)) {
      fprintf(stderr, PROGRAM ": invalid --chunks value %lld (256 to 1G "
                      "bytes, as chunk(...))\n", chunks[c]);
      try_help(NULL, NULL);
    }
  for (int t = 0; t < nthreads; t++)
    if (threads[t] < 32 || threads[t] > 8192 || threads[t] % 32 != 0) {
      fprintf(stderr, PROGRAM ": invalid --threads value %lld (a multiple "
                      "of 32 from 32 to 8192, as threads(...))\n",
              threads[t]);
      try_help(NULL, NULL);
    }

  /* The configurations: memcpy has no chunks; only poll has transfer
   * threads (trigger and inline push with the loop's own threads, dma with
   * copy engines). */
  {
    char *copy = strdup(mechs), *save = NULL;
    for (char *m = strtok_r(copy, ",", &save); m != NULL;
         m = strtok_r(NULL, ",", &save)) {
      const char *name = NULL;
      for (size_t k = 0; k < sizeof(mech_names) / sizeof(*mech_names); k++)
        if (strcmp(m, mech_names[k]) == 0)
          name = mech_names[k];
      if (name == NULL) {
        fprintf(stderr, "proact-tune: unknown mechanism '%s' (memcpy, poll, "
                        "trigger, dma, inline)\n", m);
        try_help(NULL, NULL);
      }
      for (int c = 0; c < (strcmp(name, "memcpy") ? nchunks : 1); c++)
        for (int t = 0; t < (strcmp(name, "poll") ? 1 : nthreads); t++) {
          if (nconf == MAX_CONFIGS) {
            fprintf(stderr, "proact-tune: more than %d configurations\n",
                    MAX_CONFIGS);
            return 2;
          }
          conf[nconf].cfg.mech = name;
          conf[nconf].cfg.chunk = strcmp(name, "memcpy") ? chunks[c] : 0;
          conf[nconf].cfg.threads =
              strcmp(name, "poll") ? 0 : (int)threads[t];
          nconf++;
        }
    }
    /* name pointers are static; the copy can go */
    free(copy);
  }

  fprintf(stderr, "proact-tune: %d configurations x %d runs of %s\n", nconf,
          reps, prog[0]);
  tune_loop_time_t loops[TUNE_MAX_LOOPS];
  int nloops = 0, nruns = 0;
  double wall = 0; /* seconds of the runs so far, for the estimate */
  char dir[4096], stats_path[4200];
  {
    /* The runs' statistics files, in a directory of our own. */
    const char *tmpdir = getenv("TMPDIR");
    snprintf(dir, sizeof(dir), "%s/proact-tune-XXXXXX",
             tmpdir != NULL && tmpdir[0] != '\0' ? tmpdir : "/tmp");
    if (mkdtemp(dir) == NULL) {
      fprintf(stderr, PROGRAM ": cannot create a directory %s: %s\n", dir,
              strerror(errno));
      return 1;
    }
    snprintf(stats_path, sizeof(stats_path), "%s/stats.csv", dir);
  }
  for (int rep = 0; rep < reps; rep++)
    for (int c = 0; c < nconf; c++) {
      config_times_t *ct = &conf[c];
      tune_result_t r;
      char verdict[512], *wrong_lines = NULL;
      if (ct->failed || ct->wrong)
        continue;
      tune_run(prog, &ct->cfg, limit_s, stats_path, &r);
      wall += r.wall;
      nruns++;
      if (!r.ok) {
        snprintf(verdict, sizeof(verdict), "FAILED (%s %d%s%s)",
                 r.timed_out ? "killed after the time limit, status" : "exit",
                 r.status, r.status == 0 ? ", no statistics: " : "",
                 r.status == 0 ? r.why : "");
        ct->failed = 1;
        bad = 1;
      } else if (same != NULL) {
        char *lines = checked_lines(r.out, same);
        if (ref_lines == NULL)
          ref_lines = lines;
        else if (strcmp(lines, ref_lines) != 0) {
          snprintf(verdict, sizeof(verdict), "WRONG OUTPUT");
          ct->wrong = 1;
          bad = 1;
          wrong_lines = lines;
        } else {
          free(lines);
        }
      }
      if (r.ok && !ct->wrong) {
        if (first) { /* the loops, as the program reports them */
          nloops = r.nloops;
          memcpy(loops, r.loops, sizeof(loops[0]) * (size_t)nloops);
          first = 0;
        }
        record_loops(ct, &r, loops, nloops);
        ct->total[ct->nok++] = tune_result_total(&r);
        snprintf(verdict, sizeof(verdict), "%.3f ms (run %.2f s)",
                 1e3 * tune_result_total(&r), r.wall);
      }
      /* One line per run: what it measured, and how long the rest should
       * take at the mean pace so far. */
      fprintf(stderr, "[%4d/%d] %s: %s; about %.0f s left\n",
              rep * nconf + c + 1, reps * nconf,
              config_text(&ct->cfg, buf, sizeof(buf)), verdict,
              wall / nruns * runs_left(conf, nconf, reps, rep, c));
      if (ct->failed) {
        const char *tail = r.err;
        for (int k = 0, n = (int)strlen(r.err); n > 0 && k < 6; n--)
          if (r.err[n - 1] == '\n' && ++k == 6)
            tail = r.err + n;
        fputs(tail, stderr);
      }
      if (wrong_lines != NULL) {
        fprintf(stderr, "%sexpected:\n%s", wrong_lines, ref_lines);
        free(wrong_lines);
      }
      tune_result_free(&r);
    }
  free(ref_lines);
  rmdir(dir);

  /* Ranking by median. */
  int order[MAX_CONFIGS], nrank = 0, best = -1, memcpy_at = -1;
  for (int c = 0; c < nconf; c++) {
    if (conf[c].failed || conf[c].wrong || conf[c].nok == 0)
      continue;
    conf[c].median = median(conf[c].total, conf[c].nok);
    conf[c].min = conf[c].max = conf[c].total[0];
    for (int k = 1; k < conf[c].nok; k++) {
      conf[c].min = conf[c].total[k] < conf[c].min ? conf[c].total[k]
                                                   : conf[c].min;
      conf[c].max = conf[c].total[k] > conf[c].max ? conf[c].total[k]
                                                   : conf[c].max;
    }
    order[nrank++] = c;
    if (strcmp(conf[c].cfg.mech, "memcpy") == 0)
      memcpy_at = c;
  }
  for (int i = 1; i < nrank; i++) /* insertion sort: few entries */
    for (int j = i; j > 0 && conf[order[j]].median < conf[order[j - 1]].median;
         j--) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  if (nrank == 0) {
    fprintf(stderr, "proact-tune: no configuration ran successfully\n");
    return 1;
  }
  best = order[0];
  printf("proact-tune: %s, %d runs per configuration; time = sum of the "
         "annotated loops' times after their first %d executions, median\n",
         prog[0], reps, PROACT__STATS_WARMUP);
  printf("%-4s %-40s %12s %10s %12s\n", "rank", "configuration", "loops ms",
         "vs memcpy", "spread ms");
  /* A rank whose lead over the next is smaller than the spread of either's
   * runs (max - min) is marked '~': the order of the two is noise. */
  int noisy = 0, noisy_top = 0;
  for (int i = 0; i < nrank; i++) {
    const config_times_t *ct = &conf[order[i]];
    char vs[32] = "-";
    int close = 0;
    if (memcpy_at >= 0)
      snprintf(vs, sizeof(vs), "%.2fx", conf[memcpy_at].median / ct->median);
    if (i + 1 < nrank) {
      const config_times_t *next = &conf[order[i + 1]];
      double gap = next->median - ct->median;
      close = ct->max - ct->min > gap || next->max - next->min > gap;
      noisy += close;
      noisy_top |= close && i == 0;
    }
    printf("%-4d %-40s %12.3f %10s %12.3f%s\n", i + 1,
           config_text(&ct->cfg, buf, sizeof(buf)), 1e3 * ct->median, vs,
           1e3 * (ct->max - ct->min), close ? " ~" : "");
  }
  if (reps == 1)
    fprintf(stderr, PROGRAM ": warning: one run per configuration shows no "
                    "spread; the ranking may be noise (-r 3 or more)\n");
  else if (noisy_top)
    fprintf(stderr,
            PROGRAM ": warning: the winner leads rank 2 by %.3f ms, less than "
            "the spread of their runs (%.3f and %.3f ms): the choice between "
            "them is noise; use more runs (-r) or a quieter machine\n",
            1e3 * (conf[order[1]].median - conf[best].median),
            1e3 * (conf[best].max - conf[best].min),
            1e3 * (conf[order[1]].max - conf[order[1]].min));
  else if (noisy)
    fprintf(stderr, PROGRAM ": warning: %d ranks (marked ~) lead the next by "
                    "less than their runs' spread\n", noisy);

  /* Each loop's own fastest configuration: a loop leaves the winner only
   * where its own median beats the winner's for it by more than the
   * spread of both (its time also carries what its transfers cost the
   * loops after it, which runs of one configuration cannot separate). */
  const tune_config_t *chosen[TUNE_MAX_LOOPS];
  tune_config_t ran_cfg[TUNE_MAX_LOOPS];
  int ndiffer = 0;
  for (int j = 0; j < nloops; j++) {
    const config_times_t *w = &conf[best];
    double wt = median_known(w->loop_t[j], w->nok);
    double ws = spread_known(w->loop_t[j], w->nok);
    int pick = best;
    double pt = wt;
    for (int i = 0; i < nrank; i++) {
      const config_times_t *ct = &conf[order[i]];
      double t = median_known(ct->loop_t[j], ct->nok);
      if (!isnan(t) && !isnan(wt) && reps > 1 &&
          wt - t > ws + spread_known(ct->loop_t[j], ct->nok) &&
          (pick == best || t < pt)) {
        pick = order[i];
        pt = t;
      }
    }
    chosen[j] = ran_config(&conf[pick], j, &ran_cfg[j]);
    if (pick != best) {
      if (ndiffer++ == 0)
        printf("loops whose own fastest configuration beats the winner "
               "beyond the runs' spread:\n%-28s %-40s %10s %10s\n", "loop",
               "configuration", "its ms", "winner ms");
      printf("%-28s %-40s %10.3f %10.3f\n", loops[j].key,
             config_text(&conf[pick].cfg, buf, sizeof(buf)), 1e3 * pt,
             1e3 * wt);
    }
    if (!per_loop)
      chosen[j] = ran_config(&conf[best], j, &ran_cfg[j]);
  }
  {
    char header[512], b1[32];
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof(date), "%Y-%m-%d %H:%M", localtime(&now));
    snprintf(header, sizeof(header),
             "# %s, PROACT_DEVICES=%s, %d runs per configuration\n"
             "# best: %s chunk %s threads %d, %.3f ms (sum of the loops' "
             "warm times, median)%s%s\n",
             date, getenv("PROACT_DEVICES") ? getenv("PROACT_DEVICES") : "all",
             reps, conf[best].cfg.mech,
             tune_bytes_text(conf[best].cfg.chunk, b1, sizeof(b1)),
             conf[best].cfg.threads, 1e3 * conf[best].median,
             memcpy_at >= 0 ? "; memcpy measured too" : "",
             per_loop && ndiffer ? "; loops that differ: their own fastest"
                                 : "");
    if (tune_profile_write(out_path, prog, header, loops, nloops, chosen) !=
        0) {
      fprintf(stderr, "proact-tune: cannot write %s\n", out_path);
      return 1;
    }
  }
  printf("winner (written to %s for %d loops): %s\n", out_path,
         nloops - (per_loop ? ndiffer : 0),
         config_text(&conf[best].cfg, buf, sizeof(buf)));
  if (ndiffer)
    printf("%s\n", per_loop
                       ? "the loops above have their own configurations in "
                         "the profile; compile it in and time the program to "
                         "confirm the mix"
                       : "the loops above keep the winner's configuration; "
                         "--per-loop gives them their own");
  if (ranking != NULL &&
      write_ranking(ranking, ranking_json, prog, reps, conf, nconf, order,
                    nrank, memcpy_at) != 0) {
    fprintf(stderr, PROGRAM ": cannot write the ranking to %s: %s\n",
            ranking, strerror(errno));
    return 1;
  }
  if (close_stdout() != 0)
    return 1;
  if (bad)
    fprintf(stderr, "proact-tune: some configurations failed or printed "
                    "different results (above); they were left out\n");
  return bad ? 1 : 0;
}
