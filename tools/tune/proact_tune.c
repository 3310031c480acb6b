/* proact-tune: times a PROACT program under every configuration of
 * mechanism x chunk size x transfer threads, and writes a profile the
 * Clang plugin bakes into the program (docs/user/tuning.md).
 *
 * Each configuration runs `reps` times, interleaved (run 1 of every
 * configuration, then run 2, ...) so that drift of the machine spreads over
 * all of them; its time is the median over the runs of the sum of the
 * annotated loops' times, their first executions left out (tune_run.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
  double median;
} config_times_t;

static void usage(void) {
  fprintf(stderr,
          "usage: proact-tune [options] -- PROGRAM [ARGS...]\n"
          "  -o FILE     profile to write (default proact.profile)\n"
          "  -r N        runs per configuration (default 3)\n"
          "  -m LIST     mechanisms (default memcpy,poll,trigger,dma,inline)\n"
          "  -c LIST     chunk sizes, K/M suffixes (default "
          "4K,16K,64K,256K,1M,4M,16M)\n"
          "  -t LIST     poll transfer threads (default "
          "32,128,512,2048,8192)\n"
          "  -s TEXT     on stdout lines containing TEXT, what follows it "
          "(TEXT included) must be the same in every run\n"
          "  -T SECONDS  kill a run that takes longer (default 600; 0: no "
          "limit)\n");
  exit(2);
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
      exit(2);
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

  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) {
      prog = argv + i + 1;
      break;
    }
    if (i + 1 >= argc)
      usage();
    if (strcmp(argv[i], "-o") == 0)
      out_path = argv[++i];
    else if (strcmp(argv[i], "-r") == 0)
      reps = atoi(argv[++i]);
    else if (strcmp(argv[i], "-m") == 0)
      mechs = argv[++i];
    else if (strcmp(argv[i], "-c") == 0)
      nchunks = parse_list("-c", argv[++i], chunks);
    else if (strcmp(argv[i], "-t") == 0)
      nthreads = parse_list("-t", argv[++i], threads);
    else if (strcmp(argv[i], "-s") == 0)
      same = argv[++i];
    else if (strcmp(argv[i], "-T") == 0)
      limit_s = atof(argv[++i]);
    else
      usage();
  }
  if (prog == NULL || prog[0] == NULL || reps < 1 || reps > MAX_REPS ||
      limit_s < 0)
    usage();

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
        return 2;
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
  int nloops = 0;
  for (int rep = 0; rep < reps; rep++)
    for (int c = 0; c < nconf; c++) {
      config_times_t *ct = &conf[c];
      tune_result_t r;
      if (ct->failed || ct->wrong)
        continue;
      tune_run(prog, &ct->cfg, limit_s, &r);
      fprintf(stderr, "[%4d/%d] %s: ", rep * nconf + c + 1, reps * nconf,
              config_text(&ct->cfg, buf, sizeof(buf)));
      if (!r.ok) {
        const char *tail = r.err;
        for (int k = 0, n = (int)strlen(r.err); n > 0 && k < 6; n--)
          if (r.err[n - 1] == '\n' && ++k == 6)
            tail = r.err + n;
        fprintf(stderr, "FAILED (%s %d%s)\n%s",
                r.timed_out ? "killed after the time limit, status" : "exit",
                r.status, r.status == 0 ? ", no statistics" : "", tail);
        ct->failed = 1;
        bad = 1;
      } else {
        if (same != NULL) {
          char *lines = checked_lines(r.out, same);
          if (ref_lines == NULL)
            ref_lines = lines;
          else if (strcmp(lines, ref_lines) != 0) {
            fprintf(stderr, "WRONG OUTPUT:\n%sexpected:\n%s", lines,
                    ref_lines);
            ct->wrong = 1;
            bad = 1;
            free(lines);
            tune_result_free(&r);
            continue;
          } else {
            free(lines);
          }
        }
        ct->total[ct->nok++] = tune_result_total(&r);
        fprintf(stderr, "%.3f ms\n", 1e3 * tune_result_total(&r));
        if (first) { /* the loops, as the program reports them */
          nloops = r.nloops;
          memcpy(loops, r.loops, sizeof(loops[0]) * (size_t)nloops);
          first = 0;
        }
      }
      tune_result_free(&r);
    }
  free(ref_lines);

  /* Ranking by median. */
  int order[MAX_CONFIGS], nrank = 0, best = -1, memcpy_at = -1;
  for (int c = 0; c < nconf; c++) {
    if (conf[c].failed || conf[c].wrong || conf[c].nok == 0)
      continue;
    conf[c].median = median(conf[c].total, conf[c].nok);
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
  printf("%-4s %-40s %12s %10s\n", "rank", "configuration", "loops ms",
         "vs memcpy");
  for (int i = 0; i < nrank; i++) {
    const config_times_t *ct = &conf[order[i]];
    char vs[32] = "-";
    if (memcpy_at >= 0)
      snprintf(vs, sizeof(vs), "%.2fx", conf[memcpy_at].median / ct->median);
    printf("%-4d %-40s %12.3f %10s\n", i + 1,
           config_text(&ct->cfg, buf, sizeof(buf)), 1e3 * ct->median, vs);
  }
  {
    char header[512], b1[32];
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof(date), "%Y-%m-%d %H:%M", localtime(&now));
    snprintf(header, sizeof(header),
             "# %s, PROACT_DEVICES=%s, %d runs per configuration\n"
             "# best: %s chunk %s threads %d, %.3f ms (sum of the loops' "
             "warm times, median)%s\n",
             date, getenv("PROACT_DEVICES") ? getenv("PROACT_DEVICES") : "all",
             reps, conf[best].cfg.mech,
             tune_bytes_text(conf[best].cfg.chunk, b1, sizeof(b1)),
             conf[best].cfg.threads, 1e3 * conf[best].median,
             memcpy_at >= 0 ? "; memcpy measured too" : "");
    if (tune_profile_write(out_path, prog, header, loops, nloops,
                           &conf[best].cfg) != 0) {
      fprintf(stderr, "proact-tune: cannot write %s\n", out_path);
      return 1;
    }
  }
  printf("winner (written to %s for %d loops): %s\n", out_path, nloops,
         config_text(&conf[best].cfg, buf, sizeof(buf)));
  if (bad)
    fprintf(stderr, "proact-tune: some configurations failed or printed "
                    "different results (above); they were left out\n");
  return bad ? 1 : 0;
}
